// SPDX-License-Identifier: Apache-2.0
import { parseCorsXml } from '../cors/config.js';
import type { S3Handler } from '../types.js';

/** S3 API: PutBucketCors (the rules are validated, then kept as JSON in the bucket's `cors` document). */
export const putBucketCors: S3Handler = async (req, ctx) => {
  await ctx.layer.getBucketInfo(req.bucket);
  const rules = parseCorsXml(await req.readBody(64 * 1024));
  await ctx.layer.putBucketConfig(req.bucket, 'cors', Buffer.from(JSON.stringify(rules)));
  return { status: 200 };
};
