// SPDX-License-Identifier: Apache-2.0
import { replicateVersion } from '../replication-hooks.js';
import type { S3Handler } from '../types.js';
import { versionHeader, versionParam } from '../version-param.js';

/** S3 API: DeleteObjectTagging. */
export const deleteObjectTagging: S3Handler = async (req, ctx) => {
  const versionId = versionParam(req);
  const info = await ctx.layer.updateObjectMetadata(req.bucket, req.key, versionId, { tags: {} });
  await replicateVersion(req, ctx, info);
  return { status: 204, headers: versionHeader(info.versionId) };
};
