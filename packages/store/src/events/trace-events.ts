import { createTypedBus, type TypedBus } from './typed-bus.js';

/** One finished HTTP request, published by the HTTP edge (../http/dispatch.ts) for admin `trace` streams. */
export interface TraceEvent {
  time: Date;
  /** 's3' | 'admin' | 'sts' | 'health'. */
  api: 's3' | 'admin' | 'sts' | 'health';
  /** Operation name, e.g. `s3.PutObject`, `admin.ListUsers`. */
  funcName: string;
  method: string;
  path: string;
  rawQuery: string;
  requestHeaders: Record<string, string>;
  responseHeaders: Record<string, string>;
  statusCode: number;
  clientIp: string;
  /** Wall time spent, nanoseconds (madmin's `dur`). */
  durationNs: number;
  inputBytes: number;
  outputBytes: number;
  /** S3/admin error code when the request failed. */
  error?: string;
  requestId: string;
}

/** Finished requests: `trace.on('request', (e) => ...)`. */
export type TraceBus = TypedBus<'request', TraceEvent>;

/** Creates the bus the server publishes finished requests on. */
export function createTraceBus(): TraceBus {
  return createTypedBus();
}
