// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import { checkPolicyWrite } from '../access/enforce.js';
import { MAX_POLICY_BYTES, validateBucketPolicy } from '../bucket-policy.js';
import type { S3Handler } from '../types.js';

/**
 * S3 API: PutBucketPolicy. The document is validated and stored verbatim in the `policy` bucket
 * config, where the authorizer reads it for anonymous and cross-account requests.
 */
export const putBucketPolicy: S3Handler = async (req, ctx) => {
  const body = await req.readBody(MAX_POLICY_BYTES + 1);
  if (body.length === 0) throw new S3Error('MissingRequestBodyError');
  if (body.length > MAX_POLICY_BYTES) throw new S3Error('PolicyTooLarge');
  await ctx.layer.getBucketInfo(req.bucket);
  validateBucketPolicy(body.toString('utf8'), req.bucket);
  await checkPolicyWrite(ctx, req.bucket, body.toString('utf8'));
  await ctx.layer.putBucketConfig(req.bucket, 'policy', body);
  return { status: 204 };
};
