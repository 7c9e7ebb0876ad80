// SPDX-License-Identifier: Apache-2.0
// Wire types of the console-log stream (madmin-go api-log.go, api-log-entry.go).
import { z } from 'zod';

/** Which log entries `GET /log` sends. */
export type LogKind = 'MINIO' | 'APPLICATION' | 'ALL';

/** Query of `GET /log`. */
export interface LogOpts {
  /** Only this node (empty: all). */
  node?: string;
  /** How many past entries to replay first; 10 by default. */
  limit?: number;
  logType?: LogKind;
}

/** The arguments of the API call a log entry is about. */
export const logArgsSchema = z.object({
  bucket: z.string().optional(),
  object: z.string().optional(),
  metadata: z.record(z.string(), z.string()).optional(),
});
export type LogArgs = z.infer<typeof logArgsSchema>;

/** The error of a log entry and where it was raised. */
export const logTraceSchema = z.object({
  message: z.string().optional(),
  source: z.array(z.string()).optional(),
  variables: z.record(z.string(), z.string()).optional(),
});
export type LogTrace = z.infer<typeof logTraceSchema>;

/** One log entry. */
export const logInfoSchema = z.object({
  deploymentid: z.string().optional(),
  level: z.string(),
  errKind: z.string(),
  time: z.string(),
  api: z.object({ name: z.string().optional(), args: logArgsSchema.optional() }).optional(),
  remotehost: z.string().optional(),
  host: z.string().optional(),
  requestID: z.string().optional(),
  userAgent: z.string().optional(),
  message: z.string().optional(),
  error: logTraceSchema.optional(),
  ConsoleMsg: z.string().optional(),
  node: z.string().optional(),
});
export type LogInfo = z.infer<typeof logInfoSchema>;
