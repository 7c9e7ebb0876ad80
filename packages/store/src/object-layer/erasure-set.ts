// SPDX-License-Identifier: Apache-2.0
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { BucketDocs } from './bucket-docs.js';
import { ReedSolomon } from './codec/reed-solomon.js';
import { DocStore, validateDocPath } from './doc-store.js';
import { Drive, type DriveState } from './drive.js';
import { DriveUsage } from './drive-usage.js';
import { DriveJournal } from './journal.js';
import { KeyLocks } from './key-locks.js';
import { importLegacy } from './legacy-import.js';
import { type ExtraHash, localMd5, type Md5Session, Md5Worker } from './md5-worker.js';
import type { ErasureGeometry, MetaRow } from './meta.js';
import { objectDirSegments } from './names.js';
import type { SystemStore } from './types.js';
import { WalCheckpointer } from './wal-checkpointer.js';

/**
 * The state one erasure set shares between the layer's concern modules (buckets, object reads and
 * writes, listing, multipart, heal): its drives and quorums, the Reed–Solomon codec, the document
 * stores, the caches and the key locks. The modules take it as their first argument.
 */

/** One drive folder given by path (the server command's arguments), with an optional size in bytes. */
export interface DriveSpec {
  path: string;
  /**
   * Sized volume: the drive reports this as its total and refuses writes past it (XMinioStorageFull).
   * Absent: the filesystem's own size.
   */
  capacity?: number;
}

export interface ObjectLayerOptions {
  dataDir: string;
  /** Number of drive folders (dataDir/drive1..driveN); with `driveSpecs`, their count. */
  drives: number;
  /** Explicit drive folders (in set order) instead of dataDir/drive1..driveN. */
  driveSpecs?: DriveSpec[];
  /** Parity shards; default as MinIO: 0 for 1 drive, 1 for 2–3, 2 for 4–5, 3 for 6–7, 4 for 8+. */
  parity?: number;
  /** fsync data and metadata files before acknowledging (default true). */
  fsync?: boolean;
  /**
   * Also fsync the object folder after the commit rename (default false). Renames are atomic and
   * survive a killed process either way; this only adds power-loss durability of the rename itself,
   * at the cost of one more flush per drive per write.
   */
  fsyncDirs?: boolean;
  /**
   * Commit metadata writes through each drive's journal, one flush per batch of concurrent writes
   * (default true; see ./journal.ts). Off, each metadata file is flushed on its own (the benchmark's
   * comparison).
   */
  journal?: boolean;
  /** Objects up to this size are stored inside the metadata file (default 128 KiB). */
  inlineLimit?: number;
  /** Bytes per erasure block before splitting into shards (default 1 MiB). */
  blockSize?: number;
  /** Health probe period for drives in ms (default 10 s; 0 disables). */
  healthIntervalMs?: number;
  /**
   * Heal in the background when a drive folder is new or was wiped while others hold data, at open
   * or when a health check finds it (default true).
   */
  autoHeal?: boolean;
  /** Errors of background work (heal), for logging. */
  onBackgroundError?: (err: unknown) => void;
  /** Called when a drive goes offline or comes back (`from` is its previous state). */
  onDriveStateChange?: (drive: { index: number; path: string; state: DriveState }, from: DriveState) => void;
  /** Compute the MD5 of large bodies on a worker thread (default true). */
  md5Worker?: boolean;
}

/** MinIO's default parity for a single erasure set of n drives. */
export function defaultParity(n: number): number {
  if (n <= 1) return 0;
  if (n <= 3) return 1;
  if (n <= 5) return 2;
  if (n <= 7) return 3;
  return 4;
}

/**
 * Why `parity` cannot be a storage class's parity on n drives (MinIO: at most half the drives; one
 * drive has none), or undefined when it can.
 */
export function checkParity(parity: number, n: number): string | undefined {
  if (!Number.isInteger(parity) || parity < 0) return `parity must be a whole number, got ${parity}`;
  if (n === 1 && parity > 0) return `parity ${parity} is not possible with a single drive: only EC:0`;
  if (parity > Math.floor(n / 2)) {
    return `parity ${parity} should be less than or equal to ${Math.floor(n / 2)} (half of ${n} drives)`;
  }
  return undefined;
}

