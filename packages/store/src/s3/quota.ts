import { S3Error } from '../errors.js';
import type { StoreContext } from '../http/context.js';

interface QuotaConfig {
  /** Bytes; 0 = none. */
  hardLimit: number;
  readAt: number;
}

/**
 * Quota documents are read at most once a second per bucket: the check sits on every PUT, and the
 * usage it compares against (the scanner's) lags by design, so a change of quota taking effect
 * within a second is in keeping with it.
 */
const CACHE_MS = 1000;
const cache = new WeakMap<StoreContext, Map<string, QuotaConfig>>();

async function hardLimit(ctx: StoreContext, bucket: string): Promise<number> {
  let perCtx = cache.get(ctx);
  if (!perCtx) {
    perCtx = new Map();
    cache.set(ctx, perCtx);
  }
  const hit = perCtx.get(bucket);
  const now = Date.now();
  if (hit && now - hit.readAt < CACHE_MS) return hit.hardLimit;
  let limit = 0;
  const raw = await ctx.layer.getBucketConfig(bucket, 'quota');
  if (raw) {
    try {
      const cfg = JSON.parse(raw.toString('utf8')) as { quota?: number; quotatype?: string };
      const quota = Number(cfg.quota ?? 0);
      if (quota > 0 && (cfg.quotatype === undefined || cfg.quotatype === 'hard')) limit = quota;
    } catch {
      limit = 0;
    }
  }
  if (perCtx.size > 10_000) perCtx.clear();
  perCtx.set(bucket, { hardLimit: limit, readAt: now });
  return limit;
}

/**
 * Hard bucket quota (admin `set-bucket-quota`, JSON `{quota, quotatype}` in the `quota` config):
 * refuses a write that would take the bucket past its quota. Usage comes from the scanner through
 * `ctx.usage`; without it the quota cannot be measured and is not enforced.
 */
export async function enforceQuota(ctx: StoreContext, bucket: string, incoming: number): Promise<void> {
  if (!ctx.usage) return;
  const limit = await hardLimit(ctx, bucket);
  if (limit <= 0) return;
  const used = await ctx.usage.bucketSize(bucket);
  if (used + Math.max(incoming, 0) > limit) {
    throw new S3Error('XMinioAdminBucketQuotaExceeded', undefined, { BucketName: bucket });
  }
}
