// SPDX-License-Identifier: Apache-2.0
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { s3Error } from '../core/errors.js';
import { readCompressedRange } from './compression.js';
import { partKey, readSealedRange, type StoredBytes } from './encryption.js';
import { PartReader, readPartRange, writeErasure } from './erasure.js';
import type { ErasureSet } from './erasure-set.js';
import { objectLock } from './key-locks.js';
import type { VersionRecord } from './meta.js';
import { readMeta, writeMeta } from './meta-io.js';
import { RESTORE_KEY, restoreHeader } from './restore.js';
import { isRemote, remoteRead } from './transition.js';
import type { ByteRange, GetObjectResult, ObjectInfo } from './types.js';
import { openPartSources, pickVersion, storedSize, toInfo, versionParts } from './versions.js';

/**
 * Encrypted versions on a remote tier, as MinIO keeps them: the tier gets the version's stored bytes
 * as they are — every part's sealed packages (compressed first when compressed), one part after the
 * other — so the remote holds ciphertext only. The local metadata keeps the sealed object key, the
 * part layout and the compression index: reads from the tier decrypt just the packages a range
 * needs, and a restore writes the same stored bytes back as the parts they were.
 */

/** Parts of a version with where their stored bytes start in the tier's copy. */
function storedLayout(v: VersionRecord): { number: number; size: number; at: number; stored: number }[] {
  let at = 0;
  return versionParts(v).map((p) => {
    const stored = storedSize(v, p);
    const out = { number: p.number, size: p.size, at, stored };
    at += stored;
    return out;
  });
}

/**
 * The stored (sealed) bytes of an encrypted version, for its transition; null when the version is
 * not encrypted (its plaintext is sent). A version already on a tier, or a delete marker, has none.
 */
export async function readStoredVersion(
  set: ErasureSet,
  bucket: string,
  key: string,
  versionId: string,
): Promise<{ info: ObjectInfo; stream: Readable; size: number } | null> {
  const meta = await readMeta(set, bucket, key, false);
  const { v, latest } = pickVersion(bucket, key, meta.doc, versionId);
  const info = toInfo(bucket, key, v, latest);
  if (!v.encryption) return null;
  const geometry = v.ec;
  if (v.deleteMarker || isRemote(v) || !geometry) return { info, stream: Readable.from([]), size: 0 };
  const ec = geometry;
  const layout = storedLayout(v);
  async function* stored(): AsyncGenerator<Buffer> {
    for (const part of layout) {
      if (part.stored === 0) continue;
      const { sources } = await openPartSources(set, bucket, key, v, meta, part.number);
      const reader = new PartReader(sources, ec, set.codec(ec), part.stored);
      try {
        yield* readPartRange(reader, 0, part.stored - 1);
      } finally {
        await reader.close();
      }
    }
  }
  const size = layout.reduce((n, p) => n + p.stored, 0);
  return { info, stream: Readable.from(stored(), { objectMode: false }), size };
}

/** GetObject of an encrypted version on a tier: ranges of its stored bytes, opened with `objectKey`. */
export function remoteSealedRead(
  set: ErasureSet,
  v: VersionRecord,
  info: ObjectInfo,
  range: ByteRange | null,
  objectKey: Buffer,
): GetObjectResult {
  const start = range ? range.start : 0;
  const end = range ? range.end : v.size - 1;
  const compressed = new Map(v.compression?.parts.map((p) => [p.number, p]) ?? []);
  async function* plain(): AsyncGenerator<Buffer> {
    let base = 0;
    for (const part of storedLayout(v)) {
      const pStart = base;
      base += part.size;
      if (pStart + part.size - 1 < start || pStart > end || part.size === 0) continue;
      const bytes: StoredBytes = {
        size: part.stored,
        async *range(a, b) {
          const got = await remoteRead(set, info, { start: part.at + a, end: part.at + b });
          for await (const c of got.stream) yield c as Buffer;
        },
      };
      const from = Math.max(start - pStart, 0);
      const to = Math.min(end - pStart, part.size - 1);
      const sealKey = partKey(objectKey, part.number);
      const cp = compressed.get(part.number);
      if (cp && v.compression)
        yield* readCompressedRange(bytes, v.compression.blockSize, cp, part.size, from, to, sealKey);
      else yield* readSealedRange(bytes, sealKey, part.size, from, to);
    }
  }
  return { info, range, stream: Readable.from(plain(), { objectMode: false }) };
}

/** Exactly `n` bytes of a shared body iterator, as a stream of their own. */
function taker(body: AsyncIterable<Buffer>): (n: number) => AsyncGenerator<Buffer> {
  const it = body[Symbol.asyncIterator]();
  let rest: Buffer | null = null;
  return async function* take(n: number) {
    while (n > 0) {
      let c = rest;
      rest = null;
      if (!c) {
        const r = await it.next();
        if (r.done) throw s3Error('InternalError', {}, 'The tier returned less data than the object holds.');
        c = r.value;
      }
      if (c.length > n) {
        rest = c.subarray(n);
        c = c.subarray(0, n);
      }
      n -= c.length;
      yield c;
    }
  };
}

/**
 * RestoreObject of an encrypted version: `body` is its stored bytes from the tier, written back part
 * by part (no decryption); a version with a local copy only gets the new expiry. Null when the version
 * is not encrypted (restore.ts handles it); false when it changed meanwhile.
 */
export async function restoreSealedCopy(
  set: ErasureSet,
  bucket: string,
  key: string,
  versionId: string,
  body: Readable,
  expect: { mtime: number; etag: string },
  expiry: number,
): Promise<boolean | null> {
  const first = (await readMeta(set, bucket, key, false)).doc?.versions.find(
    (x) => x.versionId === versionId,
  );
  if (!first?.encryption) return null;
  const remote = isRemote(first);
  const ec = set.geometry(key);
  const writeQuorum = set.writeQuorumFor(ec);
  const writeId = randomUUID();
  const dataDir = randomUUID();
  const written = set.drives.map(() => remote);
  try {
    if (remote) {
      const take = taker(body);
      for (const part of storedLayout(first)) {
        const res = await writeErasure({
          drives: set.drives,
          ec,
          rs: set.codec(ec),
          body: take(part.stored),
          declaredSize: part.stored,
          maxSize: part.stored,
          inlineLimit: -1,
          tmpFile: (d) => d.tmp(`${writeId}/part.${part.number}`),
          writeQuorum,
          fsync: set.fsync,
          hashBody: false,
        });
        res.written.forEach((w, i) => {
          written[i] = (written[i] as boolean) && w;
        });
      }
    }
    body.destroy();
    return await set.locks.run(objectLock(bucket, key), async () => {
      const prev = await readMeta(set, bucket, key);
      const v = prev.doc?.versions.find((x) => x.versionId === versionId);
      if (!prev.doc || !v || v.deleteMarker || v.mtime !== expect.mtime || v.etag !== expect.etag)
        return false;
      if (isRemote(v) !== remote) return false;
      const sys = { ...v.sys, [RESTORE_KEY]: restoreHeader(expiry) };
      const restored: VersionRecord = remote ? { ...v, sys, dataDir, inline: false, ec } : { ...v, sys };
      const versions = prev.doc.versions.map((x) => (x === v ? restored : x));
      const doc = { gen: randomUUID(), updated: Date.now(), versions };
      if (!remote) await writeMeta(set, bucket, key, doc, prev);
      else
        await writeMeta(set, bucket, key, doc, prev, {
          dataDir,
          writeId,
          inline: null,
          written,
          writeQuorum,
        });
      return true;
    });
  } finally {
    body.destroy();
    await set.removeTmp(writeId);
  }
}
