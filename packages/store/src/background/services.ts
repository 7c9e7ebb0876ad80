// SPDX-License-Identifier: Apache-2.0
import type { Clock } from '../core/clock.js';
import type { ObjectEventBus } from '../events/object-events.js';
import type { IamSystem } from '../iam/index.js';
import type { ObjectLayer } from '../object-layer/types.js';
import { LifecycleScanner, type LifecycleTiers } from './lifecycle-scan.js';
import { type HealPacing, healWait } from './pacing.js';
import { DataUsageScanner } from './scanner.js';

/** The store's background work behind S3 quotas and the admin API: the usage scanner and STS expiry. */
export interface BackgroundServices {
  /** Bucket usage, fed by the object event bus; the context's `usage`. */
  scanner: DataUsageScanner;
  /** The lifecycle pass (expiry, noncurrent expiry, upload abort, transition). */
  lifecycle: LifecycleScanner;
  stop(): Promise<void>;
}

/** What the services work on. */
export interface BackgroundDeps {
  layer: ObjectLayer;
  iam: IamSystem;
  events: ObjectEventBus;
  /** Where lifecycle reads the time (the system clock unless a test moves its own). */
  clock?: Clock;
  /** Lifecycle transition to remote tiers (the tier service). */
  tiers?: LifecycleTiers;
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
  const lifecycle = new LifecycleScanner(layer, {
    events,
    onError: () => undefined,
    ...(deps.clock ? { clock: deps.clock } : {}),
    ...(deps.tiers ? { tiers: deps.tiers } : {}),
  });
  lifecycle.start();
  iam.useBucketPolicies((bucket) => layer.getBucketConfig(bucket, 'policy'), false);
  const purge = setInterval(() => {
    void iam.purgeExpiredSessions().catch(() => undefined);
  }, 10 * 60_000);
  purge.unref();
  return {
    scanner,
    lifecycle,
    async stop() {
      clearInterval(purge);
      await lifecycle.stop();
      await scanner.stop();
    },
  };
}

/**
 * Applies the `heal` set: the scanner's background heal checks (every object each cycle, deep, when
 * `bitrotscan` is on; one in 1024, presence only, when off) and the layer's own heal of a replaced drive
 * use its scan mode, and wait between objects while `currentIO()` S3 requests are in flight (`max_io`,
 * at most `max_sleep`).
 */
export function configureHeal(
  layer: ObjectLayer,
  scanner: DataUsageScanner,
  pacing: HealPacing,
  currentIO: () => number,
): void {
  const scanMode = pacing.bitrotScan ? 'deep' : 'normal';
  const pace = async (): Promise<void> => {
    await healWait(pacing, currentIO);
  };
  layer.configureHeal?.({ scanMode, pace });
  const healObject = layer.healObject?.bind(layer);
  scanner.setHealCheck(
    healObject
      ? async (bucket, key) => {
          await pace();
          await healObject(bucket, key, { scanMode });
        }
      : null,
    pacing.bitrotScan,
  );
}
