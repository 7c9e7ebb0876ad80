// SPDX-License-Identifier: Apache-2.0
import { Readable } from 'node:stream';
import { isS3Error, type S3Error, s3Error } from '../core/errors.js';
import { readCompressedRange } from './compression.js';
import { partKey, readSealedRange, sealedSize } from './encryption.js';
import { PartReader, readPartRange } from './erasure.js';
import type { ErasureSet } from './erasure-set.js';
import type { VersionRecord } from './meta.js';
import { type MetaRead, readMeta } from './meta-io.js';
import { validateObjectKey } from './names.js';
import { remoteSealedRead } from './sealed-tier.js';
import { isRemote, remoteRead } from './transition.js';
import type { ByteRange, GetObjectResult, ObjectInfo, UnsealKey } from './types.js';
import { openPartSources, pickVersion, toInfo, versionParts } from './versions.js';

/**
 * Object reads: HeadObject and GetObject (whole or a byte range), decoding the shards of a version's
 * parts as a stream, or handing over inline objects whole.
 */

/** Response headers on an error, where the error type carries them (S3Error.headers). */
function addHeaders(err: S3Error, headers: Record<string, string>): void {
  const h = (err as unknown as { headers?: Record<string, string> }).headers;
  if (h) Object.assign(h, headers);
}

/** Clip a requested range to the object (InvalidRange with Content-Range when unsatisfiable). */
function resolveRange(
  bucket: string,
  key: string,
  size: number,
  range: ByteRange | undefined,
): ByteRange | null {
  if (!range) return null;
  let { start, end } = range;
  if (start < 0) {
    // Suffix range (bytes=-N): the last N bytes.
    start = Math.max(size + start, 0);
    end = size - 1;
  }
  if (!Number.isFinite(end) || end >= size) end = size - 1;
  if (!Number.isInteger(start) || start >= size || end < start) {
    const err = s3Error('InvalidRange', { BucketName: bucket, Key: key, ActualObjectSize: String(size) });
    addHeaders(err, { 'content-range': `bytes */${size}` });
    throw err;
  }
  return { start, end };
}

export async function headObject(
  set: ErasureSet,
  bucket: string,
  key: string,
  opts?: { versionId?: string },
): Promise<ObjectInfo> {
  await set.buckets.require(bucket);
  validateObjectKey(bucket, key);
  const meta = await readMeta(set, bucket, key, true);
  const { v, latest } = pickVersion(bucket, key, meta.doc, opts?.versionId);
  return toInfo(bucket, key, v, latest);
}

/**
 * Ranges: `start`/`end` inclusive; `end` past the object is clipped (also Infinity for `bytes=N-`);
 * a negative `start` means the last -start bytes (`bytes=-N`).
 */
/**
 * An inline read's answer: the bytes whole, and a stream of them made only if asked for — by a getter
 * of the class (a getter in an object literal made every such GET's answer cost ~2 µs to create).
 */
class WholeRead implements GetObjectResult {
  readonly info: ObjectInfo;
  readonly range: ByteRange | null;
  readonly whole: Buffer;

  constructor(info: ObjectInfo, range: ByteRange | null, whole: Buffer) {
    this.info = info;
    this.range = range;
    this.whole = whole;
  }

  get stream(): Readable {
    return Readable.from([this.whole], { objectMode: false });
  }
}

