// SPDX-License-Identifier: Apache-2.0
import { xmlResponse } from '../response.js';
import type { S3Handler } from '../types.js';

/** S3 API: GetBucketLocation. us-east-1 is reported as the empty constraint, as S3 does. */
export const getBucketLocation: S3Handler = async (req, ctx) => {
  await ctx.layer.getBucketInfo(req.bucket);
  const region = ctx.region === 'us-east-1' ? '' : ctx.region;
  return xmlResponse('LocationConstraint', { '#text': region });
};
