// SPDX-License-Identifier: Apache-2.0
import { MAX_BUCKET_TAGS, parseTaggingXml } from '../tags.js';
import type { S3Handler } from '../types.js';

/** S3 API: PutBucketTagging (up to 50 tags; replaces the whole set). */
export const putBucketTagging: S3Handler = async (req, ctx) => {
  const tags = parseTaggingXml(await req.readBody(256 * 1024), MAX_BUCKET_TAGS);
  await ctx.layer.getBucketInfo(req.bucket);
  await ctx.layer.putBucketConfig(
    req.bucket,
    'tagging',
    Object.keys(tags).length === 0 ? null : Buffer.from(JSON.stringify(tags)),
  );
  return { status: 200 };
};
