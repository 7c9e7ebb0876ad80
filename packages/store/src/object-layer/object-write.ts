// SPDX-License-Identifier: Apache-2.0
import { randomUUID } from 'node:crypto';
import { s3Error } from '../core/errors.js';
import { COMPRESSION_BLOCK_SIZE, writeBody } from './compression.js';
import { opaqueEtag, partKey } from './encryption.js';
import { MAX_OBJECT_SIZE } from './erasure.js';
import type { ErasureSet } from './erasure-set.js';
import { objectLock } from './key-locks.js';
import type { MetaDoc, VersionRecord } from './meta.js';
import { readMeta, writeMeta } from './meta-io.js';
import { validateObjectKey } from './names.js';
import type { MetadataPatch, ObjectBody, ObjectInfo, PutObjectOptions } from './types.js';
import { commitVersion, pickVersion, toInfo, toRetention } from './versions.js';

/**
 * Object writes: PutObject (erasure-coded shards, or inline in the metadata file for small bodies,
 * committed as the key's latest version) and the in-place update of one version's metadata (tags,
 * retention, legal hold, user/system metadata).
 */

/** Check a body's MD5 against Content-MD5 (base64): InvalidDigest / BadDigest. */
export function checkMd5(md5: Buffer, expected: string | undefined, bucket: string, key: string): void {
  if (expected === undefined) return;
  const want = Buffer.from(expected, 'base64');
  if (want.length !== 16) throw s3Error('InvalidDigest', { BucketName: bucket, Key: key });
  if (!want.equals(md5)) throw s3Error('BadDigest', { BucketName: bucket, Key: key });
}

export async function putObject(
  set: ErasureSet,
  bucket: string,
  key: string,
  body: ObjectBody,
  opts: PutObjectOptions,
): Promise<ObjectInfo> {
  await set.buckets.require(bucket);
  validateObjectKey(bucket, key);
  if (opts.size > MAX_OBJECT_SIZE) throw s3Error('EntityTooLarge', { BucketName: bucket, Key: key });
  const retention = toRetention(opts.retention);
  const ec = set.geometry(key, opts.parity);
  const writeQuorum = set.writeQuorumFor(ec);
  const writeId = randomUUID();
  const dataDir = randomUUID();
  let inlined = false;
  try {
    const res = await writeBody(
      {
        drives: set.drives,
        ec,
        rs: set.codec(ec),
        body,
        declaredSize: opts.size,
        maxSize: MAX_OBJECT_SIZE,
        inlineLimit: set.inlineLimit,
        tmpFile: (d) => d.tmp(`${writeId}/part.1`),
        writeQuorum,
        fsync: set.fsync,
        largeMd5: set.largeMd5,
        ...(opts.bodyTap ? { tap: opts.bodyTap } : {}),
      },
      opts.compress === true,
      opts.encryption ? partKey(opts.encryption.key, 1) : undefined,
    );
    checkMd5(res.md5, opts.contentMd5Base64, bucket, key);
    const enc = opts.encryption;
    const v: VersionRecord = {
      versionId: 'null',
      deleteMarker: false,
      size: res.size,
      etag: enc?.opaqueEtag ? opaqueEtag(enc.key, res.md5) : res.md5.toString('hex'),
      mtime: Date.now(),
      contentType: opts.contentType || 'application/octet-stream',
      sys: { ...(opts.systemMetadata ?? {}) },
      user: { ...(opts.userMetadata ?? {}) },
      tags: { ...(opts.tags ?? {}) },
      retention,
      legalHold: opts.legalHold === true,
      parts: null,
      dataDir,
      inline: res.inline !== null,
      ec,
      storageClass: opts.storageClass ?? 'STANDARD',
      ...(opts.replicationStatus ? { repl: opts.replicationStatus } : {}),
      ...(opts.acl ? { acl: opts.acl } : {}),
    };
    if (res.compressed) {
      v.compression = {
        algo: 'zstd',
        blockSize: COMPRESSION_BLOCK_SIZE,
        parts: [{ number: 1, ...res.compressed }],
      };
    }
    if (enc) v.encryption = { ...enc.record };
    const checksum = opts.checksum?.();
    if (checksum) v.checksum = checksum;
    if (res.inline) inlined = true;
    return await commitVersion(
      set,
      bucket,
      key,
      v,
      {
        dataDir,
        writeId: res.inline ? null : writeId,
        inline: res.inline,
        written: res.written,
        writeQuorum,
      },
      opts.replica,
      opts.precondition,
    );
  } finally {
    // Inline writes never created temp files; others leave them only on failure.
    if (!inlined) await set.removeTmp(writeId);
  }
}

export type { MetadataPatch } from './types.js';

export async function updateObjectMetadata(
  set: ErasureSet,
  bucket: string,
  key: string,
  versionId: string | undefined,
  patch: MetadataPatch,
): Promise<ObjectInfo> {
  await set.buckets.require(bucket);
  validateObjectKey(bucket, key);
  return set.locks.run(objectLock(bucket, key), async () => {
    const prev = await readMeta(set, bucket, key);
    const { v, latest } = pickVersion(bucket, key, prev.doc, versionId);
    const next: VersionRecord = { ...v };
    if (patch.tags !== undefined) next.tags = { ...patch.tags };
    if (patch.userMetadata !== undefined) next.user = { ...patch.userMetadata };
    if (patch.systemMetadata !== undefined) next.sys = { ...patch.systemMetadata };
    if (patch.contentType !== undefined) next.contentType = patch.contentType;
    if (patch.legalHold !== undefined) next.legalHold = patch.legalHold === true;
    if (patch.replicationStatus !== undefined) next.repl = patch.replicationStatus;
    if (patch.acl !== undefined) next.acl = patch.acl;
    if (patch.retention !== undefined) {
      const r = toRetention(patch.retention);
      const cur = v.retention;
      // S3 API: PutObjectRetention — COMPLIANCE retention can be neither shortened nor removed.
      if (cur?.mode === 'COMPLIANCE' && cur.until > Date.now()) {
        if (r?.mode !== 'COMPLIANCE' || r.until < cur.until) {
          throw s3Error('AccessDenied', { BucketName: bucket, Key: key }, 'Object is WORM protected');
        }
      }
      next.retention = r;
    }
    const doc = prev.doc as MetaDoc;
    const versions = doc.versions.map((x) => (x === v ? next : x));
    await writeMeta(set, bucket, key, { gen: randomUUID(), updated: Date.now(), versions }, prev);
    return toInfo(bucket, key, next, latest);
  });
}
