// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import { parseBucketEncryptionXml } from '../sse/bucket-config.js';
import type { S3Handler } from '../types.js';

/**
 * S3 API: PutBucketEncryption: the bucket's default encryption (SSE-S3, or SSE-KMS with a key the
 * KMS has: KMS.NotFoundException otherwise). New objects that ask for none get it.
 */
export const putBucketEncryption: S3Handler = async (req, ctx) => {
  const c = parseBucketEncryptionXml(await req.readBody(64 * 1024));
  await ctx.layer.getBucketInfo(req.bucket);
  if (c.keyId && !(await ctx.kms.hasKey(c.keyId))) {
    throw new S3Error('KMS.NotFoundException', `The KMS key '${c.keyId}' does not exist.`);
  }
  await ctx.layer.putBucketConfig(req.bucket, 'encryption', Buffer.from(JSON.stringify(c)));
  return { status: 200 };
};

/** S3 API: DeleteBucketEncryption: new objects are stored as sent again (existing ones stay encrypted). */
export const deleteBucketEncryption: S3Handler = async (req, ctx) => {
  await ctx.layer.getBucketInfo(req.bucket);
  await ctx.layer.putBucketConfig(req.bucket, 'encryption', null);
  return { status: 204 };
};
