// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import { xmlResponse } from '../response.js';
import { bucketEncryptionXml, decodeBucketEncryption } from '../sse/bucket-config.js';
import type { S3Handler } from '../types.js';

/** S3 API: GetBucketEncryption (ServerSideEncryptionConfigurationNotFoundError when none is set). */
export const getBucketEncryption: S3Handler = async (req, ctx) => {
  await ctx.layer.getBucketInfo(req.bucket);
  const c = decodeBucketEncryption(await ctx.layer.getBucketConfig(req.bucket, 'encryption'));
  if (!c) {
    throw new S3Error('ServerSideEncryptionConfigurationNotFoundError', undefined, {
      BucketName: req.bucket,
    });
  }
  return xmlResponse('ServerSideEncryptionConfiguration', bucketEncryptionXml(c));
};
