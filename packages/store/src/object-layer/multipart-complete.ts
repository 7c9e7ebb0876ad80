// SPDX-License-Identifier: Apache-2.0
import { createHash, randomUUID } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { s3Error } from '../core/errors.js';
import { COMPRESSION_BLOCK_SIZE } from './compression.js';
import { isNotFound, mkdirIfMissing } from './drive.js';
import type { ErasureSet } from './erasure-set.js';
import { completeLock } from './key-locks.js';
import type { VersionRecord } from './meta.js';
import { type PartDoc, readParts, readUpload } from './multipart.js';
import { validateObjectKey } from './names.js';
import type { CompleteOptions, ObjectInfo } from './types.js';
import { commitVersion } from './versions.js';

/**
 * CompleteMultipartUpload: check the listed parts against the stored ones (order, ETags, minimum
 * size), move their shard files into a new data folder (renames, no copies) and commit it as the
 * key's latest version.
 */

const MIN_PART_SIZE = 5 * 1024 * 1024;

function stripQuotes(etag: string): string {
  return etag.replace(/^"|"$/g, '').toLowerCase();
}

/** The stored parts the request lists, in its order; InvalidPartOrder / InvalidPart / EntityTooSmall. */
async function chooseParts(
  set: ErasureSet,
  bucket: string,
  uploadId: string,
  parts: { partNumber: number; etag: string }[],
): Promise<PartDoc[]> {
  if (parts.length === 0) {
    throw s3Error('MalformedXML', {}, 'You must specify at least one part');
  }
  for (let i = 1; i < parts.length; i++) {
    if (
      (parts[i] as { partNumber: number }).partNumber <= (parts[i - 1] as { partNumber: number }).partNumber
    ) {
      throw s3Error('InvalidPartOrder', { UploadId: uploadId });
    }
  }
  const stored = new Map((await readParts(set, bucket, uploadId)).map((p) => [p.number, p]));
  const chosen: PartDoc[] = [];
  for (const p of parts) {
    const s = stored.get(p.partNumber);
    if (!s || stripQuotes(p.etag) !== s.etag) {
      throw s3Error('InvalidPart', { UploadId: uploadId, PartNumber: String(p.partNumber) });
    }
    chosen.push(s);
  }
  for (const [i, s] of chosen.entries()) {
    const p = parts[i] as { partNumber: number };
    if (i < parts.length - 1 && s.size < MIN_PART_SIZE) {
      throw s3Error('EntityTooSmall', {
        UploadId: uploadId,
        PartNumber: String(p.partNumber),
        ProposedSize: String(s.size),
        MinSizeAllowed: String(MIN_PART_SIZE),
      });
    }
  }
  return chosen;
}

export async function completeMultipartUpload(
  set: ErasureSet,
  bucket: string,
  key: string,
  uploadId: string,
  parts: { partNumber: number; etag: string }[],
  opts: CompleteOptions = {},
): Promise<ObjectInfo> {
  await set.buckets.require(bucket);
  validateObjectKey(bucket, key);
  return set.locks.run(completeLock(uploadId), async () => {
    const upload = await readUpload(set, bucket, key, uploadId);
    const chosen = await chooseParts(set, bucket, uploadId, parts);
    // Checked before any part file moves, so a refused checksum leaves the upload as it was.
    const checksum = await opts.checksum?.(
      chosen.map((p) => ({
        number: p.number,
        size: p.size,
        ...(p.checksum ? { checksum: p.checksum } : {}),
      })),
      upload.checksum,
    );
    const md5s = Buffer.concat(chosen.map((p) => Buffer.from(p.etag, 'hex')));
    const etag = `${createHash('md5').update(md5s).digest('hex')}-${chosen.length}`;
    const dataDir = randomUUID();
    const writeId = randomUUID();
    // Assemble the object's data folder in tmp from the part files (renames, no copies).
    const written = set.drives.map(() => false);
    const present: number[] = chosen.map(() => 0);
    await Promise.all(
      set.drives.map(async (d, i) => {
        if (!d.online) return;
        try {
          await mkdirIfMissing(d.tmp(writeId));
          for (const [j, p] of chosen.entries()) {
            try {
              await fsp.rename(
                d.sys('multipart', bucket, uploadId, p.file),
                path.join(d.tmp(writeId), `part.${p.number}`),
              );
              present[j] = (present[j] ?? 0) + 1;
            } catch (err) {
              // A drive that missed this part (offline then) just lacks that shard.
              if (!isNotFound(err)) throw err;
            }
          }
          written[i] = true;
        } catch (err) {
          d.reportError(err);
        }
      }),
    );
    if (present.some((n) => n < upload.ec.k)) throw s3Error('InsufficientWriteQuorum');
    const v: VersionRecord = {
      versionId: 'null',
      deleteMarker: false,
      size: chosen.reduce((n, p) => n + p.size, 0),
      etag,
      mtime: Date.now(),
      contentType: upload.contentType,
      sys: upload.sys,
      user: upload.user,
      tags: upload.tags,
      retention: upload.retention,
      legalHold: upload.legalHold,
      parts: chosen.map((p) => ({
        number: p.number,
        size: p.size,
        etag: p.etag,
        ...(p.checksum ? { checksum: p.checksum } : {}),
      })),
      dataDir,
      inline: false,
      ec: upload.ec,
      storageClass: upload.storageClass ?? 'STANDARD',
    };
    if (checksum) v.checksum = checksum;
    if (upload.acl) v.acl = upload.acl;
    const compressed = chosen.flatMap((p) => (p.compressed ? [{ number: p.number, ...p.compressed }] : []));
    if (compressed.length > 0) {
      v.compression = { algo: 'zstd', blockSize: COMPRESSION_BLOCK_SIZE, parts: compressed };
    }
    if (upload.encryption) v.encryption = { ...upload.encryption };
    if (upload.repl) v.repl = upload.repl;
    const replica = upload.replicaVersionId
      ? {
          versionId: upload.replicaVersionId,
          mtime: opts.replica?.mtime ?? Date.now(),
          ...(opts.replica?.etag ? { etag: opts.replica.etag } : {}),
        }
      : undefined;
    try {
      const info = await commitVersion(
        set,
        bucket,
        key,
        v,
        { dataDir, writeId, inline: null, written, writeQuorum: set.writeQuorumFor(upload.ec) },
        replica,
        opts.precondition,
      );
      await set.uploads.deleteTree([bucket, uploadId]).catch(() => undefined);
      return info;
    } finally {
      await set.removeTmp(writeId);
    }
  });
}
