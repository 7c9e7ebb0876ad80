// SPDX-License-Identifier: Apache-2.0
import type { StoreContext } from '../core/context.js';
import { S3Error } from '../core/errors.js';

/**
 * Hard bucket quota (admin `set-bucket-quota`, JSON `{quota, quotatype}` in the `quota` config):
 * refuses a write that would take the bucket past its quota. Usage comes from the scanner through
 * `ctx.usage`. The quota document is
 * read on every write so a new quota applies at once (a cache belongs in the layer, invalidated by
 * putBucketConfig, not here).
 */
export async function enforceQuota(ctx: StoreContext, bucket: string, incoming: number): Promise<void> {
  const raw = await ctx.layer.getBucketConfig(bucket, 'quota');
  if (!raw) return;
  let cfg: { quota?: number; quotatype?: string };
  try {
    cfg = JSON.parse(raw.toString('utf8')) as { quota?: number; quotatype?: string };
  } catch {
    return;
  }
  const quota = Number(cfg.quota ?? 0);
  if (!(quota > 0) || (cfg.quotatype !== undefined && cfg.quotatype !== 'hard')) return;
  const used = await ctx.usage.bucketSize(bucket);
  if (used + Math.max(incoming, 0) > quota) {
    throw new S3Error('XMinioAdminBucketQuotaExceeded', undefined, { BucketName: bucket });
  }
}
