// SPDX-License-Identifier: Apache-2.0
import type { StoreContext } from '../core/context.js';
import { S3Error } from '../core/errors.js';
import type { ObjectInfo, ReplicaVersion } from '../object-layer/types.js';
import type { Change } from '../replication/service.js';
import {
  REPLICATION_REQUEST,
  REPLICATION_STATUS,
  SOURCE_DELETE_MARKER,
  SOURCE_ETAG,
  SOURCE_MTIME,
} from '../replication/wire.js';
import { authorize } from './authorize.js';
import type { S3Request } from './types.js';

/**
 * The write path's hooks for bucket replication (kept here so operations stay one call each):
 * a replica written by another site keeps the source's version id, time and ETag (MinIO's replication
 * request headers, only from a caller allowed s3:ReplicateObject / s3:ReplicateDelete) and is not
 * replicated again (no loop between two sites); a new version a rule covers starts PENDING; every
 * committed change is queued for its target.
 */

function header(req: S3Request, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** Is this request a replica sent by another site's replication? */
export function isReplicationRequest(req: S3Request): boolean {
  return header(req, REPLICATION_REQUEST)?.toLowerCase() === 'true';
}

function sourceMtime(req: S3Request): number {
  const raw = header(req, SOURCE_MTIME);
  const t = raw ? Date.parse(raw) : Number.NaN;
  if (!Number.isFinite(t)) {
    throw new S3Error('InvalidArgument', `${SOURCE_MTIME} must be an RFC 3339 time on a replication request`);
  }
  return t;
}

function replicaVersionId(req: S3Request): string {
  // `null` is a version made before versioning was enabled (site replication copies such objects of the
  // buckets a site held when it joined); it replaces the replica's own null version.
  const id = req.query.get('versionId') ?? '';
  if (id === '') {
    throw new S3Error('InvalidArgument', 'A replication request must name the source version id (versionId)');
  }
  return id;
}

/** The source's time and ETag, from a replication request's headers. */
function sourceOf(req: S3Request): { mtime: number; etag?: string } {
  const etag = header(req, SOURCE_ETAG);
  return { mtime: sourceMtime(req), ...(etag ? { etag } : {}) };
}

/**
 * Write options of a new version: a replica's identity, or PENDING when a rule replicates it. At
 * CreateMultipartUpload (`upload`) a replica names only its version id: MinIO sends the source's time
 * and ETag at completion ({@link replicaCompletion}).
 */
export async function replicationWriteOptions(
  req: S3Request,
  ctx: StoreContext,
  tags: Record<string, string>,
  at: 'put' | 'upload' = 'put',
): Promise<{ replica?: ReplicaVersion; replicationStatus?: string }> {
  if (isReplicationRequest(req)) {
    await authorize(req, ctx, 's3:ReplicateObject');
    const source = at === 'upload' ? { mtime: 0 } : sourceOf(req);
    return { replica: { versionId: replicaVersionId(req), ...source }, replicationStatus: 'REPLICA' };
  }
  const status = await ctx.replication?.statusForNew(req.bucket, req.key, tags);
  return status ? { replicationStatus: status } : {};
}

/** CompleteMultipartUpload of a replica upload: the source's time and ETag (undefined otherwise). */
export async function replicaCompletion(
  req: S3Request,
  ctx: StoreContext,
): Promise<{ mtime: number; etag?: string } | undefined> {
  if (!isReplicationRequest(req)) return undefined;
  await authorize(req, ctx, 's3:ReplicateObject');
  return sourceOf(req);
}

/**
 * A replicated delete: the source's delete marker (its id and time) or a version removal. Undefined
 * when the request is not a replication request.
 */
export async function replicaDelete(
  req: S3Request,
  ctx: StoreContext,
): Promise<{ replica?: ReplicaVersion; versionId?: string } | undefined> {
  if (!isReplicationRequest(req)) return undefined;
  await authorize(req, ctx, 's3:ReplicateDelete');
  const versionId = replicaVersionId(req);
  if (header(req, SOURCE_DELETE_MARKER)?.toLowerCase() === 'true') {
    return { replica: { versionId, mtime: sourceMtime(req) } };
  }
  return { versionId };
}

/** Queues a committed change for replication (not when it is itself a replica). */
export async function replicateChange(req: S3Request, ctx: StoreContext, change: Change): Promise<void> {
  if (!ctx.replication || isReplicationRequest(req)) return;
  if (change.versionId === '' || change.versionId === 'null') return;
  await ctx.replication.changed(change);
}

/** Queues a new version (PUT, copy, multipart completion, metadata change). */
export function replicateVersion(req: S3Request, ctx: StoreContext, info: ObjectInfo): Promise<void> {
  return replicateChange(req, ctx, {
    bucket: req.bucket,
    key: info.key,
    versionId: info.versionId,
    kind: 'object',
    size: info.size,
    tags: info.tags,
  });
}

/** `x-amz-replication-status` of a version, for GET/HEAD answers. */
export function replicationStatusHeaders(info: ObjectInfo): Record<string, string> {
  return info.replicationStatus ? { [REPLICATION_STATUS]: info.replicationStatus } : {};
}
