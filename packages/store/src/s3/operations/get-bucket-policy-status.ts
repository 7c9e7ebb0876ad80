// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import { isPublicPolicy } from '../access/enforce.js';
import { xmlResponse } from '../response.js';
import type { S3Handler } from '../types.js';

/** S3 API: GetBucketPolicyStatus — whether the bucket policy is public (NoSuchBucketPolicy without one). */
export const getBucketPolicyStatus: S3Handler = async (req, ctx) => {
  await ctx.layer.getBucketInfo(req.bucket);
  const raw = await ctx.layer.getBucketConfig(req.bucket, 'policy');
  if (!raw) throw new S3Error('NoSuchBucketPolicy', undefined, { BucketName: req.bucket });
  return xmlResponse('PolicyStatus', { IsPublic: isPublicPolicy(raw.toString('utf8')) });
};
