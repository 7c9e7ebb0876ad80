// SPDX-License-Identifier: Apache-2.0
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { s3Error } from '../core/errors.js';
import { reusableOnceSent } from '../core/sent-memory.js';
import { BITROT_SIZE, bitrotSum } from './codec/bitrot.js';
import type { ReedSolomon } from './codec/reed-solomon.js';
import { type Drive, mkdirIfMissing } from './drive.js';
import { type ExtraHash, localMd5, type Md5Session } from './md5-worker.js';
import type { ErasureGeometry } from './meta.js';
import type { BodyTap } from './types.js';

/**
 * Streaming erasure coding of one part (a single PUT is one part).
 *
 * The part is cut into blocks of `blockSize` bytes; each block into k data shards of ceil(len/k) bytes
 * (the last block zero-padded) plus m parity shards. Shard i of every block goes, in order, to the
 * drive d with dist[d] = i, each block framed as xxh64(shard) | shard. Block b therefore sits at
 * offset b·(8 + blockSize/k) of every shard file, so ranged reads seek straight to it.
 */

/** S3 API: a single PUT or part is at most 5 GiB; whole objects at most 5 TiB. */
export const MAX_OBJECT_SIZE = 5 * 1024 ** 4;

const NO_MD5: Buffer = Buffer.alloc(0);

export function shardFileSize(ec: ErasureGeometry, size: number): number {
  const full = Math.floor(size / ec.blockSize);
  const rest = size - full * ec.blockSize;
  const fullShard = ec.blockSize / ec.k;
  return full * (BITROT_SIZE + fullShard) + (rest > 0 ? BITROT_SIZE + Math.ceil(rest / ec.k) : 0);
}

export interface ErasureWriteParams {
  drives: Drive[];
  ec: ErasureGeometry;
  rs: ReedSolomon;
  /** A stream's chunks, or the whole body (ObjectBody). */
  body: AsyncIterable<Buffer | string> | Buffer;
  /** -1 when unknown. */
  declaredSize: number;
  maxSize: number;
  /** Parts of at most this many bytes are kept in memory and returned for inline storage. */
  inlineLimit: number;
  /** Temp file for this drive's shard; its folder is created by the writer. */
  tmpFile: (d: Drive) => string;
  writeQuorum: number;
  fsync: boolean;
  /**
   * MD5 for bodies larger than one block (e.g. on a worker thread; with the tap's offloaded hash
   * too); in-thread when absent.
   */
  largeMd5?: (maxBlock: number, extra?: ExtraHash) => Md5Session;
  /** false: the caller hashes the body itself (compressed writes); `md5` is then empty. */
  hashBody?: boolean;
  /** Sees each chunk of `body` (writeBody calls its `end`). */
  tap?: BodyTap;
}

export interface ErasureWriteResult {
  size: number;
  md5: Buffer;
  /** Inline storage: framed shard blob per drive index (null on drives that are offline). */
  inline: (Buffer | null)[] | null;
  /** Drives whose temp shard file is complete (all false when inline). */
  written: boolean[];
}

/** What every write loop checks of the body it reads: its sizes, and the caller's tap. */
export interface BodyLimits {
  /** -1 when unknown. */
  declaredSize: number;
  maxSize: number;
  tap?: BodyTap;
}

/**
 * The body's size once `buf` is counted: EntityTooLarge past `maxSize`, IncompleteBody past the declared
 * size (the body is not the one announced); `buf` is shown to the tap.
 */
export function countChunk(total: number, buf: Buffer, o: BodyLimits): number {
  const size = total + buf.length;
  if (size > o.maxSize) throw s3Error('EntityTooLarge');
  if (o.declaredSize >= 0 && size > o.declaredSize) throw s3Error('IncompleteBody');
  o.tap?.update(buf);
  return size;
}

/** A body that ended short of its declared size: IncompleteBody. */
export function checkComplete(total: number, o: BodyLimits): void {
  if (o.declaredSize >= 0 && total !== o.declaredSize) throw s3Error('IncompleteBody');
}

