// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import { xmlResponse } from '../response.js';
import type { S3Handler } from '../types.js';
import { versionParam } from '../version-param.js';

/** S3 API: GetObjectLegalHold. */
export const getObjectLegalHold: S3Handler = async (req, ctx) => {
  const bucket = await ctx.layer.getBucketInfo(req.bucket);
  if (!bucket.objectLockEnabled)
    throw new S3Error('InvalidRequest', 'Bucket is missing Object Lock Configuration');
  const versionId = versionParam(req);
  const info = await ctx.layer.headObject(req.bucket, req.key, versionId !== undefined ? { versionId } : {});
  return xmlResponse('LegalHold', { Status: info.legalHold ? 'ON' : 'OFF' });
};
