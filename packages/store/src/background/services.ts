import type { ObjectEventBus } from '../events/object-events.js';
import type { IamSystem } from '../iam/index.js';
import type { ObjectLayer } from '../object-layer/types.js';
import { DataUsageScanner } from './scanner.js';

/** The store's background work behind S3 quotas and the admin API: the usage scanner and STS expiry. */
export interface BackgroundServices {
  /** Bucket usage, fed by the object event bus; the context's `usage`. */
  scanner: DataUsageScanner;
  stop(): Promise<void>;
}

/** What the services work on. */
export interface BackgroundDeps {
  layer: ObjectLayer;
  iam: IamSystem;
  events: ObjectEventBus;
}

export interface BackgroundServicesOptions {
  /** Full usage rescan period (default 60 s). */
  scanIntervalMs?: number;
  /** Delay before a written bucket is rescanned (default 1 s). */
  dirtyDelayMs?: number;
}

/**
 * Starts the background services of a store, before its context is built (the scanner becomes the
 * context's `usage`): the usage scanner (following committed writes on `events`, so hard quotas are
 * enforced), bucket policies for anonymous requests, and a periodic purge of expired STS sessions.
 * `startStore` calls it and `stop()` on close.
 */
export function startBackgroundServices(
  deps: BackgroundDeps,
  options: BackgroundServicesOptions = {},
): BackgroundServices {
  const { layer, iam, events } = deps;
  const scanner = new DataUsageScanner(layer, {
    ...(options.scanIntervalMs !== undefined ? { intervalMs: options.scanIntervalMs } : {}),
    ...(options.dirtyDelayMs !== undefined ? { dirtyDelayMs: options.dirtyDelayMs } : {}),
    onError: () => undefined,
  });
  scanner.observe(events);
  scanner.start();
  iam.useBucketPolicies((bucket) => layer.getBucketConfig(bucket, 'policy'), false);
  const purge = setInterval(() => {
    void iam.purgeExpiredSessions().catch(() => undefined);
  }, 10 * 60_000);
  purge.unref();
  return {
    scanner,
    async stop() {
      clearInterval(purge);
      await scanner.stop();
    },
  };
}