/** A body's chunks: a whole body is its only chunk. */
export function bodyChunks(body: ErasureWriteParams['body']): AsyncIterable<Buffer | string> | Buffer[] {
  return Buffer.isBuffer(body) ? [body] : body;
}

/** Bytes one drive's shard file of a `size`-byte body takes: its share of each block plus a checksum per block. */
function shardFileBytes(size: number, ec: ErasureGeometry): number {
  const blocks = Math.ceil(size / ec.blockSize);
  return Math.ceil(size / ec.k) + blocks * BITROT_SIZE;
}

/**
 * Sized volumes (./drive-usage.ts): XMinioStorageFull before anything is written when a body of known
 * size would not fit on an online drive.
 */
async function checkRoom(drives: readonly Drive[], bytes: number): Promise<void> {
  for (const d of drives) {
    if (d.online && d.usage && !(await d.usage.fits(bytes))) throw s3Error('XMinioStorageFull');
  }
}

export async function writeErasure(p: ErasureWriteParams): Promise<ErasureWriteResult> {
  const { drives, ec, rs } = p;
  const online = drives.map((d) => d.online);
  if (online.filter(Boolean).length < p.writeQuorum) throw s3Error('InsufficientWriteQuorum');
  const sized = drives.some((d) => d.usage);
  if (sized && p.declaredSize >= 0) await checkRoom(drives, shardFileBytes(p.declaredSize, ec));
  const hash = p.hashBody !== false;
  // A tap whose hash the MD5 session can run (CRC64NVME, the default checksum) is fed with the MD5,
  // block by block, not chunk by chunk in countChunk: on the hashing worker when the session has one.
  const tap = p.tap;
  const offload = hash && tap?.offload && tap.digested ? tap.offload : undefined;
  const limits: BodyLimits = offload ? { declaredSize: p.declaredSize, maxSize: p.maxSize } : p;
  // MD5 is fed whole blocks: the first block stays in-thread until we know the body is large.
  let md5: Md5Session | null = null;
  const md5Block = async (block: Buffer): Promise<void> => {
    md5 ??= p.largeMd5 ? p.largeMd5(ec.blockSize, offload) : localMd5();
    await md5.ready();
    md5.update(block);
    if (offload && !md5.extraDigest) tap?.update(block);
  };
  const handles: (fsp.FileHandle | null)[] = drives.map(() => null);
  const failed: boolean[] = drives.map((d) => !d.online);
  let opened = false;
  let pendingWrites: Promise<void> | null = null;
  // Block buffers are allocated on first use, sized to the body when it is known to be small, so
  // small PUTs do not churn through megabytes of garbage.
  const firstSize = p.declaredSize >= 0 && p.declaredSize < ec.blockSize ? p.declaredSize : ec.blockSize;
  const buffers: Buffer[] = [];
  const buffer = (i: number): Buffer => {
    let b = buffers[i];
    if (!b) {
      b = Buffer.allocUnsafe(i === 0 ? firstSize : ec.blockSize);
      buffers[i] = b;
    }
    return b;
  };
  let cur = 0;
  let fill = 0;
  let total = 0;

  const paritySets: Buffer[][] = [[], []];
  let encoded = 0;
  const encodeBlock = (block: Buffer): Buffer[] => {
    const len = block.length;
    const shardLen = Math.ceil(len / ec.k);
    let data = block;
    if (shardLen * ec.k !== len) {
      data = Buffer.alloc(shardLen * ec.k);
      block.copy(data);
    }
    const shards: Buffer[] = [];
    for (let i = 0; i < ec.k; i++) shards.push(data.subarray(i * shardLen, (i + 1) * shardLen));
    // Parity buffers alternate between two sets like the block buffers: a set is reused only after
    // the writes of the block before last have completed (writeBlock awaits them in order).
    const set = paritySets[encoded++ % 2] as Buffer[];
    const parity: Buffer[] = [];
    for (let i = 0; i < ec.m; i++) {
      let b = set[i];
      if (!b || b.length < shardLen) {
        // Sized to this block's shards: a large body's first block is a full one (later ones reuse
        // the buffer), and a small body allocates only what it encodes. Full-block parity buffers for
        // every small PUT (512 KiB each at 2+2) were ~1 MiB of ArrayBuffers per 4 KiB object, which
        // made V8 run a mark-compact every few dozen PUTs (external memory pressure).
        b = Buffer.allocUnsafe(shardLen);
        set[i] = b;
      }
      parity.push(b.subarray(0, shardLen));
    }
    rs.encode(shards, parity, shardLen);
    return [...shards, ...parity];
  };

  const checkQuorum = (): void => {
    if (failed.filter((f) => !f).length < p.writeQuorum) throw s3Error('InsufficientWriteQuorum');
  };

  const openFiles = async (): Promise<void> => {
    opened = true;
    await Promise.all(
      drives.map(async (d, i) => {
        if (failed[i]) return;
        try {
          const file = p.tmpFile(d);
          await mkdirIfMissing(path.dirname(file));
          handles[i] = await fsp.open(file, 'w');
        } catch (err) {
          failed[i] = true;
          d.reportError(err);
        }
      }),
    );
    checkQuorum();
  };

  const writeBlock = async (block: Buffer): Promise<void> => {
    if (hash) await md5Block(block);
    if (!opened) await openFiles();
    const shards = encodeBlock(block);
    const sums = shards.map((s) => bitrotSum(s));
    if (pendingWrites) await pendingWrites;
    checkQuorum();
    // A body larger than announced (or of unknown size) stops at a sized volume's limit, mid-stream.
    if (sized) await countShardBlock(shards[0] as Buffer);
    pendingWrites = Promise.all(
      drives.map(async (d, i) => {
        const fh = handles[i];
        if (!fh || failed[i]) return;
        const s = ec.dist[i] as number;
        try {
          await fh.writev([sums[s] as Buffer, shards[s] as Buffer]);
        } catch (err) {
          failed[i] = true;
          d.reportError(err);
        }
      }),
    ).then(() => undefined);
  };

  const countShardBlock = async (shard: Buffer): Promise<void> => {
    const bytes = shard.length + BITROT_SIZE;
    for (const [i, d] of drives.entries()) {
      const u = d.usage;
      if (!u || failed[i] || !handles[i]) continue;
      if (!u.fitsNow(bytes) && !(await u.fits(bytes))) throw s3Error('XMinioStorageFull');
      u.written(bytes);
    }
  };

  const closeAll = async (sync: boolean): Promise<void> => {
    await Promise.all(
      handles.map(async (fh, i) => {
        if (!fh) return;
        try {
          if (sync && !failed[i]) await fh.datasync();
        } catch (err) {
          failed[i] = true;
          (drives[i] as Drive).reportError(err);
        } finally {
          await fh.close().catch(() => undefined);
        }
      }),
    );
  };

  try {
    const whole = Buffer.isBuffer(p.body) ? p.body : null;
    if (whole && whole.length < ec.blockSize) {
      // A whole body smaller than a block is its only block: used as is, not copied.
      total = countChunk(total, whole, limits);
      buffers[0] = whole;
      fill = whole.length;
    } else {
      for await (const chunk of bodyChunks(p.body)) {
        const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        total = countChunk(total, buf, limits);
        let off = 0;
        while (off < buf.length) {
          let block = buffer(cur);
          if (block.length < ec.blockSize && fill + (buf.length - off) > block.length) {
            // The body is larger than declared; the size check above reports it, but stay safe.
            const bigger = Buffer.allocUnsafe(ec.blockSize);
            block.copy(bigger, 0, 0, fill);
            buffers[cur] = bigger;
            block = bigger;
          }
          const n = Math.min(buf.length - off, ec.blockSize - fill);
          buf.copy(block, fill, off, off + n);
          fill += n;
          off += n;
          if (fill === ec.blockSize) {
            await writeBlock(block);
            cur ^= 1;
            fill = 0;
          }
        }
      }
    }
    checkComplete(total, p);
    if (!opened && total <= p.inlineLimit) {
      if (offload) tap?.update(buffer(cur).subarray(0, fill));
      let digest = NO_MD5;
      if (hash) {
        const small = localMd5();
        small.update(buffer(cur).subarray(0, fill));
        digest = await small.digest();
      }
      const blob = total > 0 ? encodeBlock(buffer(cur).subarray(0, fill)) : [];
      const inline = drives.map((d, i) => {
        if (!d.online) return null;
        const shard = blob[ec.dist[i] as number];
        return shard ? Buffer.concat([bitrotSum(shard), shard]) : Buffer.alloc(0);
      });
      return { size: total, md5: digest, inline, written: drives.map(() => false) };
    }
    if (fill > 0) await writeBlock(buffer(cur).subarray(0, fill));
    else if (!opened) await openFiles();
    if (pendingWrites) await pendingWrites;
    await closeAll(p.fsync);
    checkQuorum();
    const last = md5 ?? localMd5();
    md5 = null;
    const digest = hash ? await last.digest() : NO_MD5;
    if (offload && last.extraDigest) tap?.digested?.(last.extraDigest());
    return { size: total, md5: digest, inline: null, written: failed.map((f) => !f) };
  } catch (err) {
    (md5 as Md5Session | null)?.abort();
    if (pendingWrites) await (pendingWrites as Promise<void>).catch(() => undefined);
    await closeAll(false);
    throw err;
  }
}