export async function getObject(
  set: ErasureSet,
  bucket: string,
  key: string,
  opts?: { versionId?: string; range?: ByteRange; unseal?: UnsealKey },
): Promise<GetObjectResult> {
  await set.buckets.require(bucket);
  validateObjectKey(bucket, key);
  // Fast metadata read first; if that left too few shards readable, read every drive's copy.
  for (const fast of [true, false]) {
    const meta = await readMeta(set, bucket, key, fast);
    const { v, latest } = pickVersion(bucket, key, meta.doc, opts?.versionId);
    const info = toInfo(bucket, key, v, latest);
    const range = resolveRange(bucket, key, v.size, opts?.range);
    if (isRemote(v) && v.encryption) {
      return remoteSealedRead(
        set,
        v,
        info,
        range,
        (await versionKey(bucket, key, v, opts?.unseal)) as Buffer,
      );
    }
    if (isRemote(v)) return remoteRead(set, info, range);
    const start = range ? range.start : 0;
    const end = range ? range.end : v.size - 1;
    const objectKey = await versionKey(bucket, key, v, opts?.unseal);
    const gen = readVersion(set, bucket, key, v, meta, start, end, objectKey);
    // Read the first block now so a missing or damaged object fails before any byte is sent. Inline
    // objects (at most inlineLimit bytes, already in memory) are read whole and handed over as such.
    let first: IteratorResult<Buffer>;
    const chunks: Buffer[] = [];
    try {
      first = await gen.next();
      if (v.inline) {
        if (!first.done) chunks.push(first.value);
        for await (const c of gen) chunks.push(c);
      }
    } catch (err) {
      if (meta.partial && isS3Error(err, 'InsufficientReadQuorum')) continue;
      throw err;
    }
    if (v.inline) {
      return new WholeRead(info, range, chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));
    }
    return { info, range, stream: streamFrom(first, gen) };
  }
  throw s3Error('InsufficientReadQuorum', { BucketName: bucket, Key: key });
}

/** A byte stream of an already started generator; closing the stream ends the generator. */
function streamFrom(first: IteratorResult<Buffer>, gen: AsyncGenerator<Buffer>): Readable {
  const stream = Readable.from(
    (async function* () {
      if (first.done) return;
      yield first.value;
      yield* gen;
    })(),
    { objectMode: false },
  );
  stream.once('close', () => {
    void gen.return(undefined);
  });
  return stream;
}

/** The object key of an encrypted version (null when not encrypted). */
async function versionKey(
  bucket: string,
  key: string,
  v: VersionRecord,
  unseal: UnsealKey | undefined,
): Promise<Buffer | null> {
  if (!v.encryption || v.deleteMarker) return null;
  if (!unseal) throw s3Error('InternalError', { BucketName: bucket, Key: key }, 'The object is encrypted.');
  return unseal(v.encryption);
}

/** Decode bytes `start..end` (inclusive) of a version, part by part (decrypted with `objectKey`). */
async function* readVersion(
  set: ErasureSet,
  bucket: string,
  key: string,
  v: VersionRecord,
  meta: MetaRead,
  start: number,
  end: number,
  objectKey: Buffer | null,
): AsyncGenerator<Buffer> {
  const ec = v.ec;
  if (!ec || end < start) return;
  const rs = set.codec(ec);
  const compression = v.compression;
  const compressed = compression ? new Map(compression.parts.map((p) => [p.number, p])) : null;
  let base = 0;
  for (const part of versionParts(v)) {
    const pStart = base;
    const pEnd = base + part.size - 1;
    base += part.size;
    if (pEnd < start || pStart > end || part.size === 0) continue;
    const { sources } = await openPartSources(set, bucket, key, v, meta, part.number);
    const cp = compressed?.get(part.number);
    const sealKey = objectKey ? partKey(objectKey, part.number) : undefined;
    const stored = cp ? cp.stored : part.size;
    const reader = new PartReader(sources, ec, rs, sealKey ? sealedSize(stored) : stored);
    const from = Math.max(start - pStart, 0);
    const to = Math.min(end, pEnd) - pStart;
    try {
      if (cp && compression)
        yield* readCompressedRange(reader, compression.blockSize, cp, part.size, from, to, sealKey);
      else if (sealKey) yield* readSealedRange(reader, sealKey, part.size, from, to, true);
      else yield* readPartRange(reader, from, to, 'sending');
    } finally {
      await reader.close();
    }
  }
}
