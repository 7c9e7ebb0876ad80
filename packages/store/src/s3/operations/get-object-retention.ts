// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import { xmlResponse } from '../response.js';
import type { S3Handler } from '../types.js';
import { versionParam } from '../version-param.js';
import { xmlDate } from '../xml.js';

/** S3 API: GetObjectRetention (NoSuchObjectLockConfiguration when the version has none). */
export const getObjectRetention: S3Handler = async (req, ctx) => {
  const bucket = await ctx.layer.getBucketInfo(req.bucket);
  if (!bucket.objectLockEnabled)
    throw new S3Error('InvalidRequest', 'Bucket is missing Object Lock Configuration');
  const versionId = versionParam(req);
  const info = await ctx.layer.headObject(req.bucket, req.key, versionId !== undefined ? { versionId } : {});
  if (!info.retention) throw new S3Error('NoSuchObjectLockConfiguration', undefined, { Key: req.key });
  return xmlResponse('Retention', {
    Mode: info.retention.mode,
    RetainUntilDate: xmlDate(info.retention.retainUntil),
  });
};