/** Where shard data is read from: a shard file or an inline blob. */
export interface ShardSource {
  /** `into`: memory to read into when it is large enough (a file source; a blob hands out views). */
  read(pos: number, len: number, into?: Buffer): Promise<Buffer | null>;
  close(): Promise<void>;
}

export function bufferSource(buf: Buffer): ShardSource {
  return {
    read: async (pos, len) => (pos + len <= buf.length ? buf.subarray(pos, pos + len) : null),
    close: async () => undefined,
  };
}

export async function openFileSource(file: string): Promise<ShardSource | null> {
  let fh: fsp.FileHandle;
  try {
    fh = await fsp.open(file, 'r');
  } catch {
    return null;
  }
  return {
    read: async (pos, len, into) => {
      const buf = into && into.length >= len ? into.subarray(0, len) : Buffer.allocUnsafe(len);
      let got = 0;
      while (got < len) {
        const { bytesRead } = await fh.read(buf, got, len - got, pos + got);
        if (bytesRead === 0) return null;
        got += bytesRead;
      }
      return buf;
    },
    close: () => fh.close().catch(() => undefined),
  };
}

/**
 * Reads blocks of one part, verifying every shard block against its checksum. A missing, short or
 * corrupted shard is skipped from then on and the block rebuilt from the others; fewer than k good
 * shards is InsufficientReadQuorum — never wrong bytes.
 */
