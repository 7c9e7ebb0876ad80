import type { ObjectEventBus } from '../events/object-events.js';
import { createTypedBus, type TypedBus } from '../events/typed-bus.js';
import type { IamSystem } from '../iam/index.js';
import type { StoreLog } from '../log/store-log.js';
import type { ObjectLayer } from '../object-layer/types.js';
import type { StoreOptions } from '../server.js';

/**
 * Current usage of buckets, filled in by the background scanner (admin side). The S3 PUT path asks it
 * to enforce hard bucket quotas; when absent, quotas cannot be enforced and are not.
 */
export interface UsageProvider {
  /** Bytes currently stored in the bucket (all versions), as last measured. */
  bucketSize(bucket: string): Promise<number>;
}

/** One finished HTTP request, published on {@link StoreContext.trace} for admin `trace` streams. */
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

/**
 * Everything a request handler (S3, admin, STS) needs from the running store. Built once by
 * `startStore` and passed to every handler; the admin side may fill in the optional hooks
 * (`usage`, `onServiceAction`) after start.
 */
export interface StoreContext {
  layer: ObjectLayer;
  iam: IamSystem;
  options: StoreOptions;
  startedAt: Date;
  /** Region the store reports (GetBucketLocation, admin info); 'us-east-1' when not configured. */
  region: string;
  /** The public base URL, e.g. `http://127.0.0.1:9000` (real port once listening). */
  url: string;
  /** Stable id of this deployment (kept in the system store). */
  deploymentId: string;
  /** Virtual-host domains (`bucket.<domain>`), lower-case. */
  domains: string[];
  /** Bucket usage for quota enforcement; set by the scanner when it runs. */
  usage?: UsageProvider;
  /** Finished requests, for admin trace. */
  trace: TraceBus;
  /** Committed object changes, for bucket notifications (ListenBucketNotification). */
  events: ObjectEventBus;
  /** The server's own log (drive state, background failures, internal errors), for admin `log`. */
  log: StoreLog;
  /** Aborted when close() begins: long-lived streams (admin trace) end then, so the drain need not wait. */
  shutdown: AbortSignal;
  /**
   * Hook for admin `service?action=restart|stop`; the console's main process may set it. When
   * absent, the admin handler answers NotImplemented for those actions.
   */
  onServiceAction?: (action: 'restart' | 'stop' | 'freeze' | 'unfreeze') => Promise<void>;
}
