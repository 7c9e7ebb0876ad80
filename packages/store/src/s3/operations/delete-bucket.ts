// SPDX-License-Identifier: Apache-2.0
import { authorize } from '../authorize.js';
import type { S3Handler } from '../types.js';

/**
 * S3 API: DeleteBucket (BucketNotEmpty unless empty). MinIO's `x-minio-force-delete: true` removes a
 * non-empty bucket and needs s3:ForceDeleteBucket.
 */
export const deleteBucket: S3Handler = async (req, ctx) => {
  const force = String(req.headers['x-minio-force-delete'] ?? '').toLowerCase() === 'true';
  if (force) await authorize(req, ctx, 's3:ForceDeleteBucket');
  await ctx.layer.deleteBucket(req.bucket, { force });
  // Its replication configuration went with it.
  ctx.replication?.invalidate(req.bucket);
  return { status: 204 };
};
