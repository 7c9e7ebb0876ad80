import { S3Error } from '../../core/errors.js';
import type { S3Handler } from '../types.js';

/**
 * S3 API: GetBucketEncryption. The store has no server-side encryption yet, so every existing bucket
 * answers "not found" — the console reads this to show encryption as off.
 */
export const getBucketEncryption: S3Handler = async (req, ctx) => {
  await ctx.layer.getBucketInfo(req.bucket);
  throw new S3Error('ServerSideEncryptionConfigurationNotFoundError', undefined, { BucketName: req.bucket });
};
