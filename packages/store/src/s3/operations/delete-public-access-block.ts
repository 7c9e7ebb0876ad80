// SPDX-License-Identifier: Apache-2.0
import type { S3Handler } from '../types.js';

/** S3 API: DeletePublicAccessBlock. */
export const deletePublicAccessBlock: S3Handler = async (req, ctx) => {
  await ctx.layer.getBucketInfo(req.bucket);
  await ctx.layer.putBucketConfig(req.bucket, 'public-access-block', null);
  return { status: 204 };
};
