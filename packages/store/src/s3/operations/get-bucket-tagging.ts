// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import { xmlResponse } from '../response.js';
import { tagSetXml } from '../tags.js';
import type { S3Handler } from '../types.js';

/** S3 API: GetBucketTagging (NoSuchTagSet when none). Tags are kept as JSON in the `tagging` config. */
export const getBucketTagging: S3Handler = async (req, ctx) => {
  const raw = await ctx.layer.getBucketConfig(req.bucket, 'tagging');
  const tags = raw ? (JSON.parse(raw.toString('utf8')) as Record<string, string>) : {};
  if (Object.keys(tags).length === 0)
    throw new S3Error('NoSuchTagSet', undefined, { BucketName: req.bucket });
  return xmlResponse('Tagging', tagSetXml(tags));
};
