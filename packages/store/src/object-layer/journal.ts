// SPDX-License-Identifier: Apache-2.0
import { execFile } from 'node:child_process';
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { crc32 } from 'node:zlib';
import type { CatalogChange } from './catalog.js';
import { type Drive, isNotFound, mkdirIfMissing, SYS_DIR } from './drive.js';
import { type MetaRow, rowByteLength, rowOfBytes, writeRowBytes } from './meta.js';
import type { WalCheckpointer } from './wal-checkpointer.js';

/**
 * A drive's metadata journal: group commit for small writes.
 *
 * Every metadata change (an object's catalog row, with this drive's inline shards, or its removal) is
 * first appended to the drive's journal. Appends that arrive while a flush runs wait for the next one;
 * a batch's records are written, its rows handed to the drive's catalog (./catalog.ts, `stage`: reads
 * see them at once, the catalog applies them in one SQLite transaction per few hundred rows) while the
 * journal's `fdatasync` runs, and the batch is acknowledged once the flush is done: under 16 concurrent
 * small PUTs a drive pays one flush per batch instead of one per object. The catalog commits without a
 * flush of its own (WAL, `synchronous=NORMAL`); a checkpoint applies the staged rows before it runs.
 *
 * Checkpoint: when a segment grows past `SEGMENT_BYTES` or is older than `CHECKPOINT_MS`, new records go
 * to a fresh segment at once; once the old one's writes are settled (flushed and applied), the catalog's WAL is checkpointed
 * (PASSIVE, on a worker thread), the file system is flushed (`syncfs` through coreutils' `sync -f`, falling back to
 * flushing the catalog's files), which makes the catalog's commits durable, and the old segment is
 * deleted. At open, `replay` re-applies the last record of each object found in the remaining segments
 * (idempotent upserts and deletes) — the rows a crash or power loss may have lost — and names those
 * objects: the store then heals each across drives (a write in flight at the crash may have reached
 * some drives and not others), and only then are the segments retired.
 *
 * A record is in the journal file (written, not yet flushed) before the catalog changes, so every row
 * a killed process may have changed is named by some drive's journal.
 *
 * Record: u32 length of the payload, u32 CRC-32 of the payload, payload = u16 name length, name
 * (UTF-8, `bucket/key`), u8 kind (1 write, 0 remove), the row (meta.ts rowBytes). A torn tail (short or
 * bad CRC) ends a segment: its writes were never acknowledged. (Segments left by a build before the
 * catalog named `meta` files by path and held their bytes: ./legacy-import.ts replays those.)
 */

export const JOURNAL_DIR = 'journal';
const SEGMENT_BYTES = 16 * 1024 * 1024;
const CHECKPOINT_MS = 5_000;
const execFileAsync = promisify(execFile);

interface Pending {
  readonly seg: Segment;
  readonly buf: Buffer;
  readonly change: CatalogChange;
  readonly resolve: () => void;
  readonly reject: (err: unknown) => void;
}

interface Segment {
  readonly seq: number;
  readonly file: string;
  fh: fsp.FileHandle;
  bytes: number;
  readonly opened: number;
  /** Writes appended to this segment and not yet settled (flushed and applied, or failed). */
  outstanding: number;
  /** Called when `outstanding` falls to 0 (set by the checkpoint retiring the segment). */
  drained: (() => void) | null;
}

function segmentName(seq: number): string {
  return `${String(seq).padStart(12, '0')}.log`;
}

/** The journal name of an object: bucket names hold no '/'. */
export function journalName(bucket: string, key: string): string {
  return `${bucket}/${key}`;
}

/** The object of a journal name. */
export function nameObject(name: string): { bucket: string; key: string } {
  const at = name.indexOf('/');
  return { bucket: name.slice(0, at), key: name.slice(at + 1) };
}

/**
 * Encode one record: a row (`MetaRow`, written straight into the record), a row image (`bytes`, as
 * rowBytes makes it) or a removal (`null`).
 */
