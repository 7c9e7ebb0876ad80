// Wire types of the console-log stream (madmin-go api-log.go, api-log-entry.go).

export type LogKind = 'MINIO' | 'APPLICATION' | 'ALL';

/** Query of `GET /log`. */
export interface LogOpts {
  /** Only this node (empty: all). */
  node?: string;
  /** How many past entries to replay first; 10 by default. */
  limit?: number;
  logType?: LogKind;
}

export interface LogArgs {
  bucket?: string;
  object?: string;
  metadata?: Record<string, string>;
}

export interface LogTrace {
  message?: string;
  source?: string[];
  variables?: Record<string, string>;
}

/** One log entry. */
export interface LogInfo {
  deploymentid?: string;
  level: string;
  errKind: string;
  time: string;
  api?: { name?: string; args?: LogArgs };
  remotehost?: string;
  host?: string;
  requestID?: string;
  userAgent?: string;
  message?: string;
  error?: LogTrace;
  ConsoleMsg?: string;
  node?: string;
}