/** One erasure set over N drive folders: geometry, quorums, codec, document stores, caches, locks. */
export class ErasureSet {
  readonly drives: Drive[];
  readonly dataShards: number;
  readonly parityShards: number;
  readonly readQuorum: number;
  readonly writeQuorum: number;
  readonly rs: ReedSolomon;
  readonly fsync: boolean;
  readonly fsyncDirs: boolean;
  /**
   * Each drive's metadata journal (group commit of small writes, see ./journal.ts); null when `fsync`
   * is off, where metadata files are written with no flush at all.
   */
  readonly journals: DriveJournal[] | null;
  /** Runs the catalogs' WAL checkpoints on a worker thread (journaled sets only). */
  private readonly checkpointer: WalCheckpointer | null;
  readonly inlineLimit: number;
  readonly blockSize: number;
  /** Bucket documents and bucket config documents (`.stowage.sys/buckets`), cached. */
  readonly buckets: BucketDocs;
  /** Multipart upload bookkeeping (`.stowage.sys/multipart`). */
  readonly uploads: DocStore;
  /** The store's own documents (`.stowage.sys/config`): IAM, config. */
  readonly config: DocStore;
  readonly system: SystemStore;
  readonly locks = new KeyLocks();
  private readonly md5Worker: Md5Worker | null;
  /** Codecs of the other geometries versions were written with (storage classes), by `k+m`. */
  private readonly codecs = new Map<string, ReedSolomon>();
  private readonly requestedBlockSize: number;
  /** Set by close(): long-running work (heal) stops early. */
  closed = false;

  constructor(opts: ObjectLayerOptions) {
    const n = opts.drives;
    if (!Number.isInteger(n) || n < 1 || n > 32) throw new Error(`drives must be 1..32, got ${n}`);
    const parity = opts.parity ?? defaultParity(n);
    if (!Number.isInteger(parity) || parity < 0 || parity > Math.floor(n / 2) || (n > 1 && parity < 1)) {
      throw new Error(`parity must be 1..${Math.floor(n / 2)} for ${n} drives (0 for one drive)`);
    }
    this.dataShards = n - parity;
    this.parityShards = parity;
    this.readQuorum = this.dataShards;
    // As MinIO: data shards, plus one when data == parity so two halves can never both win.
    this.writeQuorum = this.dataShards === parity ? this.dataShards + 1 : this.dataShards;
    this.rs = new ReedSolomon(this.dataShards, parity);
    this.fsync = opts.fsync ?? true;
    this.fsyncDirs = opts.fsyncDirs ?? false;
    this.md5Worker = opts.md5Worker === false ? null : new Md5Worker();
    this.inlineLimit = opts.inlineLimit ?? 128 * 1024;
    const bs = opts.blockSize ?? 1024 * 1024;
    this.requestedBlockSize = bs;
    this.blockSize = Math.ceil(bs / this.dataShards) * this.dataShards;
    const root = path.resolve(opts.dataDir);
    const journaled = this.fsync && opts.journal !== false;
    const mode = journaled ? 'journal' : this.fsync ? 'full' : 'off';
    const specs = opts.driveSpecs;
    if (specs && specs.length !== n)
      throw new Error(`drives is ${n} but ${specs.length} drive folders are given`);
    this.drives = Array.from({ length: n }, (_, i) => {
      const folder = specs ? path.resolve((specs[i] as DriveSpec).path) : path.join(root, `drive${i + 1}`);
      const d = new Drive(folder, i, n, mode);
      const capacity = specs?.[i]?.capacity;
      if (capacity !== undefined) d.usage = new DriveUsage(folder, d.sys(), capacity);
      d.importer = importLegacy;
      return d;
    });
    const changed = opts.onDriveStateChange;
    if (changed) {
      for (const d of this.drives) {
        d.onStateChange = (drive, from) =>
          changed({ index: drive.index, path: drive.root, state: drive.state }, from);
      }
    }
    this.checkpointer = journaled ? new WalCheckpointer() : null;
    const checkpointer = this.checkpointer;
    this.journals = journaled ? this.drives.map((d) => new DriveJournal(d, checkpointer)) : null;
    const q = { read: this.readQuorum, write: this.writeQuorum, fsync: this.fsync };
    this.buckets = new BucketDocs(new DocStore(this.drives, q, 'buckets'));
    this.uploads = new DocStore(this.drives, q, 'multipart');
    const config = new DocStore(this.drives, q, 'config');
    this.config = config;
    this.system = {
      read: async (p) => config.read(validateDocPath(p)),
      write: async (p, data) => config.write(validateDocPath(p), data),
      delete: async (p) => config.delete(validateDocPath(p)),
      list: async (prefix) => {
        const all = (await config.listTree([])).filter((p) => p.startsWith(prefix));
        const present = await Promise.all(
          all.map(async (p) => ((await config.read(p.split('/'))) ? p : null)),
        );
        return present.filter((p): p is string => p !== null);
      },
    };
  }

