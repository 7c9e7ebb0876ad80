// SPDX-License-Identifier: Apache-2.0
import { createHmac } from 'node:crypto';
import { s3Error } from '../core/errors.js';
import { reusableOnceSent } from '../core/sent-memory.js';
import {
  bodyChunks,
  checkComplete,
  countChunk,
  type ErasureWriteParams,
  PartReader,
  readPartRange,
  writeErasure,
} from './erasure.js';
import { localMd5, type Md5Session } from './md5-worker.js';
import { batchBuffer, openBatch, recycleSealed, reuseBatchMemory, sealBatch } from './seal-pool.js';
import type { BodyTap } from './types.js';

/**
 * Encryption at rest of object data, in authenticated packages as MinIO's DARE format does: a part's
 * bytes (after compression, when compressed) are cut into packages of PACKAGE_SIZE and each is sealed
 * on its own with AES-256-GCM under the part's key (derived from the object key and the part number),
 * its nonce the package's sequence number and its additional data a "final package" flag, so packages
 * cannot be reordered, swapped between parts or cut off the end. A package is stored as ciphertext |
 * 16-byte tag, so package i starts at i·(PACKAGE_SIZE + 16) and a ranged read decrypts only the
 * packages it touches. The object key itself is sealed by the S3 layer (KMS or customer key) and
 * handed in; this module never sees how. See docs/encryption.md.
 */

/** Plaintext bytes per package (64 KiB, as DARE). */
export const PACKAGE_SIZE = 64 * 1024;
const TAG_SIZE = 16;
const SEALED_PACKAGE = PACKAGE_SIZE + TAG_SIZE;
/** Packages sealed per batch: the plaintext MD5 is fed whole batches (one worker round trip each). */
const BATCH = 16 * PACKAGE_SIZE;
/** Batches being sealed or opened ahead of the one the stream waits for (bounded memory). */
const AHEAD = 3;

/** Stored (sealed) size of `plain` bytes. */
export function sealedSize(plain: number): number {
  const full = Math.floor(plain / PACKAGE_SIZE);
  const rest = plain - full * PACKAGE_SIZE;
  return full * SEALED_PACKAGE + (rest > 0 ? rest + TAG_SIZE : 0);
}

/** The key of part `n` of an object. */
export function partKey(objectKey: Buffer, part: number): Buffer {
  return createHmac('sha256', objectKey).update(`stowage-dare-part:${part}`).digest();
}

/** ETag of a single-part SSE-C / SSE-KMS object: not the plaintext's MD5 (as AWS), but stable. */
export function opaqueEtag(objectKey: Buffer, md5: Buffer): string {
  return createHmac('sha256', objectKey).update(md5).digest('hex').slice(0, 32);
}

interface SealedBody {
  stream: AsyncGenerator<Buffer>;
  /** Once `stream` has ended: the plaintext's size and MD5 (empty when not hashed). */
  result(): { size: number; md5: Buffer };
}

/**
 * Seal a body package by package. With `check`, sizes are checked as writeErasure does
 * (EntityTooLarge past `maxSize`, IncompleteBody when not `declaredSize`) and the plaintext is
 * hashed; without, the body is taken as it comes (the compressed stream, checked and hashed upstream).
 */
export function sealBody(
  body: ErasureWriteParams['body'],
  key: Buffer,
  check?: { declaredSize: number; maxSize: number; md5: () => Md5Session; tap?: BodyTap },
): SealedBody {
  let total = 0;
  let digest: Buffer = Buffer.alloc(0);
  async function* run(): AsyncGenerator<Buffer> {
    const md5 = check?.md5() ?? null;
    let seq = 0;
    let held: Buffer | null = null;
    let batch: Buffer | null = null;
    let fill = 0;
    let done = false;
    const sealing: Promise<Buffer>[] = [];
    // A batch is sealed once the next byte arrives (or the body ends): only then is its last package
    // known to be final or not. Up to AHEAD batches are sealed (on the pool) while the stream goes on.
    async function* seal(b: Buffer, final: boolean): AsyncGenerator<Buffer> {
      if (md5) {
        await md5.ready();
        md5.update(b);
      }
      const first = seq;
      seq += Math.ceil(b.length / PACKAGE_SIZE);
      // b is handed over (transferred) to the pool: not usable from here on.
      const sealed = sealBatch(key, first, final, b);
      sealed.catch(() => undefined);
      sealing.push(sealed);
      while (sealing.length > AHEAD) yield* handOn(sealing.shift() as Promise<Buffer>);
    }
    // The consumer (writeErasure) copies each chunk before it asks for the next: its memory is reused.
    async function* handOn(sealed: Promise<Buffer>): AsyncGenerator<Buffer> {
      const b = await sealed;
      yield b;
      recycleSealed(b);
    }
    try {
      for await (const chunk of bodyChunks(body)) {
        const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        total = check ? countChunk(total, buf, check) : total + buf.length;
        let off = 0;
        while (off < buf.length) {
          if (held) {
            yield* seal(held, false);
            held = null;
          }
          batch ??= batchBuffer(BATCH, BATCH);
          const n = Math.min(buf.length - off, BATCH - fill);
          buf.copy(batch, fill, off, off + n);
          fill += n;
          off += n;
          if (fill === BATCH) {
            held = batch;
            batch = null;
            fill = 0;
          }
        }
      }
      if (check) checkComplete(total, check);
      if (held) yield* seal(held, !(batch && fill > 0));
      if (batch && fill > 0) yield* seal(batch.subarray(0, fill), true);
      while (sealing.length > 0) yield* handOn(sealing.shift() as Promise<Buffer>);
      if (md5) digest = await md5.digest();
      done = true;
    } finally {
      if (!done) md5?.abort();
    }
  }
  return { stream: run(), result: () => ({ size: total, md5: digest }) };
}

