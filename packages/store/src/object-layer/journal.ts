import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promises as fsp, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { crc32 } from 'node:zlib';
import { type Drive, isNotFound, mkdirIfMissing, SYS_DIR } from './drive.js';
import { createFileSync, replaceFileSync } from './sync-files.js';

/**
 * A drive's metadata journal: group commit for small writes.
 *
 * Every metadata file write (a version's `meta`, with its inline shards) is first appended to the drive's
 * journal as a whole-file image, or as a removal. Appends that arrive while a flush runs wait for the
 * next one, so one `fdatasync` covers every write of a batch: under 16 concurrent small PUTs a drive pays
 * one flush per batch instead of one per object. The `meta` file itself is then written with a rename
 * and no flush of its own. A write is acknowledged only after its journal record is durable.
 *
 * Checkpoint: when a segment grows past `SEGMENT_BYTES` or is older than `CHECKPOINT_MS`, new records go
 * to a fresh segment; once every file write of the old one has landed, the file system is flushed
 * (`syncfs` through coreutils' `sync -f`, falling back to flushing each file the segment touched) and the
 * old segment is deleted. At open, `replay` re-applies the last record of each path found in the
 * remaining segments — the files a crash may have left unflushed — and names those paths: the store then
 * heals each such object across drives (a write in flight at the crash may have reached some drives and
 * not others), and only then are the segments retired.
 *
 * A record is in the journal file (written, not yet flushed) before its metadata file is touched, so
 * every file a killed process may have changed is named by some drive's journal.
 *
 * Record: u32 length of the payload, u32 CRC-32 of the payload, payload = u16 path length, path (UTF-8,
 * relative to the drive root), u8 kind (1 write, 0 remove), file bytes. A torn tail (short or bad CRC)
 * ends a segment: its writes were never acknowledged.
 */

const JOURNAL_DIR = 'journal';
const SEGMENT_BYTES = 16 * 1024 * 1024;
const CHECKPOINT_MS = 5_000;
const execFileAsync = promisify(execFile);

interface Pending {
  readonly seg: Segment;
  readonly buf: Buffer;
  /** The record is in the journal file (not yet flushed). */
  readonly written: () => void;
  readonly resolve: () => void;
  readonly reject: (err: unknown) => void;
}

interface Segment {
  readonly seq: number;
  readonly file: string;
  fh: fsp.FileHandle;
  bytes: number;
  /** File writes whose record is in this segment and that have not landed yet. */
  inFlight: number;
  /** Relative paths written by this segment's records (the fallback flush list). */
  readonly touched: Set<string>;
  drained: (() => void) | null;
  readonly opened: number;
}

function segmentName(seq: number): string {
  return `${String(seq).padStart(12, '0')}.log`;
}

/** Encode one record: a whole-file image (`bytes`) or a removal (`null`). */
export function encodeRecord(rel: string, bytes: Uint8Array | null): Buffer {
  // One buffer, every byte written below (so unzeroed, and from Node's pool when small): a record per
  // drive per small PUT adds up.
  const plen = Buffer.byteLength(rel, 'utf8');
  const len = 2 + plen + 1 + (bytes?.length ?? 0);
  const rec = Buffer.allocUnsafe(8 + len);
  rec.writeUInt32LE(len, 0);
  rec.writeUInt16LE(plen, 8);
  rec.write(rel, 10, 'utf8');
  rec[10 + plen] = bytes ? 1 : 0;
  if (bytes) rec.set(bytes, 11 + plen);
  rec.writeUInt32LE(crc32(rec.subarray(8)), 4);
  return rec;
}

/** Decode a segment's records up to its first torn or damaged one. */
export function decodeRecords(buf: Buffer): { rel: string; bytes: Buffer | null }[] {
  const out: { rel: string; bytes: Buffer | null }[] = [];
  let at = 0;
  while (at + 8 <= buf.length) {
    const len = buf.readUInt32LE(at);
    const sum = buf.readUInt32LE(at + 4);
    if (len < 3 || at + 8 + len > buf.length) break;
    const payload = buf.subarray(at + 8, at + 8 + len);
    if (crc32(payload) !== sum) break;
    const plen = payload.readUInt16LE(0);
    if (3 + plen > payload.length) break;
    const rel = payload.subarray(2, 2 + plen).toString('utf8');
    const kind = payload[2 + plen];
    out.push({ rel, bytes: kind === 1 ? Buffer.from(payload.subarray(3 + plen)) : null });
    at += 8 + len;
  }
  return out;
}

