// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import type { Retention } from '../../object-layer/types.js';
import { authorize } from '../authorize.js';
import { isRetentionMode } from '../object-lock.js';
import { replicateVersion } from '../replication-hooks.js';
import type { S3Handler } from '../types.js';
import { versionHeader, versionParam } from '../version-param.js';
import { parseXml, xmlText } from '../xml.js';
import { bypassRequested } from './delete-object.js';

/**
 * S3 API: PutObjectRetention. While a retention is in force, COMPLIANCE can only be extended;
 * GOVERNANCE can be shortened, switched or removed only with `x-amz-bypass-governance-retention: true`
 * and s3:BypassGovernanceRetention. Everyone may extend.
 */
export const putObjectRetention: S3Handler = async (req, ctx) => {
  const doc = parseXml(await req.readBody(64 * 1024), 'Retention');
  const mode = xmlText(doc.Mode);
  const untilRaw = xmlText(doc.RetainUntilDate);
  let next: Retention | null = null;
  if (mode !== undefined || untilRaw !== undefined) {
    if (!isRetentionMode(mode))
      throw new S3Error('MalformedXML', 'Retention Mode must be GOVERNANCE or COMPLIANCE.');
    const t = untilRaw === undefined ? Number.NaN : Date.parse(untilRaw);
    if (Number.isNaN(t)) throw new S3Error('InvalidRetentionDate');
    if (t <= Date.now()) throw new S3Error('InvalidArgument', 'The retain until date must be in the future!');
    next = { mode, retainUntil: new Date(t) };
  }
  const bucket = await ctx.layer.getBucketInfo(req.bucket);
  if (!bucket.objectLockEnabled)
    throw new S3Error('InvalidRequest', 'Bucket is missing Object Lock Configuration');
  const versionId = versionParam(req);
  const info = await ctx.layer.headObject(req.bucket, req.key, versionId !== undefined ? { versionId } : {});
  if (info.isDeleteMarker) throw new S3Error('MethodNotAllowed');

  const cur = info.retention;
  if (cur && cur.retainUntil.getTime() > Date.now()) {
    const weakens = !next || next.mode !== cur.mode || next.retainUntil.getTime() < cur.retainUntil.getTime();
    if (weakens) {
      if (cur.mode === 'COMPLIANCE') {
        throw new S3Error('AccessDenied', 'Object is WORM protected and cannot be overwritten');
      }
      if (!bypassRequested(req.headers)) {
        throw new S3Error('AccessDenied', 'Object is WORM protected and cannot be overwritten');
      }
      await authorize(req, ctx, 's3:BypassGovernanceRetention');
    }
  }
  const updated = await ctx.layer.updateObjectMetadata(req.bucket, req.key, info.versionId, {
    retention: next,
  });
  await replicateVersion(req, ctx, updated);
  return { status: 200, headers: versionHeader(updated.versionId) };
};