export function encodeRecord(name: string, body: MetaRow | Uint8Array | null): Buffer {
  // One buffer, every byte written below (so unzeroed, and from Node's pool when small): a record per
  // drive per small PUT adds up.
  const bytes = body instanceof Uint8Array ? body : null;
  const row = body && !bytes ? (body as MetaRow) : null;
  const plen = Buffer.byteLength(name, 'utf8');
  const len = 2 + plen + 1 + (bytes ? bytes.length : row ? rowByteLength(row) : 0);
  const rec = Buffer.allocUnsafe(8 + len);
  rec.writeUInt32LE(len, 0);
  rec.writeUInt16LE(plen, 8);
  rec.write(name, 10, 'utf8');
  rec[10 + plen] = body ? 1 : 0;
  if (bytes) rec.set(bytes, 11 + plen);
  else if (row) writeRowBytes(row, rec, 11 + plen);
  rec.writeUInt32LE(crc32(rec.subarray(8)), 4);
  return rec;
}

/** Decode a segment's records up to its first torn or damaged one. */
export function decodeRecords(buf: Buffer): { name: string; bytes: Buffer | null }[] {
  const out: { name: string; bytes: Buffer | null }[] = [];
  let at = 0;
  while (at + 8 <= buf.length) {
    const len = buf.readUInt32LE(at);
    const sum = buf.readUInt32LE(at + 4);
    if (len < 3 || at + 8 + len > buf.length) break;
    const payload = buf.subarray(at + 8, at + 8 + len);
    if (crc32(payload) !== sum) break;
    const plen = payload.readUInt16LE(0);
    if (3 + plen > payload.length) break;
    const name = payload.subarray(2, 2 + plen).toString('utf8');
    const kind = payload[2 + plen];
    out.push({ name, bytes: kind === 1 ? Buffer.from(payload.subarray(3 + plen)) : null });
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

/** Make the catalog's commits durable: syncfs, or (where unavailable) flush its files one by one. */
async function syncCatalog(drive: Drive): Promise<void> {
  if (await syncFileSystem(drive.root)) return;
  for (const file of [drive.catalog.file, `${drive.catalog.file}-wal`]) {
    let fh: fsp.FileHandle | null = null;
    try {
      fh = await fsp.open(file, 'r');
      await fh.datasync();
    } catch (err) {
      if (!isNotFound(err)) throw err;
    } finally {
      await fh?.close();
    }
  }
}

/** The catalog change of a record. */
function changeOf(name: string, bytes: Buffer | null): CatalogChange {
  const { bucket, key } = nameObject(name);
  return { bucket, key, row: bytes ? rowOfBytes(bytes) : null };
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
  private replayed: string[] | null = null;
  /** Flushes (`fdatasync` of the journal) so far: a batch of concurrent writes shares one. */
  flushes = 0;

  private readonly drive: Drive;
  /** Runs the catalog's WAL checkpoints off the main thread (./wal-checkpointer.ts); null: in place. */
  private readonly checkpointer: WalCheckpointer | null;

  constructor(drive: Drive, checkpointer: WalCheckpointer | null = null) {
    this.drive = drive;
    this.checkpointer = checkpointer;
  }

  private dir(): string {
    return path.join(this.drive.root, SYS_DIR, JOURNAL_DIR);
  }

  /**
   * Re-apply what the segments left by a previous process hold and name the objects they touched
   * (journal names, `bucket/key`). Runs at open, before the drive serves reads; `retireReplayed`
   * deletes the segments once the store has settled those objects.
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
      for (const r of decodeRecords(await fsp.readFile(path.join(this.dir(), n)))) last.set(r.name, r.bytes);
      this.nextSeq = Math.max(this.nextSeq, Number.parseInt(n, 10) + 1);
    }
    this.drive.catalog.apply([...last].map(([name, bytes]) => changeOf(name, bytes)));
    this.replayed = names;
    return [...last.keys()];
  }

  /** Make what `replay` applied (and what was written since) durable, then delete the replayed segments. */
  async retireReplayed(): Promise<void> {
    const done = this.replayed;
    if (!done) return;
    this.replayed = null;
    if (done.length > 0) await syncCatalog(this.drive);
    for (const n of done) await fsp.rm(path.join(this.dir(), n), { force: true });
  }

  /**
   * Change an object's catalog row (`row` null: remove it) durably: the promise settles once the
   * record is flushed by a group commit and the row applied.
   */
  async write(bucket: string, key: string, row: MetaRow | null): Promise<void> {
    if (this.closed) throw new Error('journal closed');
    let seg = this.segment ?? (await this.open());
    // A checkpoint may have retired the segment while it was being opened: take the current one.
    while (seg !== this.segment) seg = this.segment ?? (await this.open());
    const record = encodeRecord(journalName(bucket, key), row);
    seg.bytes += record.length;
    seg.outstanding++;
    try {
      await new Promise<void>((resolve, reject) => {
        this.pending.push({ seg, buf: record, change: { bucket, key, row }, resolve, reject });
        this.kick();
      });
    } finally {
      if (--seg.outstanding === 0) seg.drained?.();
    }
    if (seg.bytes >= SEGMENT_BYTES && seg === this.segment) this.startCheckpoint();
  }

  /**
   * Rotate to a new segment and retire the old one once its rows are durable. Settles once every
   * segment that held records at the call is retired: a checkpoint already running retires an older
   * one, so a segment opened since is retired by another checkpoint chained after it (deleting a
   * bucket relies on this: no replay may bring its rows back).
   */
  checkpoint(): Promise<void> {
    const running = this.checkpointing;
    if (running) {
      return this.segment ? running.catch(() => undefined).then(() => this.checkpoint()) : running;
    }
    const started = this.runCheckpoint().finally(() => {
      if (this.checkpointing === started) this.checkpointing = null;
    });
    this.checkpointing = started;
    return started;
  }

  /**
   * A checkpoint in the background, unless one runs: writes past the segment's size call this, and one
   * waiter per write on a running checkpoint would hold each write's record and row until it ends.
   */
  private startCheckpoint(): void {
    if (!this.checkpointing) void this.checkpoint().catch(() => undefined);
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
    this.segment = { seq, file, fh, bytes: 0, opened: Date.now(), outstanding: 0, drained: null };
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.startCheckpoint();
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

  /**
   * Write and flush batches until nothing is pending: per batch one `fdatasync`, and one catalog
   * transaction run while it is in flight.
   */
  private async flushLoop(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0);
      // Normally one segment; a batch spans two only right after a rotation.
      for (const seg of new Set(batch.map((p) => p.seg))) {
        const mine = batch.filter((p) => p.seg === seg);
        try {
          await seg.fh.writev(mine.map((p) => p.buf));
          const synced = seg.fh.datasync();
          let applied: unknown = null;
          try {
            this.drive.catalog.stage(mine.map((p) => p.change));
          } catch (err) {
            applied = err ?? new Error('catalog apply failed');
          }
          await synced;
          this.flushes++;
          if (applied) throw applied;
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
    // New writes open a fresh segment from here on. The old one's writes still queued or in a batch
    // finish first (flushed and applied): waiting for the flush loop to go idle instead never ends
    // under a steady load, and the segment and the catalog's WAL then grow without bound.
    this.segment = null;
    if (old.outstanding > 0) {
      await new Promise<void>((resolve) => {
        old.drained = resolve;
      });
    }
    // The segment's rows the catalog still stages go into it now (a failure keeps the segment).
    // The WAL's copy into the database only bounds its size: the segment's rows are durable once the
    // file system is flushed, whether the checkpoint ran or not.
    this.drive.catalog.settle();
    if (this.checkpointer) await this.checkpointer.checkpoint(this.drive.catalog.file).catch(() => undefined);
    else this.drive.catalog.checkpoint();
    await syncCatalog(this.drive);
    await old.fh.close();
    await fsp.rm(old.file, { force: true });
  }
}
