// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import { authorize } from '../authorize.js';
import { publishObjectEvent } from '../notify.js';
import { replicaDelete, replicateChange } from '../replication-hooks.js';
import type { S3Handler } from '../types.js';

/** True when `x-amz-bypass-governance-retention: true` was sent (and is then authorised). */
export function bypassRequested(headers: Record<string, string | string[] | undefined>): boolean {
  return String(headers['x-amz-bypass-governance-retention'] ?? '').toLowerCase() === 'true';
}

/**
 * S3 API: DeleteObject. Without a version id a versioned bucket gets a delete marker; with one the
 * version is removed unless retention or legal hold forbid it (AccessDenied from the layer). Deleting
 * what is not there succeeds, as in S3.
 */
export const deleteObject: S3Handler = async (req, ctx) => {
  const replica = await replicaDelete(req, ctx);
  const versionId = replica ? replica.versionId : (req.query.get('versionId') ?? undefined);
  if (versionId === '') throw new S3Error('InvalidArgument', 'Version id cannot be the empty string');
  const bypass = bypassRequested(req.headers);
  if (bypass) await authorize(req, ctx, 's3:BypassGovernanceRetention');
  try {
    const r = await ctx.layer.deleteObject(req.bucket, req.key, {
      ...(versionId !== undefined ? { versionId } : {}),
      ...(replica?.replica ? { replica: replica.replica } : {}),
      bypassGovernance: bypass,
    });
    await replicateChange(req, ctx, {
      bucket: req.bucket,
      key: req.key,
      versionId: r.versionId,
      kind: versionId !== undefined ? 'version-delete' : 'delete-marker',
    });
    await publishObjectEvent(
      ctx,
      req,
      r.deleteMarker ? 's3:ObjectRemoved:DeleteMarkerCreated' : 's3:ObjectRemoved:Delete',
      { key: req.key, versionId: r.versionId },
    );
    const headers: Record<string, string> = {};
    if (r.versionId && r.versionId !== 'null') headers['x-amz-version-id'] = r.versionId;
    else if (versionId === 'null') headers['x-amz-version-id'] = 'null';
    if (r.deleteMarker) headers['x-amz-delete-marker'] = 'true';
    return { status: 204, headers };
  } catch (err) {
    if (err instanceof S3Error && (err.code === 'NoSuchKey' || err.code === 'NoSuchVersion'))
      return { status: 204 };
    throw err;
  }
};
