// SPDX-License-Identifier: Apache-2.0
import { type BucketQuota, setBucketQuotaRequestSchema } from '@stowage/madmin';
import { S3Error } from '../../core/errors.js';
import type { AdminOperation } from '../call.js';
import { requestBody } from './wire.js';

/**
 * Admin API: SetBucketQuota — `PUT /set-bucket-quota?bucket=` J `{quota: bytes, quotatype: "hard"}`.
 * A quota of 0 removes it. `fifo` is accepted and stored as MinIO did, but only `hard` is enforced.
 */
export const setBucketQuota: AdminOperation = async (call) => {
  const bucket = call.param('bucket');
  await call.ctx.layer.getBucketInfo(bucket);
  const body = requestBody(setBucketQuotaRequestSchema, call.json());
  const quota = body.quota ?? 0;
  if (!Number.isSafeInteger(quota) || quota < 0) {
    throw new S3Error('XMinioAdminInvalidArgument', 'quota must be a non-negative whole number of bytes');
  }
  const quotatype = body.quotatype || 'hard';
  if (quota === 0) {
    await call.ctx.layer.putBucketConfig(bucket, 'quota', null);
  } else {
    await call.ctx.layer.putBucketConfig(
      bucket,
      'quota',
      Buffer.from(JSON.stringify({ quota, quotatype } satisfies BucketQuota)),
    );
    // Make sure the figure quota enforcement uses is fresh.
    await call.ctx.usage.scanBucket(bucket);
  }
  return call.ok();
};