/** How long a `sync -f` waits for the other drives' checkpoints to join it. */
const SYNC_GATHER_MS = 20;
let syncBatch: { roots: string[]; done: Promise<boolean> } | null = null;

/**
 * Flush every file system buffer of the drive's file system; false when `sync -f` is unavailable.
 * The drives' checkpoints fall due together (their segments open with the same writes), and requests
 * made within `SYNC_GATHER_MS` share one `sync -f root…` process: spawning it costs the store's
 * thread far more than the syncs (a fork of a large process, ~1.5% of a 4 KiB PUT load's CPU with a
 * process per drive).
 */
function syncFileSystem(root: string): Promise<boolean> {
  if (!syncBatch) {
    const roots: string[] = [];
    const done = new Promise((resolve) => setTimeout(resolve, SYNC_GATHER_MS)).then(() => {
      syncBatch = null;
      return execFileAsync('sync', ['-f', ...roots]).then(
        () => true,
        () => false,
      );
    });
    syncBatch = { roots, done };
  }
  syncBatch.roots.push(root);
  return syncBatch.done;
}

/** Flush the named files one by one (the fallback where syncfs is not available). */
async function syncFiles(root: string, rels: Iterable<string>): Promise<void> {
  for (const rel of rels) {
    let fh: fsp.FileHandle | null = null;
    try {
      fh = await fsp.open(path.join(root, rel), 'r');
      await fh.datasync();
    } catch (err) {
      if (!isNotFound(err)) throw err;
    } finally {
      await fh?.close();
    }
  }
}

/**
 * Write a file's bytes through a temp file and a rename, with no flush (the journal holds it); a file
 * the drive did not hold (`fresh`) is created in place (see createFileSync). Synchronous calls: see
 * ./sync-files.ts for why and what it measured.
 */
async function applyRecord(
  drive: Drive,
  rel: string,
  bytes: Uint8Array | null,
  fresh = false,
): Promise<void> {
  const file = path.join(drive.root, rel);
  if (!bytes) {
    rmSync(file, { force: true });
    return;
  }
  if (fresh && createFileSync(file, bytes)) return;
  replaceFileSync(drive.tmp(`${randomUUID()}.jmeta`), file, bytes);
}

export class DriveJournal {
  private segment: Segment | null = null;
  private nextSeq = 1;
  private pending: Pending[] = [];
  private flushing: Promise<void> | null = null;
  private checkpointing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  /** Segments `replay` applied, kept until `retireReplayed`. */
  private replayed: { names: string[]; touched: string[] } | null = null;
  /** Flushes (`fdatasync` of the journal) so far: a batch of concurrent writes shares one. */
  flushes = 0;

  private readonly drive: Drive;

  constructor(drive: Drive) {
    this.drive = drive;
  }

  private dir(): string {
    return path.join(this.drive.root, SYS_DIR, JOURNAL_DIR);
  }

  /**
   * Re-apply what the segments left by a previous process hold and name the paths they touched
   * (relative to the drive root). Runs at open, before the drive serves reads; `retireReplayed` deletes
   * the segments once the store has settled those objects.
   */
  async replay(): Promise<string[]> {
    let names: string[];
    try {
      names = (await fsp.readdir(this.dir())).filter((n) => n.endsWith('.log')).sort();
    } catch (err) {
      if (isNotFound(err)) return [];
      throw err;
    }
    const last = new Map<string, Buffer | null>();
    for (const n of names) {
      for (const r of decodeRecords(await fsp.readFile(path.join(this.dir(), n)))) last.set(r.rel, r.bytes);
      this.nextSeq = Math.max(this.nextSeq, Number.parseInt(n, 10) + 1);
    }
    for (const [rel, bytes] of last) await applyRecord(this.drive, rel, bytes);
    this.replayed = { names, touched: [...last.keys()] };
    return this.replayed.touched;
  }

  /** Flush what `replay` put in place (and what was written since), then delete the replayed segments. */
  async retireReplayed(): Promise<void> {
    const done = this.replayed;
    if (!done) return;
    this.replayed = null;
    if (done.touched.length > 0 && !(await syncFileSystem(this.drive.root))) {
      await syncFiles(this.drive.root, done.touched);
    }
    for (const n of done.names) await fsp.rm(path.join(this.dir(), n), { force: true });
  }

