import { S3Error } from '../../core/errors.js';
import type { AdminOperation } from '../call.js';

interface BucketQuotaJson {
  quota?: unknown;
  quotatype?: unknown;
}

/**
 * Admin API: SetBucketQuota — `PUT /set-bucket-quota?bucket=` J `{quota: bytes, quotatype: "hard"}`.
 * A quota of 0 removes it. `fifo` is accepted and stored as MinIO did, but only `hard` is enforced.
 */
export const setBucketQuota: AdminOperation = async (call) => {
  const bucket = call.param('bucket');
  await call.ctx.layer.getBucketInfo(bucket);
  const body = call.json<BucketQuotaJson>();
  const quota = body.quota ?? 0;
  if (typeof quota !== 'number' || !Number.isSafeInteger(quota) || quota < 0) {
    throw new S3Error('XMinioAdminInvalidArgument', 'quota must be a non-negative whole number of bytes');
  }
  const type = body.quotatype ?? (quota > 0 ? 'hard' : '');
  if (quota > 0 && type !== 'hard' && type !== 'fifo') {
    throw new S3Error('XMinioAdminInvalidArgument', `invalid quota type '${String(type)}' (expected hard)`);
  }
  if (quota === 0) {
    await call.ctx.layer.putBucketConfig(bucket, 'quota', null);
  } else {
    await call.ctx.layer.putBucketConfig(
      bucket,
      'quota',
      Buffer.from(JSON.stringify({ quota, quotatype: type })),
    );
    // Make sure the figure quota enforcement uses is fresh.
    await call.ctx.usage.scanBucket(bucket);
  }
  return call.ok();
};
