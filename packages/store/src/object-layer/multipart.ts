// SPDX-License-Identifier: Apache-2.0
import { randomUUID } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import { s3Error } from '../core/errors.js';
import { writeBody } from './compression.js';
import { runOnQuorum } from './doc-store.js';
import { opaqueEtag, partKey } from './encryption.js';
import type { ErasureSet } from './erasure-set.js';
import { partLock } from './key-locks.js';
import type { AclRecord, CompressedPart, EncryptionRecord, ErasureGeometry, VersionRecord } from './meta.js';
import { compareKeys, validateObjectKey } from './names.js';
import { checkMd5 } from './object-write.js';
import type {
  ListPartsOptions,
  ListPartsResult,
  ListUploadsOptions,
  ListUploadsResult,
  MultipartUploadInfo,
  ObjectBody,
  PartInfo,
  PutObjectOptions,
  PutPartOptions,
  UploadChecksum,
} from './types.js';
import { toRetention } from './versions.js';

/**
 * Multipart uploads up to completion (see ./multipart-complete.ts): starting one, uploading parts
 * (erasure-coded into `.stowage.sys/multipart/<bucket>/<uploadId>/` on each drive, one document per
 * part), listing parts and uploads, aborting.
 */

export const MAX_PART_SIZE = 5 * 1024 ** 3;

/** An upload's document: the object's settings as given at CreateMultipartUpload. */
export interface UploadDoc
  extends Pick<
    VersionRecord,
    'contentType' | 'sys' | 'user' | 'tags' | 'retention' | 'legalHold' | 'storageClass'
  > {
  key: string;
  initiated: number;
  /** The object's geometry (its storage class's parity), fixed at the start. */
  ec: ErasureGeometry;
  /** Parts are stored compressed (decided at the start, as the object's settings). */
  compress?: boolean;
  /** Parts are encrypted under the object key sealed here (every part its own part key). */
  encryption?: EncryptionRecord;
  /** The object's checksum algorithm and type (CreateMultipartUpload's x-amz-checksum-*). */
  checksum?: UploadChecksum;
  /** Bucket replication: the object is a replica and keeps the source's version id. */
  replicaVersionId?: string;
  /** Bucket replication status the object is committed with. */
  repl?: string;
  /** The initiator (the object's owner) and the object's ACL. */
  acl?: AclRecord;
}

/** A part's document. */
export interface PartDoc {
  number: number;
  etag: string;
  size: number;
  mtime: number;
  /** File name of the part's shard inside the upload folder. */
  file: string;
  /** Present when the part is stored compressed: its stored size and block index. */
  compressed?: Omit<CompressedPart, 'number'>;
  /** The part's checksum (base64) in the upload's algorithm. */
  checksum?: string;
}

function partInfo(p: PartDoc): PartInfo {
  return {
    partNumber: p.number,
    etag: p.etag,
    size: p.size,
    lastModified: new Date(p.mtime),
    ...(p.checksum ? { checksum: p.checksum } : {}),
  };
}

/** Parse a stored JSON document. */
export function parseDoc<T>(raw: Buffer): T {
  return JSON.parse(raw.toString('utf8')) as T;
}

/** The upload's document; NoSuchUpload when it is absent or belongs to another key. */
export async function readUpload(
  set: ErasureSet,
  bucket: string,
  key: string,
  uploadId: string,
): Promise<UploadDoc> {
  if (!/^[0-9a-f-]{36}$/.test(uploadId)) throw s3Error('NoSuchUpload', { UploadId: uploadId });
  const raw = await set.uploads.read([bucket, uploadId, 'upload.json']);
  if (!raw) throw s3Error('NoSuchUpload', { UploadId: uploadId });
  const doc = parseDoc<UploadDoc>(raw);
  if (doc.key !== key) throw s3Error('NoSuchUpload', { UploadId: uploadId });
  return doc;
}

