// SPDX-License-Identifier: Apache-2.0
import { createTypedBus, type TypedBus } from './typed-bus.js';

/**
 * One finished HTTP request, published by the HTTP edge (../http/dispatch.ts) for admin `trace` streams
 * and audit records (../logging/audit-record.ts).
 */
export interface TraceEvent {
  time: Date;
  /** 's3' | 'admin' | 'sts' | 'health'. */
  api: 's3' | 'admin' | 'sts' | 'health';
  /** Operation name, e.g. `s3.PutObject`, `admin.ListUsers`. */
  funcName: string;
  /** The API's handler name where it differs from `funcName`'s (admin: `ServerInfo` for `admin.info`). */
  apiName?: string;
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
  /** Nanoseconds until the response headers were written (undefined when none were). */
  timeToFirstByteNs?: number;
  /** The access key the request was signed with ('' for anonymous requests). */
  accessKey: string;
  /** The user a service account or STS session acts for ('' when not known or not one). */
  parentUser: string;
  /** Bucket and object the request addressed ('' when none). */
  bucket: string;
  object: string;
  /** `Host` header and `User-Agent` of the request. */
  host: string;
  userAgent: string;
}

/** Finished requests: `trace.on('request', (e) => ...)`. */
export type TraceBus = TypedBus<'request', TraceEvent>;

/** Creates the bus the server publishes finished requests on. */
export function createTraceBus(): TraceBus {
  return createTypedBus();
}