export class PartReader {
  readonly ec: ErasureGeometry;
  readonly size: number;
  private readonly sources: (ShardSource | null)[];
  readonly rs: ReedSolomon;
  private readonly bad: boolean[];

  constructor(sources: (ShardSource | null)[], ec: ErasureGeometry, rs: ReedSolomon, size: number) {
    this.sources = sources;
    this.ec = ec;
    this.rs = rs;
    this.size = size;
    this.bad = sources.map((s) => s === null);
  }

  get blocks(): number {
    return Math.ceil(this.size / this.ec.blockSize);
  }

  /**
   * The k data shards (payload only) of block b; the block's bytes are their concatenation.
   * `memory`: per shard, memory to read into (filled in with what was read, for the next call).
   */
  async readBlock(
    b: number,
    memory?: (Buffer | undefined)[],
  ): Promise<{ shards: Buffer[]; len: number; shardLen: number }> {
    const { k, m, blockSize } = this.ec;
    const len = Math.min(blockSize, this.size - b * blockSize);
    const shardLen = Math.ceil(len / k);
    const pos = b * (BITROT_SIZE + blockSize / k);
    const got: (Buffer | null)[] = new Array(k + m).fill(null);
    const fetch = async (i: number): Promise<void> => {
      const src = this.sources[i];
      if (!src || this.bad[i]) return;
      let buf: Buffer | null = null;
      try {
        buf = await src.read(pos, BITROT_SIZE + shardLen, memory?.[i]);
      } catch {
        buf = null;
      }
      if (memory && buf && !memory[i]) memory[i] = buf;
      const payload = buf?.subarray(BITROT_SIZE);
      if (buf && payload && bitrotSum(payload).equals(buf.subarray(0, BITROT_SIZE))) got[i] = payload;
      else this.bad[i] = true;
    };
    await Promise.all(Array.from({ length: k }, (_, i) => fetch(i)));
    let good = got.filter(Boolean).length;
    if (good < k) {
      await Promise.all(Array.from({ length: m }, (_, i) => fetch(k + i)));
      good = got.filter(Boolean).length;
      if (good < k) {
        throw s3Error(
          'InsufficientReadQuorum',
          {},
          'Too many shards are missing or corrupted to read the object.',
        );
      }
      this.rs.reconstructData(got, shardLen);
    }
    const shards = got.slice(0, k).map((s) => {
      const u = s as Uint8Array;
      return Buffer.isBuffer(u) ? u : Buffer.from(u.buffer, u.byteOffset, u.byteLength);
    });
    return { shards, len, shardLen };
  }

