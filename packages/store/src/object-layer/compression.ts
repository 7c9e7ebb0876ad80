// SPDX-License-Identifier: Apache-2.0
import { promisify } from 'node:util';
import { constants, zstdCompress, zstdDecompress } from 'node:zlib';
import { s3Error } from '../core/errors.js';
import {
  readSealedRange,
  type StoredBytes,
  sealBody,
  sealedSize,
  storedRange,
  writeSealed,
} from './encryption.js';
import {
  bodyChunks,
  checkComplete,
  countChunk,
  type ErasureWriteParams,
  type ErasureWriteResult,
  type PartReader,
  writeErasure,
} from './erasure.js';
import { localMd5, type Md5Session } from './md5-worker.js';
import type { CompressedPart } from './meta.js';
import type { BodyTap } from './types.js';

/**
 * Compression at rest (the `compression` config set decides which objects; the S3 handlers pass
 * `compress` in PutObjectOptions). A part's original bytes are cut into blocks of
 * COMPRESSION_BLOCK_SIZE and each block is compressed on its own into one zstd frame — or kept raw
 * when zstd does not make it smaller — and the stored blocks, back to back, are what gets
 * erasure-coded. The version record keeps each block's stored length (the block index), so a
 * ranged read maps the range to blocks, reads only their stored bytes and decompresses only them.
 * The MD5 (ETag, Content-MD5) and the size are the original bytes'. See docs/erasure.md.
 */

/** Original bytes per compressed block. */
export const COMPRESSION_BLOCK_SIZE = 1024 * 1024;

/** As MinIO: bodies of at most this many bytes are never compressed (too little to gain). */
export const MIN_COMPRESSIBLE_SIZE = 4096;

/** zstd level: its default, fast (hundreds of MiB/s per core) with a good ratio on text. */
const ZSTD_LEVEL = 3;

/**
 * Blocks being compressed (writes) or decompressed (reads) on the thread pool while earlier ones are
 * written or sent: spreads the codec's work over the pool's threads.
 */
const IN_FLIGHT = 3;

const compressAsync = promisify(zstdCompress);
const decompressAsync = promisify(zstdDecompress);

/** The block index as stored: each block's stored length, little-endian uint32s, base64. */
export function encodeIndex(lengths: readonly number[]): string {
  const b = Buffer.allocUnsafe(lengths.length * 4);
  lengths.forEach((n, i) => {
    b.writeUInt32LE(n, i * 4);
  });
  return b.toString('base64');
}

export function decodeIndex(blocks: string): number[] {
  const b = Buffer.from(blocks, 'base64');
  const out: number[] = new Array(b.length >> 2);
  for (let i = 0; i < out.length; i++) out[i] = b.readUInt32LE(i * 4);
  return out;
}

/** Original length of block `b` of a part of `size` bytes. */
function blockLength(size: number, blockSize: number, b: number): number {
  return Math.min(blockSize, size - b * blockSize);
}

/** One block as stored: a zstd frame, or the block itself when that is not smaller. */
async function compressBlock(block: Buffer): Promise<Buffer> {
  const out = await compressAsync(block, { params: { [constants.ZSTD_c_compressionLevel]: ZSTD_LEVEL } });
  return out.length < block.length ? out : block;
}

/** The original bytes of a stored block (`length` of them). */
async function decodeBlock(stored: Buffer, length: number): Promise<Buffer> {
  if (stored.length === length) return stored;
  let out: Buffer;
  try {
    // One output buffer of the block's size: zlib's default 16 KiB chunks would cost a thread-pool
    // round trip per 16 KiB (measured ~5× slower on a loaded machine).
    out = await decompressAsync(stored, { maxOutputLength: length, chunkSize: Math.max(length, 64) });
  } catch {
    throw s3Error('InternalError', {}, 'A compressed block of the object does not decompress.');
  }
  if (out.length !== length) {
    throw s3Error('InternalError', {}, 'A compressed block of the object has the wrong length.');
  }
  return out;
}