  /**
   * Write a metadata file (or remove it, `bytes` null) durably: the journal record and the file write
   * run together, and the promise settles once both have, the record flushed by a group commit.
   * `fresh`: the drive held no such file at the caller's read (under the object's lock).
   */
  async write(file: string, bytes: Uint8Array | null, fresh = false): Promise<void> {
    if (this.closed) throw new Error('journal closed');
    const rel = path.relative(this.drive.root, file);
    let seg = this.segment ?? (await this.open());
    // A checkpoint may have retired the segment while it was being opened: take the current one.
    while (seg !== this.segment) seg = this.segment ?? (await this.open());
    seg.inFlight++;
    seg.touched.add(rel);
    const record = encodeRecord(rel, bytes);
    seg.bytes += record.length;
    let written: () => void = () => undefined;
    const inFile = new Promise<void>((resolve) => {
      written = resolve;
    });
    const durable = new Promise<void>((resolve, reject) =>
      this.pending.push({ seg, buf: record, written, resolve, reject }),
    );
    this.kick();
    try {
      // The file changes only once the journal names it; the flush and the file write then overlap.
      const [logged, applied] = await Promise.allSettled([
        durable,
        Promise.race([inFile, durable]).then(() => applyRecord(this.drive, rel, bytes, fresh)),
      ]);
      if (logged.status === 'rejected') throw logged.reason;
      if (applied.status === 'rejected') throw applied.reason;
    } finally {
      seg.inFlight--;
      if (seg.inFlight === 0) seg.drained?.();
    }
    if (seg.bytes >= SEGMENT_BYTES) void this.checkpoint().catch(() => undefined);
  }

  /** Rotate to a new segment and retire the old one once its writes are on disk. */
  checkpoint(): Promise<void> {
    if (!this.checkpointing) {
      this.checkpointing = this.runCheckpoint().finally(() => {
        this.checkpointing = null;
      });
    }
    return this.checkpointing;
  }

  /** Retire the current segment and stop accepting writes. */
  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.checkpoint().catch(() => undefined);
    this.closed = true;
    await this.segment?.fh.close().catch(() => undefined);
    this.segment = null;
  }

  private async open(): Promise<Segment> {
    // One level only: a drive folder that went away must stay away (and the write fail on it).
    await mkdirIfMissing(this.dir());
    const seq = this.nextSeq++;
    const file = path.join(this.dir(), segmentName(seq));
    const fh = await fsp.open(file, 'a');
    // Another write may have opened a segment while this one awaited.
    if (this.segment) {
      await fh.close();
      await fsp.rm(file, { force: true });
      return this.segment;
    }
    this.segment = {
      seq,
      file,
      fh,
      bytes: 0,
      inFlight: 0,
      touched: new Set(),
      drained: null,
      opened: Date.now(),
    };
    this.timer ??= setTimeout(() => {
      this.timer = null;
      void this.checkpoint().catch(() => undefined);
    }, CHECKPOINT_MS).unref();
    return this.segment;
  }

  private kick(): void {
    if (this.flushing) return;
    this.flushing = this.flushLoop().finally(() => {
      this.flushing = null;
      if (this.pending.length > 0) this.kick();
    });
  }

  /** Write and flush batches until nothing is pending: one `fdatasync` per batch. */
  private async flushLoop(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0);
      // Normally one segment; a batch spans two only right after a rotation.
      for (const seg of new Set(batch.map((p) => p.seg))) {
        const mine = batch.filter((p) => p.seg === seg);
        try {
          await seg.fh.writev(mine.map((p) => p.buf));
          for (const p of mine) p.written();
          await seg.fh.datasync();
          this.flushes++;
          for (const p of mine) p.resolve();
        } catch (err) {
          for (const p of mine) p.reject(err);
        }
      }
    }
  }

  private async runCheckpoint(): Promise<void> {
    const old = this.segment;
    if (!old) return;
    // Records already queued belong to the old segment: let their flush finish first.
    while (this.flushing) await this.flushing;
    this.segment = null;
    if (old.inFlight > 0) await new Promise<void>((resolve) => (old.drained = resolve));
    if (!(await syncFileSystem(this.drive.root))) await syncFiles(this.drive.root, old.touched);
    await old.fh.close();
    await fsp.rm(old.file, { force: true });
  }
}
