// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import type { S3Handler } from '../types.js';

/** S3 API: GetBucketPolicy: the stored JSON as written, NoSuchBucketPolicy when none. */
export const getBucketPolicy: S3Handler = async (req, ctx) => {
  const raw = await ctx.layer.getBucketConfig(req.bucket, 'policy');
  if (!raw) throw new S3Error('NoSuchBucketPolicy', undefined, { BucketName: req.bucket });
  return { status: 200, headers: { 'content-type': 'application/json' }, body: raw };
};
