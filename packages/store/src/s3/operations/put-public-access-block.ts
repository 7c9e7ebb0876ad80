// SPDX-License-Identifier: Apache-2.0
import { parsePublicAccessBlockXml } from '../access/settings.js';
import type { S3Handler } from '../types.js';

/** S3 API: PutPublicAccessBlock (the four switches; absent ones are false). */
export const putPublicAccessBlock: S3Handler = async (req, ctx) => {
  await ctx.layer.getBucketInfo(req.bucket);
  const pab = parsePublicAccessBlockXml(await req.readBody(64 * 1024));
  await ctx.layer.putBucketConfig(req.bucket, 'public-access-block', Buffer.from(JSON.stringify(pab)));
  return { status: 200 };
};
