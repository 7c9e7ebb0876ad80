// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import { xmlResponse } from '../response.js';
import { tagSetXml } from '../tags.js';
import type { S3Handler } from '../types.js';
import { versionHeader, versionParam } from '../version-param.js';

/** S3 API: GetObjectTagging (also by versionId). */
export const getObjectTagging: S3Handler = async (req, ctx) => {
  const versionId = versionParam(req);
  const info = await ctx.layer.headObject(req.bucket, req.key, versionId !== undefined ? { versionId } : {});
  if (info.isDeleteMarker)
    throw new S3Error(versionId ? 'MethodNotAllowed' : 'NoSuchKey', undefined, { Key: req.key });
  return xmlResponse('Tagging', tagSetXml(info.tags), { headers: versionHeader(info.versionId) });
};