interface CompressedBody {
  /** The stored bytes, block after block. */
  stream: AsyncGenerator<Buffer>;
  /** Once `stream` has ended: the original size and MD5, and each block's stored length. */
  result(): { size: number; md5: Buffer; lengths: number[] };
}

/**
 * Compress a body block by block (sizes checked as writeErasure does: EntityTooLarge past
 * `maxSize`, IncompleteBody when it differs from `declaredSize`), hashing the original bytes.
 */
function compressBody(
  body: ErasureWriteParams['body'],
  o: { declaredSize: number; maxSize: number; largeMd5: (maxBlock: number) => Md5Session; tap?: BodyTap },
): CompressedBody {
  const bs = COMPRESSION_BLOCK_SIZE;
  const lengths: number[] = [];
  let total = 0;
  let digest: Buffer | null = null;
  async function* run(): AsyncGenerator<Buffer> {
    const md5 = o.declaredSize >= 0 && o.declaredSize <= bs ? localMd5() : o.largeMd5(bs);
    const queue: Promise<Buffer>[] = [];
    let flushed = 0;
    let block: Buffer | null = null;
    let fill = 0;
    let done = false;
    const flush = async (b: Buffer): Promise<void> => {
      await md5.ready();
      md5.update(b);
      flushed += b.length;
      const p = compressBlock(b);
      p.catch(() => undefined);
      queue.push(p);
    };
    const emit = async (): Promise<Buffer> => {
      const stored = await (queue.shift() as Promise<Buffer>);
      lengths.push(stored.length);
      return stored;
    };
    try {
      for await (const chunk of bodyChunks(body)) {
        const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        total = countChunk(total, buf, o);
        let off = 0;
        while (off < buf.length) {
          // Sized to what is left of a declared body, so small bodies take no full block.
          block ??= Buffer.allocUnsafe(o.declaredSize >= 0 ? Math.min(bs, o.declaredSize - flushed) : bs);
          const n = Math.min(buf.length - off, block.length - fill);
          buf.copy(block, fill, off, off + n);
          fill += n;
          off += n;
          if (fill === block.length) {
            await flush(block);
            block = null;
            fill = 0;
            while (queue.length >= IN_FLIGHT) yield await emit();
          }
        }
      }
      checkComplete(total, o);
      if (block && fill > 0) await flush(block.subarray(0, fill));
      while (queue.length > 0) yield await emit();
      digest = await md5.digest();
      done = true;
    } finally {
      if (!done) md5.abort();
    }
  }
  return {
    stream: run(),
    result: () => {
      if (!digest) throw new Error('compressed body not finished');
      return { size: total, md5: digest, lengths };
    },
  };
}

/** A written part: writeErasure's result with the original size and MD5, and its block index. */
export interface StoredBody extends ErasureWriteResult {
  /** null when stored as sent (compression off, or no block got smaller). */
  compressed: Omit<CompressedPart, 'number'> | null;
}

/**
 * writeErasure of a body, compressed when `compress` (and larger than MIN_COMPRESSIBLE_SIZE), then
 * sealed under `sealKey` when given (./encryption.ts). Uncompressed bodies go straight to
 * writeErasure. A compressed body is inline when its original size is within the inline limit (so a
 * small stored size never means a large read into memory).
 */
