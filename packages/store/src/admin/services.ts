import { DataUsageScanner } from '../background/scanner.js';
import type { StoreContext } from '../http/context.js';

/** Background work behind the admin API: the data-usage scanner and STS session expiry. */
export interface AdminServices {
  scanner: DataUsageScanner;
  stop(): Promise<void>;
}

const services = new WeakMap<StoreContext, AdminServices>();

export interface AdminServicesOptions {
  /** Full usage rescan period (default 60 s). */
  scanIntervalMs?: number;
  /** Delay before a written bucket is rescanned (default 1 s). */
  dirtyDelayMs?: number;
}

/**
 * Starts the admin side's background services for a running store, once: the usage scanner (set as
 * `ctx.usage`, so hard quotas are enforced, and fed by the trace bus), bucket policies for anonymous
 * requests, and a periodic purge of expired STS sessions. `startStore` should call it right after
 * building the context and `stop()` on close; the admin handler also calls it on first use.
 */
export function startAdminServices(ctx: StoreContext, options: AdminServicesOptions = {}): AdminServices {
  const existing = services.get(ctx);
  if (existing) return existing;
  const scanner = new DataUsageScanner(ctx.layer, {
    ...(options.scanIntervalMs !== undefined ? { intervalMs: options.scanIntervalMs } : {}),
    ...(options.dirtyDelayMs !== undefined ? { dirtyDelayMs: options.dirtyDelayMs } : {}),
    onError: () => undefined,
  });
  scanner.observe(ctx.trace, ctx.domains);
  scanner.start();
  ctx.usage ??= scanner;
  ctx.iam.useBucketPolicies((bucket) => ctx.layer.getBucketConfig(bucket, 'policy'), false);
  const purge = setInterval(() => {
    void ctx.iam.purgeExpiredSessions().catch(() => undefined);
  }, 10 * 60_000);
  purge.unref();
  const handle: AdminServices = {
    scanner,
    async stop() {
      clearInterval(purge);
      await scanner.stop();
      services.delete(ctx);
    },
  };
  services.set(ctx, handle);
  return handle;
}