/** The upload's part documents, by part number. */
export async function readParts(set: ErasureSet, bucket: string, uploadId: string): Promise<PartDoc[]> {
  const names = await set.uploads.listDir([bucket, uploadId]);
  const parts: PartDoc[] = [];
  for (const n of names) {
    const m = /^part\.(\d+)\.json$/.exec(n);
    if (!m) continue;
    const raw = await set.uploads.read([bucket, uploadId, n]);
    if (raw) parts.push(parseDoc<PartDoc>(raw));
  }
  return parts.sort((a, b) => a.number - b.number);
}

export async function newMultipartUpload(
  set: ErasureSet,
  bucket: string,
  key: string,
  opts: Omit<PutObjectOptions, 'size' | 'contentMd5Base64'>,
): Promise<string> {
  await set.buckets.require(bucket);
  validateObjectKey(bucket, key);
  const uploadId = randomUUID();
  const doc: UploadDoc = {
    key,
    initiated: Date.now(),
    contentType: opts.contentType || 'application/octet-stream',
    sys: { ...(opts.systemMetadata ?? {}) },
    user: { ...(opts.userMetadata ?? {}) },
    tags: { ...(opts.tags ?? {}) },
    retention: toRetention(opts.retention),
    legalHold: opts.legalHold === true,
    ec: set.geometry(key, opts.parity),
    storageClass: opts.storageClass ?? 'STANDARD',
    ...(opts.compress ? { compress: true } : {}),
    ...(opts.encryption ? { encryption: { ...opts.encryption.record } } : {}),
    ...(opts.uploadChecksum ? { checksum: opts.uploadChecksum } : {}),
    ...(opts.replica ? { replicaVersionId: opts.replica.versionId } : {}),
    ...(opts.replicationStatus ? { repl: opts.replicationStatus } : {}),
    ...(opts.acl ? { acl: opts.acl } : {}),
  };
  await set.uploads.write([bucket, uploadId, 'upload.json'], Buffer.from(JSON.stringify(doc)));
  return uploadId;
}

export async function putObjectPart(
  set: ErasureSet,
  bucket: string,
  key: string,
  uploadId: string,
  partNumber: number,
  body: ObjectBody,
  opts: PutPartOptions,
): Promise<PartInfo> {
  await set.buckets.require(bucket);
  validateObjectKey(bucket, key);
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10000) {
    throw s3Error('InvalidArgument', {}, 'Part number must be an integer between 1 and 10000, inclusive');
  }
  if (opts.size > MAX_PART_SIZE) throw s3Error('EntityTooLarge');
  const upload = await readUpload(set, bucket, key, uploadId);
  let sealKey: Buffer | undefined;
  if (upload.encryption) {
    if (!opts.unseal)
      throw s3Error('InternalError', { BucketName: bucket, Key: key }, 'The upload is encrypted.');
    sealKey = partKey(await opts.unseal(upload.encryption), partNumber);
  }
  const writeId = randomUUID();
  const writeQuorum = set.writeQuorumFor(upload.ec);
  try {
    const res = await writeBody(
      {
        drives: set.drives,
        ec: upload.ec,
        rs: set.codec(upload.ec),
        body,
        declaredSize: opts.size,
        maxSize: MAX_PART_SIZE,
        inlineLimit: -1,
        tmpFile: (d) => d.tmp(`${writeId}/part`),
        writeQuorum,
        fsync: set.fsync,
        largeMd5: set.largeMd5,
        ...(opts.bodyTap ? { tap: opts.bodyTap } : {}),
      },
      upload.compress === true,
      sealKey,
    );
    checkMd5(res.md5, opts.contentMd5Base64, bucket, key);
    const checksum = opts.checksum?.();
    return await set.locks.run(partLock(uploadId, partNumber), async () => {
      await readUpload(set, bucket, key, uploadId);
      const prevRaw = await set.uploads.read([bucket, uploadId, `part.${partNumber}.json`]);
      await runOnQuorum(set.drives, writeQuorum, async (d) => {
        if (!res.written[d.index]) throw new Error('shard not written');
        await fsp.rename(d.tmp(`${writeId}/part`), d.sys('multipart', bucket, uploadId, writeId));
      });
      const part: PartDoc = {
        number: partNumber,
        // SSE-KMS / SSE-C parts: a keyed ETag, not the plaintext's MD5 (as AWS); Complete checks it.
        etag:
          sealKey && upload.encryption?.kind !== 'SSE-S3'
            ? opaqueEtag(sealKey, res.md5)
            : res.md5.toString('hex'),
        size: res.size,
        mtime: Date.now(),
        file: writeId,
        ...(res.compressed ? { compressed: res.compressed } : {}),
        ...(checksum ? { checksum } : {}),
      };
      await set.uploads.write(
        [bucket, uploadId, `part.${partNumber}.json`],
        Buffer.from(JSON.stringify(part)),
      );
      if (prevRaw) {
        const old = parseDoc<PartDoc>(prevRaw);
        await Promise.all(
          set.drives.map((d) =>
            fsp.rm(d.sys('multipart', bucket, uploadId, old.file), { force: true }).then(() => d.freed()),
          ),
        );
      }
      return partInfo(part);
    });
  } finally {
    await set.removeTmp(writeId);
  }
}

