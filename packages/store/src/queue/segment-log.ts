// SPDX-License-Identifier: Apache-2.0
import { type FileHandle, mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { crc32 as zlibCrc32 } from 'node:zlib';

/**
 * The on-disk half of the durable queue: an append-only log of records split into segment files, and an
 * acknowledgement file naming the first record not yet delivered.
 *
 * - Records get consecutive sequence numbers. A segment file is named by the sequence number of its first
 *   record (`00000000000000000042.seg`); each record is framed as `u32 length | u32 crc32 | payload`
 *   (little-endian).
 * - `append` writes a group of records with one write and one `fdatasync` before it resolves.
 * - `ack(seq)` records "everything below `seq` is delivered" by writing `ack.tmp`, fsyncing it and
 *   renaming it over `ack` (then fsyncing the folder), so the acknowledgement is either the old or the new
 *   value after a crash; segments wholly below it are deleted.
 * - A record torn by a crash (short or failing its checksum) at the end of the last segment is cut off
 *   when the log is opened: it was never acknowledged to its writer, so nothing acknowledged is lost.
 */

const HEADER = 8;
const SEGMENT_SUFFIX = '.seg';
const ACK_FILE = 'ack';
/** A record larger than this is refused (and a header claiming more marks a torn tail). */
export const MAX_RECORD_BYTES = 64 * 1024 * 1024;

/** Most bytes of appended records kept in memory for delivery (see `read`). */
const TAIL_BYTES = 8 * 1024 * 1024;

/** CRC-32 (IEEE, zlib's), the checksum of each record's payload. */
export function crc32(buf: Uint8Array): number {
  return zlibCrc32(buf);
}

/** Frames one record (header + payload). */
export function frameRecord(payload: Buffer): Buffer {
  const header = Buffer.alloc(HEADER);
  header.writeUInt32LE(payload.length, 0);
  header.writeUInt32LE(crc32(payload), 4);
  return Buffer.concat([header, payload]);
}

interface Segment {
  firstSeq: number;
  count: number;
  size: number;
  file: string;
}

function segmentName(firstSeq: number): string {
  return `${String(firstSeq).padStart(20, '0')}${SEGMENT_SUFFIX}`;
}

/** Valid records of a segment's bytes: their count and the length of the valid prefix. */
function scan(bytes: Buffer): { count: number; validBytes: number } {
  let offset = 0;
  let count = 0;
  while (offset + HEADER <= bytes.length) {
    const len = bytes.readUInt32LE(offset);
    const sum = bytes.readUInt32LE(offset + 4);
    if (len > MAX_RECORD_BYTES || offset + HEADER + len > bytes.length) break;
    if (crc32(bytes.subarray(offset + HEADER, offset + HEADER + len)) !== sum) break;
    offset += HEADER + len;
    count++;
  }
  return { count, validBytes: offset };
}

async function fsyncDir(dir: string): Promise<void> {
  const fh = await open(dir, 'r');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/** One batch read from the log: the records and the sequence number just after the last of them. */
export interface ReadBatch {
  records: Buffer[];
  next: number;
}

interface Cursor {
  seq: number;
  segment: Segment;
  offset: number;
  fh: FileHandle;
}

export class SegmentLog {
  readonly #dir: string;
  readonly #segmentBytes: number;
  #segments: Segment[] = [];
  #acked = 0;
  #writer: FileHandle | undefined;
  /** Read cursor: the next record's sequence number and where it is. */
  #cursor: Cursor | undefined;
  /**
   * The newest records appended by this process, kept so delivery reads them without touching the
   * disk: records `#tailFirst` … `end - 1`, at most TAIL_BYTES (the oldest are let go first; what is
   * not here is read from its segment). Empty after open: an earlier run's records come from disk.
   */
  #tail: Buffer[] = [];
  #tailFirst = 0;
  #tailBytes = 0;

  private constructor(dir: string, segmentBytes: number) {
    this.#dir = dir;
    this.#segmentBytes = segmentBytes;
  }

  /** Opens (creating) the log in `dir`, cutting off a torn record at the end of the last segment. */
  static async open(dir: string, opts: { segmentBytes?: number } = {}): Promise<SegmentLog> {
    const log = new SegmentLog(dir, opts.segmentBytes ?? 4 * 1024 * 1024);
    await log.#load();
    return log;
  }

  /** Sequence number of the next record appended. */
  get end(): number {
    const last = this.#segments.at(-1);
    return last ? last.firstSeq + last.count : this.#acked;
  }

  /** Sequence number of the first record not yet acknowledged. */
  get acked(): number {
    return this.#acked;
  }

  /** Records appended and not yet acknowledged. */
  get pending(): number {
    return this.end - this.#acked;
  }

  async #load(): Promise<void> {
    await mkdir(this.#dir, { recursive: true });
    const names = (await readdir(this.#dir)).filter((n) => /^\d{20}\.seg$/.test(n)).sort();
    for (const [i, name] of names.entries()) {
      const file = path.join(this.#dir, name);
      const bytes = await readFile(file);
      const { count, validBytes } = scan(bytes);
      if (validBytes < bytes.length && i === names.length - 1) {
        // A torn tail: the append it belonged to never completed (never resolved to its writer).
        const fh = await open(file, 'r+');
        try {
          await fh.truncate(validBytes);
          await fh.sync();
        } finally {
          await fh.close();
        }
      }
      this.#segments.push({ firstSeq: Number(name.slice(0, 20)), count, size: validBytes, file });
    }
    const first = this.#segments[0]?.firstSeq ?? 0;
    let acked = first;
    try {
      const text = (await readFile(path.join(this.#dir, ACK_FILE), 'utf8')).trim();
      if (/^\d+$/.test(text)) acked = Number(text);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    this.#acked = Math.min(Math.max(acked, first), this.end);
    this.#tailFirst = this.end;
    await this.#dropAcknowledgedSegments();
    await this.#rm(path.join(this.#dir, `${ACK_FILE}.tmp`));
  }

  async #rm(file: string): Promise<void> {
    await rm(file, { force: true });
  }

  async #openWriter(): Promise<FileHandle> {
    if (this.#writer) return this.#writer;
    let last = this.#segments.at(-1);
    if (!last || last.size >= this.#segmentBytes) {
      const firstSeq = this.end;
      last = { firstSeq, count: 0, size: 0, file: path.join(this.#dir, segmentName(firstSeq)) };
      this.#writer = await open(last.file, 'a');
      this.#segments.push(last);
      await fsyncDir(this.#dir);
    } else {
      this.#writer = await open(last.file, 'a');
    }
    return this.#writer;
  }

  /** Appends records durably (written and fdatasync'd before this resolves). Not concurrency-safe. */
  async append(payloads: Buffer[]): Promise<void> {
    if (payloads.length === 0) return;
    for (const p of payloads) {
      if (p.length > MAX_RECORD_BYTES)
        throw new Error(`A queue record may not exceed ${MAX_RECORD_BYTES} bytes`);
    }
    const fh = await this.#openWriter();
    const bytes = Buffer.concat(payloads.map(frameRecord));
    const last = this.#segments.at(-1)!;
    try {
      await fh.write(bytes);
      await fh.datasync();
    } catch (err) {
      // Nothing of this group counts: cut a partial write off, or (if even that fails) start the next
      // append in a new segment so no later record lands behind the damaged bytes.
      try {
        await fh.truncate(last.size);
      } catch {
        last.size = Number.POSITIVE_INFINITY;
        this.#writer = undefined;
        await fh.close().catch(() => undefined);
      }
      throw err;
    }
    last.count += payloads.length;
    last.size += bytes.length;
    for (const p of payloads) {
      this.#tail.push(p);
      this.#tailBytes += p.length;
    }
    while (this.#tailBytes > TAIL_BYTES) this.#dropTail();
    if (last.size >= this.#segmentBytes) {
      // Roll: the next append starts a new segment.
      this.#writer = undefined;
      await fh.close();
    }
  }

  /** Reads up to `max` records starting at the first unacknowledged one. */
  async read(max: number): Promise<ReadBatch> {
    const records: Buffer[] = [];
    let seq = this.#acked;
    while (records.length < max && seq < this.end) {
      if (seq >= this.#tailFirst) {
        records.push(this.#tail[seq - this.#tailFirst]!);
        seq++;
        continue;
      }
      const cur = await this.#seek(seq);
      const header = Buffer.alloc(HEADER);
      await cur.fh.read(header, 0, HEADER, cur.offset);
      const len = header.readUInt32LE(0);
      const payload = Buffer.alloc(len);
      if (len > 0) await cur.fh.read(payload, 0, len, cur.offset + HEADER);
      if (crc32(payload) !== header.readUInt32LE(4)) {
        throw new Error(`Queue record ${seq} in ${cur.segment.file} fails its checksum`);
      }
      records.push(payload);
      cur.offset += HEADER + len;
      cur.seq = ++seq;
    }
    return { records, next: seq };
  }

  /** Positions the read cursor on record `seq`. */
  async #seek(seq: number): Promise<Cursor> {
    const c = this.#cursor;
    if (c && c.seq === seq && seq < c.segment.firstSeq + c.segment.count) return c;
    const segment = this.#segments.find((s) => seq >= s.firstSeq && seq < s.firstSeq + s.count);
    if (!segment) throw new Error(`Queue record ${seq} is not in any segment`);
    if (c) await c.fh.close();
    this.#cursor = undefined;
    const fh = await open(segment.file, 'r');
    let offset = 0;
    const header = Buffer.alloc(HEADER);
    for (let s = segment.firstSeq; s < seq; s++) {
      await fh.read(header, 0, HEADER, offset);
      offset += HEADER + header.readUInt32LE(0);
    }
    this.#cursor = { seq, segment, offset, fh };
    return this.#cursor;
  }

  /** Marks every record below `seq` delivered (atomically, durably) and deletes finished segments. */
  async ack(seq: number): Promise<void> {
    if (seq <= this.#acked) return;
    const tmp = path.join(this.#dir, `${ACK_FILE}.tmp`);
    const fh = await open(tmp, 'w');
    try {
      await fh.writeFile(`${seq}\n`);
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(tmp, path.join(this.#dir, ACK_FILE));
    await fsyncDir(this.#dir);
    this.#acked = seq;
    while (this.#tailFirst < seq && this.#tail.length > 0) this.#dropTail();
    await this.#dropAcknowledgedSegments();
  }

  /** Lets the oldest record kept in memory go (it stays in its segment). */
  #dropTail(): void {
    this.#tailBytes -= this.#tail.shift()!.length;
    this.#tailFirst++;
  }

  /** Deletes segments whose records are all acknowledged, except the one being written. */
  async #dropAcknowledgedSegments(): Promise<void> {
    while (this.#segments.length > 1) {
      const s = this.#segments[0]!;
      if (s.firstSeq + s.count > this.#acked) break;
      if (this.#cursor?.segment === s) {
        await this.#cursor.fh.close();
        this.#cursor = undefined;
      }
      this.#segments.shift();
      await this.#rm(s.file);
    }
  }

  async close(): Promise<void> {
    await this.#cursor?.fh.close();
    this.#cursor = undefined;
    await this.#writer?.close();
    this.#writer = undefined;
  }
}