  /** An MD5 session for a large body: on the worker thread unless disabled. */
  readonly largeMd5 = (maxBlock: number, extra?: ExtraHash): Md5Session =>
    this.md5Worker ? this.md5Worker.session(maxBlock, extra) : localMd5();

  /** The folder of an object key on a drive. */
  objectDir(d: Drive, bucket: string, key: string): string {
    return d.resolve(bucket, ...objectDirSegments(key));
  }

  /**
   * Erasure geometry of a new version of `key`: shard order rotated per key to spread the load.
   * `parity` (a storage class's) defaults to the set's; it must be 0..N/2 (checkParity).
   */
  geometry(key: string, parity?: number): ErasureGeometry {
    const n = this.drives.length;
    const offset = crc32(key) % n;
    const m = parity ?? this.parityShards;
    const problem = checkParity(m, n);
    if (problem) throw new Error(problem);
    const k = n - m;
    return {
      k,
      m,
      blockSize: m === this.parityShards ? this.blockSize : Math.ceil(this.requestedBlockSize / k) * k,
      dist: Array.from({ length: n }, (_, d) => (d + offset) % n),
    };
  }

  /** The Reed–Solomon codec of a version's geometry. */
  codec(ec: ErasureGeometry): ReedSolomon {
    if (ec.k === this.dataShards && ec.m === this.parityShards) return this.rs;
    const id = `${ec.k}+${ec.m}`;
    let rs = this.codecs.get(id);
    if (!rs) {
      rs = new ReedSolomon(ec.k, ec.m);
      this.codecs.set(id, rs);
    }
    return rs;
  }

  /**
   * Drives that must take a version's shards and metadata before it is acknowledged: its own write
   * quorum (k, +1 when k = m) and never fewer than the set's, whose metadata quorum reads rely on.
   */
  writeQuorumFor(ec: ErasureGeometry): number {
    return Math.max(this.writeQuorum, ec.k === ec.m ? ec.k + 1 : ec.k);
  }

  /** Remove a temp folder (a write's or heal's staging area) from every drive, ignoring errors. */
  async removeTmp(id: string): Promise<void> {
    await Promise.all(
      this.drives.map((d) =>
        fsp
          .rm(d.tmp(id), { recursive: true, force: true })
          .then(() => d.freed())
          .catch(() => undefined),
      ),
    );
  }

  /**
   * Re-apply what the online drives' journals hold (at open, before serving) and return the objects
   * they named (and those a legacy journal named at import) as journal names (`bucket/key`);
   * `retireJournals` ends the replay.
   */
  async replayJournals(): Promise<Set<string>> {
    const touched = new Set<string>();
    for (const d of this.drives) for (const name of d.legacyTouched.splice(0)) touched.add(name);
    const journals = this.journals;
    if (!journals) return touched;
    await Promise.all(
      this.drives.map(async (d, i) => {
        if (!d.online) return;
        try {
          for (const name of await (journals[i] as DriveJournal).replay()) touched.add(name);
        } catch (err) {
          d.reportError(err);
        }
      }),
    );
    return touched;
  }

  /** Delete the replayed journal segments, their objects settled. */
  async retireJournals(): Promise<void> {
    await Promise.all((this.journals ?? []).map((j) => j.retireReplayed().catch(() => undefined)));
  }

  /**
   * Change (or, `row` null, remove) an object's catalog row on drive `i`, durable before it resolves:
   * through the drive's journal, or directly (flushed by SQLite itself, or not at all without fsync)
   * when journals are off.
   */
  async writeRow(i: number, bucket: string, key: string, row: MetaRow | null): Promise<void> {
    const journal = this.journals?.[i];
    if (journal) return journal.write(bucket, key, row);
    (this.drives[i] as Drive).catalog.apply([{ bucket, key, row }]);
  }

  /** Retire every journal segment (before a bucket's rows are removed, so no replay brings one back). */
  async checkpointJournals(): Promise<void> {
    await Promise.all((this.journals ?? []).map((j) => j.checkpoint().catch(() => undefined)));
  }

  /** Retire the journals, close the drives (waiting for probes in flight) and release the MD5 worker. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all((this.journals ?? []).map((j) => j.close()));
    await this.checkpointer?.close();
    await Promise.all(this.drives.map((d) => d.close()));
    await this.md5Worker?.close();
  }
}
