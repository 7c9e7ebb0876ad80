// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import { replicateVersion } from '../replication-hooks.js';
import type { S3Handler } from '../types.js';
import { versionHeader, versionParam } from '../version-param.js';
import { parseXml, xmlText } from '../xml.js';

/** S3 API: PutObjectLegalHold (Status ON|OFF). */
export const putObjectLegalHold: S3Handler = async (req, ctx) => {
  const doc = parseXml(await req.readBody(64 * 1024), 'LegalHold');
  const status = xmlText(doc.Status);
  if (status !== 'ON' && status !== 'OFF')
    throw new S3Error('MalformedXML', 'LegalHold Status must be ON or OFF.');
  const bucket = await ctx.layer.getBucketInfo(req.bucket);
  if (!bucket.objectLockEnabled)
    throw new S3Error('InvalidRequest', 'Bucket is missing Object Lock Configuration');
  const versionId = versionParam(req);
  const info = await ctx.layer.updateObjectMetadata(req.bucket, req.key, versionId, {
    legalHold: status === 'ON',
  });
  await replicateVersion(req, ctx, info);
  return { status: 200, headers: versionHeader(info.versionId) };
};
