// Wire types of the health report stream (madmin-go health.go).

/** What `GET /healthinfo` may collect; each is sent as a `true`/`false` query flag. */
export type HealthDataType =
  | 'minioinfo'
  | 'minioconfig'
  | 'syscpu'
  | 'sysdrivehw'
  | 'sysdocker'
  | 'sysosinfo'
  | 'sysload'
  | 'sysmem'
  | 'sysnet'
  | 'sysprocess'
  | 'syserrors'
  | 'sysservices'
  | 'sysconfig';

/**
 * One snapshot of the health report; the server sends ever more complete snapshots and the last one
 * is the report. The body is large and version-dependent, so only the envelope is typed.
 */
export interface HealthInfo {
  version?: string;
  error?: string;
  timestamp?: string;
  sys?: Record<string, unknown>;
  minio?: { info?: Record<string, unknown>; config?: unknown; error?: string };
  [key: string]: unknown;
}