/**
 * writeErasure of a body sealed under `key` (an uncompressed part). Inline when the plaintext is
 * within the inline limit, as unencrypted bodies are.
 */
export async function writeSealed(
  p: ErasureWriteParams,
  key: Buffer,
): Promise<{ size: number; md5: Buffer; inline: (Buffer | null)[] | null; written: boolean[] }> {
  const small = p.declaredSize >= 0 && p.declaredSize <= BATCH;
  const sealed = sealBody(p.body, key, {
    declaredSize: p.declaredSize,
    maxSize: p.maxSize,
    md5: () => (small || !p.largeMd5 ? localMd5() : p.largeMd5(BATCH)),
    ...(p.tap ? { tap: p.tap } : {}),
  });
  let res: Awaited<ReturnType<typeof writeErasure>>;
  try {
    res = await writeErasure({
      ...p,
      body: sealed.stream,
      declaredSize: p.declaredSize >= 0 ? sealedSize(p.declaredSize) : -1,
      maxSize: Number.MAX_SAFE_INTEGER,
      inlineLimit: p.declaredSize >= 0 && p.declaredSize <= p.inlineLimit ? sealedSize(p.inlineLimit) : -1,
      hashBody: false,
      tap: undefined,
    });
  } finally {
    await sealed.stream.return(undefined);
  }
  const { size, md5 } = sealed.result();
  return { size, md5, inline: res.inline, written: res.written };
}

/** Stored bytes of a part somewhere else than the drives (a remote tier): its size and ranges of it. */
export interface StoredBytes {
  size: number;
  range(start: number, end: number): AsyncIterable<Buffer>;
}

/** Stored bytes `start..end` (inclusive) of a part, from its shards or from elsewhere. */
export function storedRange(
  reader: PartReader | StoredBytes,
  start: number,
  end: number,
): AsyncIterable<Buffer> {
  return reader instanceof PartReader ? readPartRange(reader, start, end) : reader.range(start, end);
}

/**
 * Plaintext bytes `from..to` (inclusive) of a sealed part whose plaintext is `size` bytes: reads the
 * sealed packages the range touches only, opens each and slices. `sending`: the chunks go to a
 * response as they are (core/sent-memory.ts), and their memory is read into again once sent.
 */
export async function* readSealedRange(
  reader: PartReader | StoredBytes,
  key: Buffer,
  size: number,
  from: number,
  to: number,
  sending = false,
): AsyncGenerator<Buffer> {
  if (to < from || size === 0) return;
  if (reader.size !== sealedSize(size)) {
    throw s3Error('InternalError', {}, "The object's encrypted size does not match its data.");
  }
  const lastSeq = Math.ceil(size / PACKAGE_SIZE) - 1;
  const first = Math.floor(from / PACKAGE_SIZE);
  const last = Math.floor(to / PACKAGE_SIZE);
  const perBatch = BATCH / PACKAGE_SIZE;
  // Sealed packages are gathered into batches (copied out of the shards, which they straddle), opened
  // on the pool up to AHEAD batches ahead, and handed on in order, cut to the range.
  const opening: { seq: number; plain: Promise<Buffer> }[] = [];
  // Each batch is one chunk: its memory has no other view in use once the chunk is sent.
  const cut = (seq: number, plain: Buffer): Buffer => {
    const base = seq * PACKAGE_SIZE;
    const chunk = plain.subarray(Math.max(from - base, 0), Math.min(to - base + 1, plain.length));
    return sending ? reusableOnceSent(chunk, reuseBatchMemory) : chunk;
  };
  let seq = first;
  let batch: Buffer | null = null;
  let fill = 0;
  const stored =
    reader instanceof PartReader
      ? readPartRange(reader, first * SEALED_PACKAGE, sealedEnd(size, last), 'copied')
      : reader.range(first * SEALED_PACKAGE, sealedEnd(size, last));
  for await (const chunk of stored) {
    let c = chunk;
    while (c.length > 0) {
      batch ??= batchBuffer(
        sealedEnd(size, Math.min(seq + perBatch, last + 1) - 1) + 1 - seq * SEALED_PACKAGE,
        perBatch * SEALED_PACKAGE,
      );
      const take = Math.min(batch.length - fill, c.length);
      c.copy(batch, fill, 0, take);
      fill += take;
      c = c.subarray(take);
      if (fill === batch.length) {
        const at = seq;
        seq += Math.ceil(batch.length / SEALED_PACKAGE);
        // batch is handed over (transferred) to the pool: not usable from here on.
        const plain = openBatch(key, at, lastSeq, batch);
        plain.catch(() => undefined);
        opening.push({ seq: at, plain });
        batch = null;
        fill = 0;
        while (opening.length > AHEAD) {
          const next = opening.shift() as (typeof opening)[number];
          yield cut(next.seq, await next.plain);
        }
      }
    }
  }
  for (const next of opening) yield cut(next.seq, await next.plain);
  if (seq <= last) throw s3Error('InternalError', {}, 'An encrypted package of the object is missing.');
}

/** Offset of the last stored byte of package `seq` of a part whose plaintext is `size` bytes. */
function sealedEnd(size: number, seq: number): number {
  return Math.min((seq + 1) * SEALED_PACKAGE, sealedSize(size)) - 1;
}
