// SPDX-License-Identifier: Apache-2.0
import { replicateVersion } from '../replication-hooks.js';
import { MAX_OBJECT_TAGS, parseTaggingXml } from '../tags.js';
import type { S3Handler } from '../types.js';
import { versionHeader, versionParam } from '../version-param.js';

/** S3 API: PutObjectTagging (replaces the version's tag set, up to 10 tags). */
export const putObjectTagging: S3Handler = async (req, ctx) => {
  const versionId = versionParam(req);
  const tags = parseTaggingXml(await req.readBody(64 * 1024), MAX_OBJECT_TAGS);
  const info = await ctx.layer.updateObjectMetadata(req.bucket, req.key, versionId, { tags });
  await replicateVersion(req, ctx, info);
  return { status: 200, headers: versionHeader(info.versionId) };
};