export async function writeBody(
  p: ErasureWriteParams,
  compress: boolean,
  sealKey?: Buffer,
): Promise<StoredBody> {
  if (!compress || (p.declaredSize >= 0 && p.declaredSize <= MIN_COMPRESSIBLE_SIZE)) {
    const res = sealKey ? await writeSealed(p, sealKey) : await writeErasure(p);
    p.tap?.end();
    return { size: res.size, md5: res.md5, inline: res.inline, written: res.written, compressed: null };
  }
  const c = compressBody(p.body, {
    declaredSize: p.declaredSize,
    maxSize: p.maxSize,
    largeMd5: p.largeMd5 ?? (() => localMd5()),
    ...(p.tap ? { tap: p.tap } : {}),
  });
  const sealed = sealKey ? sealBody(c.stream, sealKey) : null;
  let res: ErasureWriteResult;
  try {
    res = await writeErasure({
      ...p,
      body: sealed ? sealed.stream : c.stream,
      declaredSize: -1,
      maxSize: Number.MAX_SAFE_INTEGER,
      inlineLimit:
        p.declaredSize >= 0 && p.declaredSize <= p.inlineLimit
          ? sealKey
            ? sealedSize(p.inlineLimit)
            : p.inlineLimit
          : -1,
      hashBody: false,
      tap: undefined,
    });
  } finally {
    await sealed?.stream.return(undefined);
    await c.stream.return(undefined);
  }
  p.tap?.end();
  const { size, md5, lengths } = c.result();
  const raw = lengths.every((n, b) => n === blockLength(size, COMPRESSION_BLOCK_SIZE, b));
  // A raw sealed body is read as an uncompressed one: its stored bytes are the original's.
  const stored = lengths.reduce((a, n) => a + n, 0);
  return {
    size,
    md5,
    inline: res.inline,
    written: res.written,
    compressed: raw ? null : { stored, blocks: encodeIndex(lengths) },
  };
}

/**
 * Original bytes `from..to` (inclusive, within the part) of a compressed part of `size` original
 * bytes: reads the stored bytes of the blocks the range touches only, decompresses them (IN_FLIGHT
 * blocks ahead of the consumer) and slices. `sealKey`: the stored bytes are sealed (./encryption.ts).
 */
export async function* readCompressedRange(
  reader: PartReader | StoredBytes,
  blockSize: number,
  part: Omit<CompressedPart, 'number'>,
  size: number,
  from: number,
  to: number,
  sealKey?: Buffer,
): AsyncGenerator<Buffer> {
  if (to < from || size === 0) return;
  const lengths = decodeIndex(part.blocks);
  const readerSize = sealKey ? sealedSize(part.stored) : part.stored;
  if (lengths.length !== Math.ceil(size / blockSize) || reader.size !== readerSize) {
    throw s3Error('InternalError', {}, "The object's compression index does not match its data.");
  }
  const first = Math.floor(from / blockSize);
  const last = Math.floor(to / blockSize);
  let storedStart = 0;
  for (let b = 0; b < first; b++) storedStart += lengths[b] as number;
  let storedEnd = storedStart - 1;
  for (let b = first; b <= last; b++) storedEnd += lengths[b] as number;

  const slice = (b: number, block: Buffer): Buffer => {
    const base = b * blockSize;
    return block.subarray(Math.max(from - base, 0), Math.min(to - base + 1, block.length));
  };
  let b = first;
  let pieces: Buffer[] = [];
  let have = 0;
  const pending: { b: number; decoded: Promise<Buffer> }[] = [];
  const stored = sealKey
    ? readSealedRange(reader, sealKey, part.stored, storedStart, storedEnd)
    : storedRange(reader, storedStart, storedEnd);
  for await (const chunk of stored) {
    let c = chunk;
    while (c.length > 0) {
      const need = (lengths[b] as number) - have;
      const take = Math.min(need, c.length);
      pieces.push(c.subarray(0, take));
      have += take;
      c = c.subarray(take);
      if (take < need) continue;
      const stored = pieces.length === 1 ? (pieces[0] as Buffer) : Buffer.concat(pieces);
      const decoded = decodeBlock(stored, blockLength(size, blockSize, b));
      decoded.catch(() => undefined);
      pending.push({ b, decoded });
      if (pending.length > IN_FLIGHT) {
        const next = pending.shift() as { b: number; decoded: Promise<Buffer> };
        yield slice(next.b, await next.decoded);
      }
      b++;
      pieces = [];
      have = 0;
    }
  }
  for (const next of pending) yield slice(next.b, await next.decoded);
}
