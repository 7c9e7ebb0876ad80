// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import { corsXml } from '../cors/config.js';
import { bucketCorsRules } from '../cors/evaluate.js';
import { xmlResponse } from '../response.js';
import type { S3Handler } from '../types.js';

/** S3 API: GetBucketCors (NoSuchCORSConfiguration when the bucket has none). */
export const getBucketCors: S3Handler = async (req, ctx) => {
  await ctx.layer.getBucketInfo(req.bucket);
  const rules = await bucketCorsRules(ctx, req.bucket);
  if (!rules) throw new S3Error('NoSuchCORSConfiguration', undefined, { BucketName: req.bucket });
  return xmlResponse('CORSConfiguration', corsXml(rules));
};