export async function listParts(
  set: ErasureSet,
  bucket: string,
  key: string,
  uploadId: string,
  opts?: ListPartsOptions,
): Promise<ListPartsResult> {
  await set.buckets.require(bucket);
  const upload = await readUpload(set, bucket, key, uploadId);
  const marker = opts?.partNumberMarker ?? 0;
  const max = opts?.maxParts ?? 1000;
  const all = (await readParts(set, bucket, uploadId)).filter((p) => p.number > marker);
  const page = all.slice(0, Math.max(max, 0));
  return {
    parts: page.map(partInfo),
    isTruncated: all.length > page.length,
    nextPartNumberMarker: page.length > 0 ? (page[page.length - 1] as PartDoc).number : marker,
    storageClass: upload.storageClass ?? 'STANDARD',
    ...(upload.checksum ? { checksum: upload.checksum } : {}),
    ...(upload.acl ? { acl: upload.acl } : {}),
  };
}

export async function listMultipartUploads(
  set: ErasureSet,
  bucket: string,
  opts?: ListUploadsOptions,
): Promise<ListUploadsResult> {
  await set.buckets.require(bucket);
  const prefix = opts?.prefix ?? '';
  const max = opts?.maxUploads ?? 1000;
  const ids = await set.uploads.listDir([bucket]);
  const all: MultipartUploadInfo[] = [];
  for (const id of ids) {
    const raw = await set.uploads.read([bucket, id, 'upload.json']).catch(() => null);
    if (!raw) continue;
    const doc = parseDoc<UploadDoc>(raw);
    if (!doc.key.startsWith(prefix)) continue;
    all.push({
      bucket,
      key: doc.key,
      uploadId: id,
      initiated: new Date(doc.initiated),
      storageClass: doc.storageClass ?? 'STANDARD',
      ...(doc.acl ? { acl: doc.acl } : {}),
    });
  }
  all.sort(
    (a, b) =>
      compareKeys(a.key, b.key) ||
      a.initiated.getTime() - b.initiated.getTime() ||
      compareKeys(a.uploadId, b.uploadId),
  );
  const km = opts?.keyMarker ?? '';
  const um = opts?.uploadIdMarker ?? '';
  let start = 0;
  if (km) {
    const at = um ? all.findIndex((u) => u.key === km && u.uploadId === um) : -1;
    start = at >= 0 ? at + 1 : all.findIndex((u) => compareKeys(u.key, km) > 0);
    if (start < 0) start = all.length;
  }
  const rest = all.slice(start);
  const page = rest.slice(0, Math.max(max, 0));
  return { uploads: page, isTruncated: rest.length > page.length };
}

export async function abortMultipartUpload(
  set: ErasureSet,
  bucket: string,
  key: string,
  uploadId: string,
): Promise<void> {
  await set.buckets.require(bucket);
  await readUpload(set, bucket, key, uploadId);
  await set.uploads.deleteTree([bucket, uploadId]);
}
