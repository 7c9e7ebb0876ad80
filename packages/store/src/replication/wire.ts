// SPDX-License-Identifier: Apache-2.0
import type { Readable } from 'node:stream';
import type { BucketTarget } from '@stowage/madmin';
import type { ObjectInfo } from '../object-layer/types.js';
import { type RemoteClient, RemoteError } from './remote.js';

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

/** The headers a replica is written with: its metadata, tags, lock state, encryption, id and time. */
function versionHeaders(
  info: ObjectInfo,
  target: BucketTarget,
  storageClass: string,
): Record<string, string> {
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
  return headers;
}

/** Sends one object version to the target in one PUT. */
export async function sendVersion(
  client: RemoteClient,
  target: BucketTarget,
  info: ObjectInfo,
  body: Readable,
  storageClass: string,
): Promise<void> {
  await client.send({
    method: 'PUT',
    bucket: target.targetbucket,
    key: info.key,
    query: { versionId: info.versionId },
    headers: versionHeaders(info, target, storageClass),
    body,
    size: info.size,
  });
}

/** The part layout of a version uploaded in parts (undefined when it was one PUT). */
export function partLayout(info: ObjectInfo): { number: number; size: number }[] | undefined {
  const parts = info.parts ?? [];
  if (parts.length < 2 && !/-\d+$/.test(info.etag)) return undefined;
  // Sizes as read back (plaintext): otherwise the boundaries cannot be kept.
  if (parts.length === 0 || parts.reduce((n, p) => n + p.size, 0) !== info.size) return undefined;
  return parts.map((p) => ({ number: p.number, size: p.size }));
}

/**
 * Sends a version uploaded in parts as a multipart upload with the same part numbers and sizes, so the
 * replica has the source's `…-N` ETag and part-number reads (MinIO's multipart replication): the
 * version id at the start, the time and ETag at completion. An upload that fails is aborted.
 */
export async function sendMultipartVersion(
  client: RemoteClient,
  target: BucketTarget,
  info: ObjectInfo,
  parts: { number: number; size: number }[],
  readRange: (start: number, end: number) => Promise<Readable>,
  storageClass: string,
): Promise<void> {
  const {
    [SOURCE_MTIME]: mtime,
    [SOURCE_ETAG]: etag,
    ...createHeaders
  } = versionHeaders(info, target, storageClass);
  const where = { bucket: target.targetbucket, key: info.key };
  const created = await client.send({
    ...where,
    method: 'POST',
    query: { uploads: '', versionId: info.versionId },
    headers: createHeaders,
    body: Buffer.alloc(0),
  });
  const uploadId = /<UploadId>([^<]+)<\/UploadId>/.exec(created.body.toString('utf8'))?.[1];
  if (!uploadId) throw new RemoteError(`${client.baseUrl} answered no UploadId to CreateMultipartUpload`);
  try {
    const done: string[] = [];
    let offset = 0;
    for (const p of parts) {
      const body = await readRange(offset, offset + p.size - 1);
      offset += p.size;
      const res = await client.send({
        ...where,
        method: 'PUT',
        query: { partNumber: String(p.number), uploadId },
        headers: { [REPLICATION_REQUEST]: 'true' },
        body,
        size: p.size,
      });
      done.push(`<Part><PartNumber>${p.number}</PartNumber><ETag>${res.headers.etag ?? ''}</ETag></Part>`);
    }
    await client.send({
      ...where,
      method: 'POST',
      query: { uploadId },
      headers: {
        [REPLICATION_REQUEST]: 'true',
        [SOURCE_MTIME]: mtime ?? '',
        [SOURCE_ETAG]: etag ?? '',
      },
      body: Buffer.from(`<CompleteMultipartUpload>${done.join('')}</CompleteMultipartUpload>`),
    });
  } catch (err) {
    await client.send({ ...where, method: 'DELETE', query: { uploadId } }).catch(() => undefined);
    throw err;
  }
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
