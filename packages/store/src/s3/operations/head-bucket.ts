// SPDX-License-Identifier: Apache-2.0
import type { S3Handler } from '../types.js';

/** S3 API: HeadBucket. 200 when the bucket exists (errors carry no body on HEAD). */
export const headBucket: S3Handler = async (req, ctx) => {
  await ctx.layer.getBucketInfo(req.bucket);
  return { status: 200, headers: { 'x-amz-bucket-region': ctx.region } };
};
