// SPDX-License-Identifier: Apache-2.0
import { z } from 'zod';

/** Which calls a trace follows (spec 3 §7 `/ws/trace` `calls`). */
export const traceCallKinds = ['all', 's3', 'internal', 'storage', 'os'] as const;
export type TraceCallKind = (typeof traceCallKinds)[number];

const optionalText = z
  .string()
  .trim()
  .max(1024)
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/**
 * The query of `GET /ws/trace` (spec 3 §7, §5 "threshold at least 0"). `threshold` is in milliseconds;
 * `statusCode`, `method`, `funcname` and `path` narrow what is sent (status and method match exactly, the
 * function name and path as substrings, ignoring case).
 */
export const traceQuerySchema = z
  .object({
    calls: z.enum(traceCallKinds).default('all'),
    threshold: z.coerce
      .number({ error: 'Threshold must be a number' })
      .int('Threshold must be a whole number of milliseconds')
      .min(0, 'Threshold must be at least 0')
      .default(0),
    onlyErrors: z.enum(['yes', 'no']).default('no'),
    statusCode: z
      .string()
      .trim()
      .regex(/^(\d{3})?$/, 'Status code must be three digits')
      .optional()
      .transform((v) => (v ? Number(v) : undefined)),
    method: optionalText,
    funcname: optionalText,
    path: optionalText,
  })
  .meta({ id: 'TraceQuery' });
export type TraceQuery = z.input<typeof traceQuerySchema>;

/** One traced call sent over `/ws/trace` (spec 3 §3 "Trace message"). */
export const traceMessageSchema = z
  .object({
    /** ISO time the call started. */
    time: z.string(),
    /** Function name, e.g. `s3.PutObject`. */
    api: z.string(),
    method: z.string(),
    path: z.string(),
    statusCode: z.number().int(),
    /** The status code's reason phrase ('OK', 'Not Found'). */
    statusMsg: z.string(),
    /** The server that handled it. */
    host: z.string(),
    /** The caller's address. */
    client: z.string(),
    /** The error code, when the call failed. */
    error: z.string().optional(),
    callStats: z.object({
      /** Milliseconds. */
      duration: z.number().nonnegative(),
      /** Bytes received. */
      rx: z.number().nonnegative(),
      /** Bytes sent. */
      tx: z.number().nonnegative(),
    }),
  })
  .meta({ id: 'TraceMessage' });
export type TraceMessage = z.infer<typeof traceMessageSchema>;

/** The query of `GET /ws/watch/{bucket}` (spec 3 §7): keys starting with `prefix` and ending in `suffix`. */
export const watchQuerySchema = z
  .object({
    prefix: z.string().max(1024).default(''),
    suffix: z.string().max(1024).default(''),
  })
  .meta({ id: 'WatchQuery' });
export type WatchQuery = z.input<typeof watchQuerySchema>;

/** One change to an object, sent over `/ws/watch/{bucket}` (spec 3 §3 "Watch event"). */
export const watchMessageSchema = z
  .object({
    /** ISO time of the change. */
    time: z.string(),
    /** Bytes of the new version; 0 for removals. */
    size: z.number().nonnegative(),
    /** The S3 event name, e.g. `s3:ObjectCreated:Put`, `s3:ObjectRemoved:Delete`. */
    type: z.string(),
    /** The object's key. */
    path: z.string(),
  })
  .meta({ id: 'WatchMessage' });
export type WatchMessage = z.infer<typeof watchMessageSchema>;

/** One entry of the server's error log, sent over `/ws/console` (spec 3 §3 "Console log message"). */
export const consoleLogMessageSchema = z
  .object({
    /** ERROR, WARNING or INFO. */
    level: z.string(),
    time: z.string(),
    /** What happened, for people. */
    ConsoleMsg: z.string(),
    error: z.object({ message: z.string(), source: z.array(z.string()) }).optional(),
    api: z.object({ name: z.string() }).optional(),
    deploymentid: z.string().optional(),
    requestID: z.string().optional(),
    remotehost: z.string().optional(),
    /** The server that logged it. */
    host: z.string().optional(),
    userAgent: z.string().optional(),
  })
  .meta({ id: 'ConsoleLogMessage' });
export type ConsoleLogMessage = z.infer<typeof consoleLogMessageSchema>;
