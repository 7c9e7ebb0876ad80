// SPDX-License-Identifier: Apache-2.0
import type { S3Handler } from '../types.js';

/** S3 API: DeleteBucketTagging. */
export const deleteBucketTagging: S3Handler = async (req, ctx) => {
  await ctx.layer.getBucketInfo(req.bucket);
  await ctx.layer.putBucketConfig(req.bucket, 'tagging', null);
  return { status: 204 };
};