  async close(): Promise<void> {
    await Promise.all(this.sources.map((s) => s?.close()));
  }
}

/**
 * How the memory of the chunks `readPartRange` yields is managed:
 * - `fresh`: every block is read into new memory (the consumer may keep the chunks);
 * - `copied`: the consumer is done with a chunk (has copied it) when it asks for the next one, so the
 *   shard memory of block b is read into again for block b + AHEAD + 1 (no fresh memory per block);
 * - `sending`: the chunks go to a response as they are (core/sent-memory.ts); a data shard's memory is
 *   read into again once the response has written its chunk (a consumer that never reports it sent,
 *   or that concatenates chunks, leaves that memory to the garbage collector).
 */
export type ChunkMemory = 'fresh' | 'copied' | 'sending';

/**
 * Blocks read ahead of the one being handed on. Two keep the thread pool reading while the response
 * drains (docs/performance.md: one left the main thread idle between blocks; four measured no better).
 */
const AHEAD = 2;

/**
 * Shard memory of one read: each shard is read into memory of its own (never a slice of Node's shared
 * buffer pool, which small allocations come from), taken back once sent (`sending`) or once the
 * consumer moved on (`copied`), and read into again.
 */
class ShardMemory {
  private readonly free: ArrayBuffer[] = [];
  /** Bounded: what a read has in flight (AHEAD + 1 blocks of k shards, plus those being sent). */
  private readonly cap: number;

  constructor(k: number) {
    this.cap = (AHEAD + 3) * k;
  }

  readonly give = (memory: ArrayBuffer): void => {
    if (this.free.length < this.cap) this.free.push(memory);
  };

  /** Memory for the k data shards of a block, `bytes` each (checksum and shard). */
  take(k: number, bytes: number): Buffer[] {
    const out: Buffer[] = [];
    for (let i = 0; i < k; i++) {
      const m = this.free.pop();
      out.push(m && m.byteLength >= bytes ? Buffer.from(m) : Buffer.allocUnsafeSlow(bytes));
    }
    return out;
  }
}

