// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import type { S3Handler } from '../types.js';
import { parseXml, xmlText } from '../xml.js';

/**
 * S3 API: PutBucketVersioning. Buckets with object lock stay Enabled (S3 refuses to suspend them).
 */
export const putBucketVersioning: S3Handler = async (req, ctx) => {
  const doc = parseXml(await req.readBody(64 * 1024), 'VersioningConfiguration');
  const status = xmlText(doc.Status);
  if (status !== 'Enabled' && status !== 'Suspended') {
    throw new S3Error(
      'IllegalVersioningConfigurationException',
      'The Versioning element must be Enabled or Suspended.',
    );
  }
  const mfa = xmlText(doc.MfaDelete);
  if (mfa === 'Enabled') throw new S3Error('NotImplemented', 'MFA delete is not supported.');
  const info = await ctx.layer.getBucketInfo(req.bucket);
  if (info.objectLockEnabled && status === 'Suspended') {
    throw new S3Error(
      'InvalidBucketState',
      'An Object Lock configuration is present on this bucket, so the versioning state cannot be changed.',
      { BucketName: req.bucket },
    );
  }
  await ctx.layer.setBucketVersioning(req.bucket, status);
  return { status: 200 };
};
