import type { BucketTarget } from '@stowage/madmin';
import type { ObjectInfo } from '../object-layer/types.js';
import type { RemoteClient } from './remote.js';

/**
 * MinIO's replication request headers (minio-go's internal put/remove options): a replica keeps the
 * source's version id (the `versionId` query parameter of the PUT or DELETE), modification time and
 * ETag. Only a caller allowed `s3:ReplicateObject` / `s3:ReplicateDelete` may send them.
 */
export const REPLICATION_REQUEST = 'x-minio-source-replication-request';
export const SOURCE_MTIME = 'x-minio-source-mtime';
export const SOURCE_ETAG = 'x-minio-source-etag';
export const SOURCE_DELETE_MARKER = 'x-minio-source-deletemarker';
export const REPLICATION_STATUS = 'x-amz-replication-status';

/** Statuses of `x-amz-replication-status`. */
export type ReplicationStatus = 'PENDING' | 'COMPLETED' | 'FAILED' | 'REPLICA';

const SENDABLE_CLASSES = new Set(['STANDARD', 'REDUCED_REDUNDANCY']);

function tagging(tags: Record<string, string>): string {
  return new URLSearchParams(Object.entries(tags)).toString();
}

/** Sends one object version to the target: its bytes, metadata, tags, lock state, id and time. */
export async function sendVersion(
  client: RemoteClient,
  target: BucketTarget,
  info: ObjectInfo,
  body: import('node:stream').Readable,
  storageClass: string,
): Promise<void> {
  const headers: Record<string, string> = {
    'content-type': info.contentType || 'application/octet-stream',
    [REPLICATION_REQUEST]: 'true',
    [SOURCE_MTIME]: info.lastModified.toISOString(),
    [SOURCE_ETAG]: info.etag,
    [REPLICATION_STATUS]: 'REPLICA',
  };
  for (const [k, v] of Object.entries(info.systemMetadata)) headers[k] = v;
  for (const [k, v] of Object.entries(info.userMetadata)) headers[`x-amz-meta-${k}`] = v;
  if (Object.keys(info.tags).length > 0) headers['x-amz-tagging'] = tagging(info.tags);
  const cls = storageClass || target.storageclass || '';
  if (SENDABLE_CLASSES.has(cls)) headers['x-amz-storage-class'] = cls;
  if (info.retention) {
    headers['x-amz-object-lock-mode'] = info.retention.mode;
    headers['x-amz-object-lock-retain-until-date'] = info.retention.retainUntil.toISOString();
  }
  if (info.legalHold) headers['x-amz-object-lock-legal-hold'] = 'ON';
  // The replica is encrypted at rest as the source is (by the target's KMS; SSE-KMS needs the same key
  // name there, as MinIO's replication does).
  if (info.encryption?.kind === 'SSE-S3') headers['x-amz-server-side-encryption'] = 'AES256';
  if (info.encryption?.kind === 'SSE-KMS') {
    headers['x-amz-server-side-encryption'] = 'aws:kms';
    if (info.encryption.keyId) headers['x-amz-server-side-encryption-aws-kms-key-id'] = info.encryption.keyId;
  }
  await client.send({
    method: 'PUT',
    bucket: target.targetbucket,
    key: info.key,
    query: { versionId: info.versionId },
    headers,
    body,
    size: info.size,
  });
}

/**
 * A delete on the target: with `markerTime`, creates the delete marker `versionId` made then; without,
 * removes version `versionId` (an object version or a delete marker).
 */
export async function sendDelete(
  client: RemoteClient,
  target: BucketTarget,
  key: string,
  versionId: string,
  markerTime?: Date,
): Promise<void> {
  const marker: Record<string, string> = markerTime
    ? { [SOURCE_DELETE_MARKER]: 'true', [SOURCE_MTIME]: markerTime.toISOString() }
    : {};
  await client.send({
    method: 'DELETE',
    bucket: target.targetbucket,
    key,
    query: { versionId },
    headers: { [REPLICATION_REQUEST]: 'true', ...marker },
  });
}