/** Yield bytes [start, end] (inclusive, within the part) block by block, reading AHEAD blocks ahead. */
export async function* readPartRange(
  reader: PartReader,
  start: number,
  end: number,
  memoryMode: ChunkMemory = 'fresh',
): AsyncGenerator<Buffer> {
  if (end < start || reader.size === 0) return;
  const { blockSize, k } = reader.ec;
  const first = Math.floor(start / blockSize);
  const last = Math.floor(end / blockSize);
  const pool = memoryMode === 'fresh' ? null : new ShardMemory(k);
  type Pending = { memory: Buffer[] | undefined; block: ReturnType<PartReader['readBlock']> };
  const pending: Pending[] = [];
  let ahead = first;
  const readAhead = (): void => {
    while (ahead <= last && pending.length <= AHEAD) {
      const len = Math.min(blockSize, reader.size - ahead * blockSize);
      const memory = pool?.take(k, BITROT_SIZE + Math.ceil(len / k));
      const block = reader.readBlock(ahead++, memory);
      block.catch(() => undefined);
      pending.push({ memory, block });
    }
  };
  readAhead();
  for (let b = first; b <= last; b++) {
    const { memory, block } = pending.shift() as Pending;
    const cur = await block;
    readAhead();
    const base = b * blockSize;
    const from = Math.max(start - base, 0);
    const to = Math.min(end - base + 1, cur.len);
    for (let i = 0; i < cur.shards.length; i++) {
      const shard = cur.shards[i] as Buffer;
      // The shard's memory is ours to take back only when it was read into memory of this read (a
      // rebuilt shard's may be shared with other shards).
      const own = memory?.[i]?.buffer === shard.buffer;
      const s0 = i * cur.shardLen;
      const a = Math.max(from, s0);
      const z = Math.min(to, s0 + cur.shardLen);
      if (z <= a) {
        if (own && pool) pool.give(shard.buffer as ArrayBuffer);
        continue;
      }
      const chunk = shard.subarray(a - s0, z - s0);
      if (own && pool && memoryMode === 'sending') yield reusableOnceSent(chunk, pool.give);
      else yield chunk;
      if (own && pool && memoryMode === 'copied') pool.give(shard.buffer as ArrayBuffer);
    }
  }
}

/** Whether every block of a shard is present and matches its checksum. */
export async function verifyShard(
  src: ShardSource | null,
  ec: ErasureGeometry,
  size: number,
): Promise<boolean> {
  if (!src) return false;
  const blocks = Math.ceil(size / ec.blockSize);
  for (let b = 0; b < blocks; b++) {
    const len = Math.min(ec.blockSize, size - b * ec.blockSize);
    const shardLen = Math.ceil(len / ec.k);
    let buf: Buffer | null = null;
    try {
      buf = await src.read(b * (BITROT_SIZE + ec.blockSize / ec.k), BITROT_SIZE + shardLen);
    } catch {
      return false;
    }
    if (!buf || !bitrotSum(buf.subarray(BITROT_SIZE)).equals(buf.subarray(0, BITROT_SIZE))) return false;
  }
  return true;
}

/**
 * Heal: recompute the shards `wanted` of every block of a part from the good shards behind `reader`
 * (data rebuilt if needed, parity re-encoded), handing each framed block (checksum + shard) to `sink`.
 */
export async function rebuildShards(
  reader: PartReader,
  rs: ReedSolomon,
  wanted: number[],
  sink: (shard: number, framed: Buffer[]) => Promise<void>,
): Promise<void> {
  const { k, m } = reader.ec;
  for (let b = 0; b < reader.blocks; b++) {
    const { shards, shardLen } = await reader.readBlock(b);
    let parity: Buffer[] = [];
    if (wanted.some((w) => w >= k)) {
      parity = Array.from({ length: m }, () => Buffer.allocUnsafe(shardLen));
      rs.encode(shards, parity, shardLen);
    }
    for (const w of wanted) {
      const shard = (w < k ? shards[w] : parity[w - k]) as Buffer;
      await sink(w, [bitrotSum(shard), shard]);
    }
  }
}
