// SPDX-License-Identifier: Apache-2.0
import type { S3Handler } from '../types.js';
import { replicationOf } from './bucket-replication-support.js';

/** S3 API: DeleteBucketReplication (200, as MinIO answers and minio-go expects; queued records are still delivered). */
export const deleteBucketReplication: S3Handler = async (req, ctx) => {
  await ctx.layer.getBucketInfo(req.bucket);
  await replicationOf(ctx).setConfig(req.bucket, null);
  return { status: 200 };
};
