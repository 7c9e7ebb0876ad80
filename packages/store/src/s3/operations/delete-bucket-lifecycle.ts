// SPDX-License-Identifier: Apache-2.0
import { writeLifecycle } from '../../lifecycle/store.js';
import type { S3Handler } from '../types.js';

/** S3 API: DeleteBucketLifecycle. */
export const deleteBucketLifecycle: S3Handler = async (req, ctx) => {
  await ctx.layer.getBucketInfo(req.bucket);
  await writeLifecycle(ctx.layer, req.bucket, null);
  return { status: 204 };
};
