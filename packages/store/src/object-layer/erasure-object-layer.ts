import { createHash, randomUUID } from 'node:crypto';
import fs, { promises as fsp } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { type StaleUploadOptions, startStaleUploadCleanup } from '../background/stale-uploads.js';
import { isS3Error, S3Error, s3Error } from '../core/errors.js';
import { initBitrot } from './codec/bitrot.js';
import { ReedSolomon } from './codec/reed-solomon.js';
import { DeleteMarkerError } from './delete-marker-error.js';
import { DocStore, runOnQuorum, validateDocPath } from './doc-store.js';
import {
  Drive,
  type DriveState,
  isNotFound,
  mkdirIfMissing,
  pruneEmptyDirs,
  syncDir,
  writeFileSynced,
} from './drive.js';
import {
  bufferSource,
  MAX_OBJECT_SIZE,
  openFileSource,
  PartReader,
  readPartRange,
  rebuildShards,
  type ShardSource,
  verifyShard,
  writeErasure,
} from './erasure.js';
import { localMd5, type Md5Session, Md5Worker } from './md5-worker.js';
import {
  type DriveMeta,
  decodeMeta,
  type ErasureGeometry,
  encodeMeta,
  type MetaDoc,
  type VersionRecord,
} from './meta.js';
import {
  compareKeys,
  objectDirSegments,
  prefixDirSegments,
  validateBucketName,
  validateObjectKey,
  validateVersionId,
} from './names.js';
import type {
  BucketConfigName,
  BucketInfo,
  ByteRange,
  DeleteOptions,
  DeleteResult,
  GetObjectResult,
  HealObjectResult,
  ListObjectsOptions,
  ListObjectsResult,
  ListVersionsOptions,
  ListVersionsResult,
  MultipartUploadInfo,
  ObjectInfo,
  ObjectLayer,
  PartInfo,
  PutObjectOptions,
  Retention,
  StorageInfo,
  SystemStore,
  VersioningState,
} from './types.js';
import { DirCache, dirId, prefetch, type WalkEntry, walkKeys } from './walk.js';

export interface ObjectLayerOptions {
  dataDir: string;
  /** Number of drive folders (dataDir/drive1..driveN). */
  drives: number;
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
  /** Stale multipart upload removal (default: older than 24 h, checked hourly); false disables. */
  staleUploads?: StaleUploadOptions | false;
}

interface BucketDoc {
  created: number;
  versioning: VersioningState;
  objectLock: boolean;
}

interface UploadDoc {
  key: string;
  initiated: number;
  contentType: string;
  sys: Record<string, string>;
  user: Record<string, string>;
  tags: Record<string, string>;
  retention: { mode: 'GOVERNANCE' | 'COMPLIANCE'; until: number } | null;
  legalHold: boolean;
  ec: ErasureGeometry;
}

interface PartDoc {
  number: number;
  etag: string;
  size: number;
  mtime: number;
  /** File name of the part's shard inside the upload folder. */
  file: string;
}

/** Per-drive state of an object's metadata after a quorum read. */
interface MetaRead {
  doc: MetaDoc | null;
  /** Parsed copy per drive index (any generation), for inline blobs; null when absent/unreadable. */
  perDrive: (DriveMeta | null)[];
  /** Only some drives were read (fast path). */
  partial: boolean;
  /** Drives where the metadata file was not found (its folder probably does not exist yet). */
  absent?: boolean[];
}

/** rename, creating the target's folder when missing (cheaper than mkdir before every rename). */
async function renameMkdir(from: string, to: string): Promise<void> {
  try {
    await fsp.rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    // The source is gone too when the whole drive folder vanished: never re-create that folder.
    await fsp.access(from).catch(() => {
      throw err;
    });
    await fsp.mkdir(path.dirname(to), { recursive: true });
    await fsp.rename(from, to);
  }
}

/**
 * Read and decode a metadata file synchronously: open, one read into a shared 16 KiB buffer, close
 * (larger files, i.e. big inline objects, take one more readFileSync). It is decoded in place and
 * only its inline blobs are copied out, so a read leaves no 16 KiB garbage behind. Metadata files are
 * small and on local drives, so each read costs ~5 µs of this thread; the asynchronous version
 * spends more than that on its three thread-pool round trips alone. Measured with the in-process
 * listing of 20k keys: 43k keys/s synchronously vs 19k keys/s with the callback API (over HTTP: 37k
 * vs 14k keys/s), and 4 KiB GETs ~10% faster. The trade: a drive that hangs inside the kernel stalls
 * the event loop instead of the (4-thread) pool, which the asynchronous version would exhaust as
 * surely. Used by reads only (GET, HEAD, listings): see readMetaFileAsync for writes.
 */
const metaReadBuf = Buffer.allocUnsafe(16 * 1024);
function readMetaFile(file: string): DriveMeta | null {
  const fd = fs.openSync(file, 'r');
  let n: number;
  try {
    n = fs.readSync(fd, metaReadBuf, 0, metaReadBuf.length, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (n === metaReadBuf.length) return decodeMeta(fs.readFileSync(file));
  const m = decodeMeta(metaReadBuf.subarray(0, n));
  if (m) for (const [id, blob] of m.inline) m.inline.set(id, Buffer.from(blob));
  return m;
}

/**
 * The same read on the thread pool (open, read, close with the callback API, ~1.5–2× the promise
 * API's rate), for the read-modify-write of commits. There the synchronous open was the main
 * thread's largest cost: a lookup in a folder that concurrent commits are renaming into waits on
 * the folder's lock and the journal (~130 µs per open measured under 16 concurrent 4 KiB PUTs,
 * 15% of the process's CPU profile), and most commits look up keys that do not exist yet.
 */
function readMetaFileAsync(file: string): Promise<DriveMeta | null> {
  return new Promise((resolve, reject) => {
    fs.open(file, 'r', (err, fd) => {
      if (err) return reject(err);
      const buf = Buffer.allocUnsafe(16 * 1024);
      fs.read(fd, buf, 0, buf.length, 0, (err2, n) => {
        fs.close(fd, () => undefined);
        if (err2) return reject(err2);
        if (n < buf.length) return resolve(decodeMeta(buf.subarray(0, n)));
        fs.readFile(file, (err3, data) => (err3 ? reject(err3) : resolve(decodeMeta(data))));
      });
    });
  });
}

const MIN_PART_SIZE = 5 * 1024 * 1024;
const MAX_PART_SIZE = 5 * 1024 ** 3;
const CONFIG_NAMES: readonly BucketConfigName[] = [
  'policy',
  'tagging',
  'object-lock',
  'quota',
  'lifecycle',
  'notification',
  'replication',
  'encryption',
  'targets',
];

/** MinIO's default parity for a single erasure set of n drives. */
export function defaultParity(n: number): number {
  if (n <= 1) return 0;
  if (n <= 3) return 1;
  if (n <= 5) return 2;
  if (n <= 7) return 3;
  return 4;
}

/** A small async mutex per name: serialises read-modify-write of one object's metadata. */
class KeyLocks {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(name: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.tails.get(name) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((r) => {
      release = r;
    });
    const tail = prev.then(() => mine);
    this.tails.set(name, tail);
    await prev;
    try {
      return await fn();
    } finally {
      release();
      if (this.tails.get(name) === tail) this.tails.delete(name);
    }
  }
}

/** Response headers on an error, where the error type carries them (S3Error.headers). */
function addHeaders(err: S3Error, headers: Record<string, string>): void {
  const h = (err as unknown as { headers?: Record<string, string> }).headers;
  if (h) Object.assign(h, headers);
}

function stripQuotes(etag: string): string {
  return etag.replace(/^"|"$/g, '').toLowerCase();
}

function toRetention(r: Retention | null | undefined): VersionRecord['retention'] {
  if (!r) return null;
  const until = r.retainUntil instanceof Date ? r.retainUntil.getTime() : Number.NaN;
  if (!Number.isFinite(until) || (r.mode !== 'GOVERNANCE' && r.mode !== 'COMPLIANCE')) {
    throw s3Error('InvalidArgument', {}, 'Invalid retention');
  }
  return { mode: r.mode, until };
}

/**
 * The embedded store's object layer: one erasure set over N drive folders. See ./types.ts for the
 * contract and packages/store/docs/erasure.md for the on-disk layout and the choices behind it.
 */
export class ErasureObjectLayer implements ObjectLayer {
  readonly system: SystemStore;
  readonly drives: Drive[];
  readonly dataShards: number;
  readonly parityShards: number;
  readonly readQuorum: number;
  readonly writeQuorum: number;
  private readonly rs: ReedSolomon;
  private readonly fsync: boolean;
  private readonly fsyncDirs: boolean;
  private readonly inlineLimit: number;
  private readonly blockSize: number;
  private readonly bucketDocs: DocStore;
  private readonly uploads: DocStore;
  private readonly locks = new KeyLocks();
  private readonly bucketCache = new Map<string, BucketDoc>();
  /**
   * Bucket config documents (policy, quota, object-lock, …) as last read or written by this process,
   * keyed bucket NUL name; null = known absent. Only this layer writes them, so a read is cached until
   * its own put/delete (or the bucket's deletion). `configGen` counts those changes so a read that
   * raced with a write never caches the older answer.
   */
  private readonly configCache = new Map<string, Buffer | null>();
  private configGen = 0;
  private readonly dirCache = new DirCache();
  private readonly md5Worker: Md5Worker | null;
  private healthTimer: NodeJS.Timeout | null = null;
  private stopStaleUploads: (() => void) | null = null;
  private closed = false;
  private healing: Promise<void> | null = null;
  private healAgain = false;
  private readonly autoHeal: boolean;
  private readonly onBackgroundError: (err: unknown) => void;

  private constructor(opts: ObjectLayerOptions) {
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
    this.autoHeal = opts.autoHeal ?? true;
    this.onBackgroundError = opts.onBackgroundError ?? (() => undefined);
    this.inlineLimit = opts.inlineLimit ?? 128 * 1024;
    const bs = opts.blockSize ?? 1024 * 1024;
    this.blockSize = Math.ceil(bs / this.dataShards) * this.dataShards;
    const root = path.resolve(opts.dataDir);
    this.drives = Array.from({ length: n }, (_, i) => new Drive(path.join(root, `drive${i + 1}`), i, n));
    for (const d of this.drives) {
      d.onFormatted = () => this.startHeal();
      const changed = opts.onDriveStateChange;
      if (changed)
        d.onStateChange = (drive, from) =>
          changed({ index: drive.index, path: drive.root, state: drive.state }, from);
    }
    const q = { read: this.readQuorum, write: this.writeQuorum, fsync: this.fsync };
    this.bucketDocs = new DocStore(this.drives, q, 'buckets');
    this.uploads = new DocStore(this.drives, q, 'multipart');
    const config = new DocStore(this.drives, q, 'config');
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
    const every = opts.healthIntervalMs ?? 10_000;
    if (every > 0) {
      this.healthTimer = setInterval(() => {
        for (const d of this.drives) void d.check();
      }, every);
      this.healthTimer.unref();
    }
    if (opts.staleUploads !== false)
      this.stopStaleUploads = startStaleUploadCleanup(this, opts.staleUploads ?? {});
  }

  static async open(opts: ObjectLayerOptions): Promise<ErasureObjectLayer> {
    await initBitrot();
    const layer = new ErasureObjectLayer(opts);
    await Promise.all(layer.drives.map((d) => d.init()));
    if (layer.drives.filter((d) => d.online).length < layer.readQuorum) {
      throw s3Error('XMinioServerNotInitialized', {}, 'Too few drives are usable to start the object layer.');
    }
    // A new or wiped drive next to drives that hold data (a replaced drive): rebuild it.
    if (layer.drives.some((d) => d.formatted) && layer.drives.some((d) => !d.formatted)) layer.startHeal();
    return layer;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.healing?.catch(() => undefined);
    if (this.healthTimer) clearInterval(this.healthTimer);
    this.healthTimer = null;
    this.stopStaleUploads?.();
    this.stopStaleUploads = null;
    await this.md5Worker?.close();
  }

  async storageInfo(): Promise<StorageInfo> {
    await Promise.all(this.drives.map((d) => d.check()));
    const drives = await Promise.all(
      this.drives.map(async (d) => {
        let totalSpace = 0;
        let availSpace = 0;
        let usedSpace = 0;
        try {
          const st = await fsp.statfs(d.root);
          totalSpace = st.blocks * st.bsize;
          availSpace = st.bavail * st.bsize;
          usedSpace = (st.blocks - st.bfree) * st.bsize;
        } catch {
          // Offline drive: no figures.
        }
        return {
          path: d.root,
          index: d.index,
          state: d.state,
          uuid: d.uuid,
          totalSpace,
          usedSpace,
          availSpace,
        };
      }),
    );
    return {
      drives,
      parity: this.parityShards,
      dataShards: this.dataShards,
      erasure: this.drives.length >= 4,
    };
  }

  // ---------------------------------------------------------------- buckets

  private readonly largeMd5 = (maxBlock: number): Md5Session =>
    this.md5Worker ? this.md5Worker.session(maxBlock) : localMd5();

  private async readBucket(name: string): Promise<BucketDoc | null> {
    const cached = this.bucketCache.get(name);
    if (cached) return cached;
    const raw = await this.bucketDocs.read([name, 'bucket.json']);
    if (!raw) return null;
    const doc = JSON.parse(raw.toString('utf8')) as BucketDoc;
    this.bucketCache.set(name, doc);
    return doc;
  }

  private async requireBucket(name: string): Promise<BucketDoc> {
    validateBucketName(name);
    const doc = await this.readBucket(name);
    if (!doc) throw s3Error('NoSuchBucket', { BucketName: name });
    return doc;
  }

  private async writeBucket(name: string, doc: BucketDoc): Promise<void> {
    this.bucketCache.delete(name);
    await this.bucketDocs.write([name, 'bucket.json'], Buffer.from(JSON.stringify(doc)));
    this.bucketCache.set(name, doc);
  }

  private bucketInfo(name: string, doc: BucketDoc): BucketInfo {
    return {
      name,
      created: new Date(doc.created),
      versioning: doc.versioning,
      objectLockEnabled: doc.objectLock,
    };
  }

  async makeBucket(name: string, opts?: { objectLock?: boolean }): Promise<void> {
    validateBucketName(name);
    await this.locks.run(`bucket\0${name}`, async () => {
      if (await this.readBucket(name)) throw s3Error('BucketAlreadyOwnedByYou', { BucketName: name });
      await runOnQuorum(this.drives, this.writeQuorum, async (d) => {
        // Not recursive: a drive folder that vanished must stay offline, not be re-created here.
        await mkdirIfMissing(d.resolve(name));
      });
      const objectLock = opts?.objectLock === true;
      this.dropConfigs(name);
      await this.writeBucket(name, {
        created: Date.now(),
        versioning: objectLock ? 'Enabled' : 'Unversioned',
        objectLock,
      });
    });
  }

  async getBucketInfo(name: string): Promise<BucketInfo> {
    return this.bucketInfo(name, await this.requireBucket(name));
  }

  async listBuckets(): Promise<BucketInfo[]> {
    const names = await this.bucketDocs.listDir([]);
    const out: BucketInfo[] = [];
    for (const name of names) {
      try {
        validateBucketName(name);
      } catch {
        continue;
      }
      const doc = await this.readBucket(name);
      if (doc) out.push(this.bucketInfo(name, doc));
    }
    return out.sort((a, b) => compareKeys(a.name, b.name));
  }

  async deleteBucket(name: string, opts?: { force?: boolean }): Promise<void> {
    await this.requireBucket(name);
    await this.locks.run(`bucket\0${name}`, async () => {
      if (!opts?.force) {
        const v = await this.listObjectVersions(name, { maxKeys: 1 });
        if (v.versions.length > 0 || v.commonPrefixes.length > 0) {
          throw s3Error('BucketNotEmpty', { BucketName: name });
        }
      }
      this.bucketCache.delete(name);
      this.dirCache.invalidate(name, null);
      this.dropConfigs(name);
      await this.bucketDocs.deleteTree([name]);
      await this.uploads.deleteTree([name]);
      await runOnQuorum(this.drives, this.writeQuorum, async (d) => {
        // Move aside first so a half-finished removal never leaves a half-visible bucket.
        const trash = d.tmp(`${randomUUID()}.trash`);
        try {
          await fsp.rename(d.resolve(name), trash);
        } catch (err) {
          if (!isNotFound(err)) throw err;
          return;
        }
        await fsp.rm(trash, { recursive: true, force: true });
      });
    });
  }

  async setBucketVersioning(name: string, state: 'Enabled' | 'Suspended'): Promise<void> {
    if (state !== 'Enabled' && state !== 'Suspended') throw s3Error('MalformedXML');
    await this.locks.run(`bucket\0${name}`, async () => {
      const doc = await this.requireBucket(name);
      if (doc.objectLock && state === 'Suspended') {
        throw s3Error(
          'InvalidBucketState',
          { BucketName: name },
          'An Object Lock configuration is present on this bucket, so the versioning state cannot be changed.',
        );
      }
      await this.writeBucket(name, { ...doc, versioning: state });
    });
  }

  async getBucketConfig(bucket: string, name: BucketConfigName): Promise<Buffer | null> {
    await this.requireBucket(bucket);
    if (!CONFIG_NAMES.includes(name)) throw s3Error('InvalidArgument', {}, `Unknown bucket config ${name}`);
    const id = `${bucket}\0${name}`;
    const cached = this.configCache.get(id);
    if (cached !== undefined) return cached;
    const gen = this.configGen;
    const data = await this.bucketDocs.read([bucket, name]);
    if (gen === this.configGen) this.configCache.set(id, data);
    return data;
  }

  /** Forget the cached config documents of a bucket (all of them when `name` is absent). */
  private dropConfigs(bucket: string, name?: BucketConfigName): void {
    this.configGen++;
    for (const n of name ? [name] : CONFIG_NAMES) this.configCache.delete(`${bucket}\0${n}`);
  }

  async putBucketConfig(bucket: string, name: BucketConfigName, data: Buffer | null): Promise<void> {
    await this.requireBucket(bucket);
    if (!CONFIG_NAMES.includes(name)) throw s3Error('InvalidArgument', {}, `Unknown bucket config ${name}`);
    this.dropConfigs(bucket, name);
    try {
      if (data === null) await this.bucketDocs.delete([bucket, name]);
      else await this.bucketDocs.write([bucket, name], data);
    } finally {
      // Whether or not the write reached its quorum, the next read asks the drives again.
      this.dropConfigs(bucket, name);
    }
  }

  // ---------------------------------------------------------------- object metadata

  private objectDir(d: Drive, bucket: string, key: string): string {
    return d.resolve(bucket, ...objectDirSegments(key));
  }

  private geometry(key: string): ErasureGeometry {
    const n = this.drives.length;
    const offset = crc32(key) % n;
    return {
      k: this.dataShards,
      m: this.parityShards,
      blockSize: this.blockSize,
      dist: Array.from({ length: n }, (_, d) => (d + offset) % n),
    };
  }

  /**
   * Quorum read of an object's metadata. Copies are grouped by generation; a generation held by at
   * least the read quorum wins (on a tie the older one: an unacknowledged write never displaces an
   * acknowledged state). Absent on a read quorum = no such key.
   *
   * `fast` (reads and listings): first read only k drives. Since write quorum + read quorum > N, any
   * k drives include one that took the last acknowledged write, so k identical generations settle
   * it; anything else (including absences) falls back to reading every drive. Writes use the full read:
   * they carry every drive's own inline shards forward.
   */
  private async readMeta(bucket: string, key: string, fast = false): Promise<MetaRead> {
    const perDrive: (DriveMeta | null)[] = this.drives.map(() => null);
    const absent: boolean[] = this.drives.map(() => false);
    const failed = (i: number, err: unknown): void => {
      if (isNotFound(err)) absent[i] = true;
      else (this.drives[i] as Drive).reportError(err);
    };
    const read = (i: number): void => {
      try {
        perDrive[i] = readMetaFile(path.join(this.objectDir(this.drives[i] as Drive, bucket, key), 'meta'));
      } catch (err) {
        failed(i, err);
      }
    };
    const readAsync = (i: number): Promise<void> =>
      readMetaFileAsync(path.join(this.objectDir(this.drives[i] as Drive, bucket, key), 'meta')).then(
        (m) => {
          perDrive[i] = m;
        },
        (err) => failed(i, err),
      );
    const online = this.drives.filter((d) => d.online).map((d) => d.index);
    if (!fast) {
      await Promise.all(online.map(readAsync));
    } else if (online.length > this.readQuorum) {
      // Start at a per-key drive so reads spread over the drives.
      const start = crc32(key) % online.length;
      const first = [...online.slice(start), ...online.slice(0, start)].slice(0, this.readQuorum);
      first.forEach(read);
      // Only agreement on a present copy settles it: all-absent may be wiped (replaced) drives.
      const gens = new Set(first.map((i) => perDrive[i]?.doc.gen ?? null));
      const m = perDrive[first[0] as number];
      if (gens.size === 1 && m) return { doc: m.doc, perDrive, partial: true };
      for (const i of online) if (!first.includes(i)) read(i);
    } else {
      online.forEach(read);
    }
    const groups = new Map<string, { count: number; doc: MetaDoc }>();
    for (const m of perDrive) {
      if (!m) continue;
      const g = groups.get(m.doc.gen);
      if (g) g.count++;
      else groups.set(m.doc.gen, { count: 1, doc: m.doc });
    }
    const best = [...groups.values()].sort((a, b) => b.count - a.count || a.doc.updated - b.doc.updated)[0];
    if (best && best.count >= this.readQuorum) return { doc: best.doc, perDrive, partial: false, absent };
    if (absent.filter(Boolean).length >= this.readQuorum)
      return { doc: null, perDrive, partial: false, absent };
    throw s3Error('InsufficientReadQuorum', { BucketName: bucket, Key: key });
  }

  /**
   * Write a new generation of the metadata to every online drive (temp + fsync + rename), each drive
   * keeping its own inline shards. `newData` commits a freshly written version's shards on the same
   * drive in the same step. Needs the write quorum.
   */
  private async writeMeta(
    bucket: string,
    key: string,
    doc: MetaDoc,
    prev: MetaRead,
    newData?: {
      dataDir: string;
      writeId: string | null;
      inline: (Buffer | null)[] | null;
      written: boolean[];
    },
  ): Promise<void> {
    const keep = new Set(doc.versions.filter((v) => v.inline && v.dataDir).map((v) => v.dataDir as string));
    const results = await Promise.allSettled(
      this.drives.map(async (d, i) => {
        if (!d.online) throw s3Error('InsufficientWriteQuorum');
        const dir = this.objectDir(d, bucket, key);
        const inline = new Map<string, Buffer>();
        const mine = prev.perDrive[i];
        if (mine) for (const [id, b] of mine.inline) if (keep.has(id)) inline.set(id, b);
        if (newData?.inline) {
          const b = newData.inline[i];
          if (b) inline.set(newData.dataDir, b);
        }
        if (doc.versions.length === 0) {
          await fsp.rm(path.join(dir, 'meta'), { force: true });
          return;
        }
        const tmp = d.tmp(`${randomUUID()}.meta`);
        await writeFileSynced(tmp, encodeMeta(doc, inline), this.fsync);
        // A new key: create its folder up front instead of failing a rename first.
        if (prev.absent?.[i]) await mkdirIfMissing(dir).catch(() => undefined);
        if (newData?.writeId && newData.written[i]) {
          await renameMkdir(d.tmp(newData.writeId), path.join(dir, newData.dataDir));
        }
        await renameMkdir(tmp, path.join(dir, 'meta'));
        if (this.fsyncDirs) await syncDir(dir);
        if (newData?.writeId && !newData.written[i]) throw new Error('shard not written on this drive');
      }),
    );
    let ok = 0;
    results.forEach((r, i) => {
      if (r.status === 'fulfilled') ok++;
      else if (!(r.reason instanceof S3Error) && !/shard not written/.test(String(r.reason))) {
        (this.drives[i] as Drive).reportError(r.reason);
      }
    });
    this.invalidateDirs(bucket, key);
    if (ok < this.writeQuorum) throw s3Error('InsufficientWriteQuorum', { BucketName: bucket, Key: key });
  }

  /** The folders on a key's path changed (or may have): drop their cached listings. */
  private invalidateDirs(bucket: string, key: string): void {
    const segs = objectDirSegments(key);
    const ids: string[] = [];
    for (let i = 0; i < segs.length; i++) ids.push(dirId([bucket, ...segs.slice(0, i)]));
    this.dirCache.invalidate(bucket, ids);
  }

  /** Remove data folders of versions that are gone, and the object folder when no version is left. */
  private async cleanupVersions(
    bucket: string,
    key: string,
    removed: VersionRecord[],
    empty: boolean,
  ): Promise<void> {
    await Promise.all(
      this.drives.map(async (d) => {
        if (!d.online) return;
        const dir = this.objectDir(d, bucket, key);
        for (const v of removed) {
          if (v.dataDir && !v.inline)
            await fsp.rm(path.join(dir, v.dataDir), { recursive: true, force: true });
        }
        if (empty) {
          await fsp.rm(dir, { recursive: true, force: true }).catch(() => undefined);
          await pruneEmptyDirs(path.dirname(dir), d.resolve(bucket));
        }
      }),
    );
    if (empty) this.invalidateDirs(bucket, key);
  }

  private toInfo(bucket: string, key: string, v: VersionRecord, isLatest: boolean): ObjectInfo {
    return {
      bucket,
      key,
      versionId: v.versionId,
      isLatest,
      isDeleteMarker: v.deleteMarker,
      size: v.size,
      etag: v.etag,
      lastModified: new Date(v.mtime),
      contentType: v.contentType,
      systemMetadata: { ...v.sys },
      userMetadata: { ...v.user },
      tags: { ...v.tags },
      retention: v.retention ? { mode: v.retention.mode, retainUntil: new Date(v.retention.until) } : null,
      legalHold: v.legalHold,
      parts: v.parts ? v.parts.map((p) => ({ ...p })) : null,
    };
  }

  /** Find the addressed version or throw the error S3 gives. */
  private pickVersion(
    bucket: string,
    key: string,
    doc: MetaDoc | null,
    versionId: string | undefined,
  ): { v: VersionRecord; latest: boolean } {
    const extra = { BucketName: bucket, Key: key };
    if (versionId === undefined || versionId === '') {
      const v = doc?.versions[0];
      if (!v) throw s3Error('NoSuchKey', extra);
      if (v.deleteMarker) throw new DeleteMarkerError('NoSuchKey', extra, v.versionId, new Date(v.mtime));
      return { v, latest: true };
    }
    validateVersionId(bucket, key, versionId);
    const idx = doc ? doc.versions.findIndex((x) => x.versionId === versionId) : -1;
    const v = idx >= 0 ? doc?.versions[idx] : undefined;
    if (!v) throw s3Error('NoSuchVersion', { ...extra, VersionId: versionId });
    if (v.deleteMarker) {
      throw new DeleteMarkerError('MethodNotAllowed', extra, v.versionId, new Date(v.mtime));
    }
    return { v, latest: idx === 0 };
  }

  // ---------------------------------------------------------------- objects

  async putObject(bucket: string, key: string, body: Readable, opts: PutObjectOptions): Promise<ObjectInfo> {
    await this.requireBucket(bucket);
    validateObjectKey(bucket, key);
    if (opts.size > MAX_OBJECT_SIZE) throw s3Error('EntityTooLarge', { BucketName: bucket, Key: key });
    const retention = toRetention(opts.retention);
    const ec = this.geometry(key);
    const writeId = randomUUID();
    const dataDir = randomUUID();
    let inlined = false;
    try {
      const res = await writeErasure({
        drives: this.drives,
        ec,
        rs: this.rs,
        body,
        declaredSize: opts.size,
        maxSize: MAX_OBJECT_SIZE,
        inlineLimit: this.inlineLimit,
        tmpFile: (d) => d.tmp(`${writeId}/part.1`),
        writeQuorum: this.writeQuorum,
        fsync: this.fsync,
        largeMd5: this.largeMd5,
      });
      this.checkMd5(res.md5, opts.contentMd5Base64, bucket, key);
      const v: VersionRecord = {
        versionId: 'null',
        deleteMarker: false,
        size: res.size,
        etag: res.md5.toString('hex'),
        mtime: Date.now(),
        contentType: opts.contentType || 'application/octet-stream',
        sys: { ...(opts.systemMetadata ?? {}) },
        user: { ...(opts.userMetadata ?? {}) },
        tags: { ...(opts.tags ?? {}) },
        retention,
        legalHold: opts.legalHold === true,
        parts: null,
        dataDir,
        inline: res.inline !== null,
        ec,
      };
      if (res.inline) inlined = true;
      return await this.commitVersion(bucket, key, v, {
        dataDir,
        writeId: res.inline ? null : writeId,
        inline: res.inline,
        written: res.written,
      });
    } finally {
      // Inline writes never created temp files; others leave them only on failure.
      if (!inlined) {
        await Promise.all(
          this.drives.map((d) =>
            fsp.rm(d.tmp(writeId), { recursive: true, force: true }).catch(() => undefined),
          ),
        );
      }
    }
  }

  private checkMd5(md5: Buffer, expected: string | undefined, bucket: string, key: string): void {
    if (expected === undefined) return;
    const want = Buffer.from(expected, 'base64');
    if (want.length !== 16) throw s3Error('InvalidDigest', { BucketName: bucket, Key: key });
    if (!want.equals(md5)) throw s3Error('BadDigest', { BucketName: bucket, Key: key });
  }

  /** Add a version (object or delete marker) as the latest, following the bucket's versioning state. */
  private async commitVersion(
    bucket: string,
    key: string,
    v: VersionRecord,
    newData?: {
      dataDir: string;
      writeId: string | null;
      inline: (Buffer | null)[] | null;
      written: boolean[];
    },
  ): Promise<ObjectInfo> {
    return this.locks.run(`${bucket}\0${key}`, async () => {
      const bucketDoc = await this.requireBucket(bucket);
      const prev = await this.readMeta(bucket, key);
      const versions = prev.doc ? [...prev.doc.versions] : [];
      let removed: VersionRecord[] = [];
      if (bucketDoc.versioning === 'Enabled') {
        v.versionId = randomUUID();
      } else {
        v.versionId = 'null';
        removed = versions.filter((x) => x.versionId === 'null');
      }
      const mtime = Math.max(v.mtime, (versions[0]?.mtime ?? 0) + 1);
      v.mtime = mtime;
      const doc: MetaDoc = {
        gen: randomUUID(),
        updated: Date.now(),
        versions: [v, ...versions.filter((x) => !removed.includes(x))],
      };
      await this.writeMeta(bucket, key, doc, prev, newData);
      await this.cleanupVersions(bucket, key, removed, false);
      return this.toInfo(bucket, key, v, true);
    });
  }

  private resolveRange(
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

  async headObject(bucket: string, key: string, opts?: { versionId?: string }): Promise<ObjectInfo> {
    await this.requireBucket(bucket);
    validateObjectKey(bucket, key);
    const meta = await this.readMeta(bucket, key, true);
    const { v, latest } = this.pickVersion(bucket, key, meta.doc, opts?.versionId);
    return this.toInfo(bucket, key, v, latest);
  }

  /**
   * Ranges: `start`/`end` inclusive; `end` past the object is clipped (also Infinity for `bytes=N-`);
   * a negative `start` means the last -start bytes (`bytes=-N`).
   */
  async getObject(
    bucket: string,
    key: string,
    opts?: { versionId?: string; range?: ByteRange },
  ): Promise<GetObjectResult> {
    await this.requireBucket(bucket);
    validateObjectKey(bucket, key);
    // Fast metadata read first; if that left too few shards readable, read every drive's copy.
    for (const fast of [true, false]) {
      const meta = await this.readMeta(bucket, key, fast);
      const { v, latest } = this.pickVersion(bucket, key, meta.doc, opts?.versionId);
      const info = this.toInfo(bucket, key, v, latest);
      const range = this.resolveRange(bucket, key, v.size, opts?.range);
      const start = range ? range.start : 0;
      const end = range ? range.end : v.size - 1;
      const gen = this.readVersion(bucket, key, v, meta, start, end);
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
        const whole = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
        return {
          info,
          range,
          whole,
          get stream() {
            return Readable.from([whole], { objectMode: false });
          },
        };
      }
      return { info, range, stream: this.streamFrom(first, gen) };
    }
    throw s3Error('InsufficientReadQuorum', { BucketName: bucket, Key: key });
  }

  private streamFrom(first: IteratorResult<Buffer>, gen: AsyncGenerator<Buffer>): Readable {
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

  private async *readVersion(
    bucket: string,
    key: string,
    v: VersionRecord,
    meta: MetaRead,
    start: number,
    end: number,
  ): AsyncGenerator<Buffer> {
    const ec = v.ec;
    if (!ec || end < start) return;
    const parts = v.parts ?? [{ number: 1, size: v.size, etag: v.etag }];
    let base = 0;
    for (const part of parts) {
      const pStart = base;
      const pEnd = base + part.size - 1;
      base += part.size;
      if (pEnd < start || pStart > end || part.size === 0) continue;
      const sources: (ShardSource | null)[] = new Array(ec.k + ec.m).fill(null);
      await Promise.all(
        this.drives.map(async (d, i) => {
          if (!d.online) return;
          const shard = ec.dist[i] as number;
          if (v.inline) {
            const blob = meta.perDrive[i]?.inline.get(v.dataDir as string);
            sources[shard] = blob ? bufferSource(blob) : null;
          } else {
            sources[shard] = await openFileSource(
              path.join(this.objectDir(d, bucket, key), v.dataDir as string, `part.${part.number}`),
            );
          }
        }),
      );
      const reader = new PartReader(sources, ec, this.rs, part.size);
      try {
        yield* readPartRange(reader, Math.max(start - pStart, 0), Math.min(end, pEnd) - pStart);
      } finally {
        await reader.close();
      }
    }
  }

  private lockCheck(v: VersionRecord, bypassGovernance: boolean, bucket: string, key: string): void {
    const extra = { BucketName: bucket, Key: key };
    if (v.legalHold) throw s3Error('AccessDenied', extra, 'Object is under legal hold and cannot be deleted');
    if (v.retention && v.retention.until > Date.now()) {
      if (v.retention.mode === 'COMPLIANCE' || !bypassGovernance) {
        throw s3Error('AccessDenied', extra, 'Object is WORM protected and cannot be overwritten or deleted');
      }
    }
  }

  async deleteObject(bucket: string, key: string, opts?: DeleteOptions): Promise<DeleteResult> {
    const bucketDoc = await this.requireBucket(bucket);
    validateObjectKey(bucket, key);
    const versionId = opts?.versionId;
    if (versionId !== undefined && versionId !== '') {
      validateVersionId(bucket, key, versionId);
      return this.locks.run(`${bucket}\0${key}`, async () => {
        const prev = await this.readMeta(bucket, key);
        const target = prev.doc?.versions.find((x) => x.versionId === versionId);
        if (!prev.doc || !target) return { versionId, deleteMarker: false };
        this.lockCheck(target, opts?.bypassGovernance === true, bucket, key);
        const versions = prev.doc.versions.filter((x) => x !== target);
        await this.writeMeta(bucket, key, { gen: randomUUID(), updated: Date.now(), versions }, prev);
        await this.cleanupVersions(bucket, key, [target], versions.length === 0);
        return { versionId, deleteMarker: target.deleteMarker };
      });
    }
    if (bucketDoc.versioning === 'Unversioned') {
      return this.locks.run(`${bucket}\0${key}`, async () => {
        const prev = await this.readMeta(bucket, key);
        if (!prev.doc) return { versionId: 'null', deleteMarker: false };
        const removed = prev.doc.versions.filter((x) => x.versionId === 'null');
        const versions = prev.doc.versions.filter((x) => x.versionId !== 'null');
        await this.writeMeta(bucket, key, { gen: randomUUID(), updated: Date.now(), versions }, prev);
        await this.cleanupVersions(bucket, key, removed, versions.length === 0);
        return { versionId: 'null', deleteMarker: false };
      });
    }
    // Versioned or suspended: a delete marker becomes the latest version (S3 API: DeleteObject).
    const marker: VersionRecord = {
      versionId: 'null',
      deleteMarker: true,
      size: 0,
      etag: '',
      mtime: Date.now(),
      contentType: '',
      sys: {},
      user: {},
      tags: {},
      retention: null,
      legalHold: false,
      parts: null,
      dataDir: null,
      inline: false,
      ec: null,
    };
    const info = await this.commitVersion(bucket, key, marker);
    return { versionId: info.versionId, deleteMarker: true };
  }

  async updateObjectMetadata(
    bucket: string,
    key: string,
    versionId: string | undefined,
    patch: Partial<
      Pick<ObjectInfo, 'tags' | 'retention' | 'legalHold' | 'userMetadata' | 'systemMetadata' | 'contentType'>
    >,
  ): Promise<ObjectInfo> {
    await this.requireBucket(bucket);
    validateObjectKey(bucket, key);
    return this.locks.run(`${bucket}\0${key}`, async () => {
      const prev = await this.readMeta(bucket, key);
      const { v, latest } = this.pickVersion(bucket, key, prev.doc, versionId);
      const next: VersionRecord = { ...v };
      if (patch.tags !== undefined) next.tags = { ...patch.tags };
      if (patch.userMetadata !== undefined) next.user = { ...patch.userMetadata };
      if (patch.systemMetadata !== undefined) next.sys = { ...patch.systemMetadata };
      if (patch.contentType !== undefined) next.contentType = patch.contentType;
      if (patch.legalHold !== undefined) next.legalHold = patch.legalHold === true;
      if (patch.retention !== undefined) {
        const r = toRetention(patch.retention);
        const cur = v.retention;
        // S3 API: PutObjectRetention — COMPLIANCE retention can be neither shortened nor removed.
        if (cur?.mode === 'COMPLIANCE' && cur.until > Date.now()) {
          if (r?.mode !== 'COMPLIANCE' || r.until < cur.until) {
            throw s3Error('AccessDenied', { BucketName: bucket, Key: key }, 'Object is WORM protected');
          }
        }
        next.retention = r;
      }
      const doc = prev.doc as MetaDoc;
      const versions = doc.versions.map((x) => (x === v ? next : x));
      await this.writeMeta(bucket, key, { gen: randomUUID(), updated: Date.now(), versions }, prev);
      return this.toInfo(bucket, key, next, latest);
    });
  }

  // ---------------------------------------------------------------- listing

  private walk(bucket: string, prefix: string, after: string, prefixes: boolean, inclusive = false) {
    const cut = prefix.lastIndexOf('/') + 1;
    const dir = prefix.slice(0, cut);
    const ctx = { drives: this.drives, cache: this.dirCache };
    return walkKeys(ctx, [bucket, ...prefixDirSegments(dir)], dir, prefix.slice(cut), {
      after,
      inclusive,
      prefixes,
    });
  }

  /** Whether anything under `prefix` is visible (a live object, or any version when `versions`). */
  private async hasVisible(bucket: string, prefix: string, versions: boolean): Promise<boolean> {
    for await (const e of this.walk(bucket, prefix, '', false)) {
      if (e.kind !== 'object') continue;
      const meta = await this.readMeta(bucket, e.key, true);
      const latest = meta.doc?.versions[0];
      if (latest && (versions || !latest.deleteMarker)) return true;
    }
    return false;
  }

  async listObjects(bucket: string, opts: ListObjectsOptions): Promise<ListObjectsResult> {
    await this.requireBucket(bucket);
    const prefix = opts.prefix ?? '';
    const delimiter = opts.delimiter ?? '';
    const maxKeys = opts.maxKeys ?? 1000;
    let after = opts.after ?? '';
    if (after && compareKeys(after, prefix) < 0) after = '';
    const res: ListObjectsResult = { objects: [], commonPrefixes: [], isTruncated: false, nextAfter: null };
    if (maxKeys <= 0) return res;
    let count = 0;
    let last: string | null = null;
    let lastPrefix: string | null = null;
    const entries = this.walk(bucket, prefix, after, delimiter === '/');
    const look = async (e: WalkEntry): Promise<boolean | MetaRead | null> => {
      if (e.kind === 'prefix') return this.hasVisible(bucket, e.key, false);
      // Keys that may roll up into a common prefix are decided in order, below.
      if (delimiter && e.key.indexOf(delimiter, prefix.length) >= 0) return null;
      return this.readMeta(bucket, e.key, true);
    };
    for await (const [e, pre] of prefetch(entries, Math.min(32, maxKeys + 1), look)) {
      if (e.kind === 'prefix') {
        if (!pre) continue;
        if (count >= maxKeys) {
          res.isTruncated = true;
          break;
        }
        res.commonPrefixes.push(e.key);
        count++;
        last = e.key;
        continue;
      }
      let cp: string | null = null;
      if (delimiter) {
        const idx = e.key.indexOf(delimiter, prefix.length);
        if (idx >= 0) {
          cp = e.key.slice(0, idx + delimiter.length);
          if (cp === lastPrefix || (after && compareKeys(cp, after) <= 0)) continue;
        }
      }
      const meta = pre && typeof pre === 'object' ? pre : await this.readMeta(bucket, e.key, true);
      const latest = meta.doc?.versions[0];
      if (!latest || latest.deleteMarker) continue;
      if (count >= maxKeys) {
        res.isTruncated = true;
        break;
      }
      count++;
      if (cp !== null) {
        res.commonPrefixes.push(cp);
        lastPrefix = cp;
        last = cp;
      } else {
        res.objects.push(this.toInfo(bucket, e.key, latest, true));
        last = e.key;
      }
    }
    res.nextAfter = res.isTruncated ? last : null;
    return res;
  }

  async listObjectVersions(bucket: string, opts: ListVersionsOptions): Promise<ListVersionsResult> {
    await this.requireBucket(bucket);
    const prefix = opts.prefix ?? '';
    const delimiter = opts.delimiter ?? '';
    const maxKeys = opts.maxKeys ?? 1000;
    let keyMarker = opts.keyMarker ?? '';
    if (keyMarker && compareKeys(keyMarker, prefix) < 0) keyMarker = '';
    const vidMarker = keyMarker ? (opts.versionIdMarker ?? '') : '';
    const res: ListVersionsResult = {
      versions: [],
      commonPrefixes: [],
      isTruncated: false,
      nextKeyMarker: null,
      nextVersionIdMarker: null,
    };
    if (maxKeys <= 0) return res;
    let count = 0;
    let lastPrefix: string | null = null;
    const full = (): boolean => {
      if (count < maxKeys) return false;
      res.isTruncated = true;
      return true;
    };
    const entries = this.walk(bucket, prefix, keyMarker, delimiter === '/', vidMarker !== '');
    const look = async (e: WalkEntry): Promise<boolean | MetaRead | null> => {
      if (e.kind === 'prefix') return this.hasVisible(bucket, e.key, true);
      if (delimiter && e.key.indexOf(delimiter, prefix.length) >= 0) return null;
      return this.readMeta(bucket, e.key, true);
    };
    outer: for await (const [e, pre] of prefetch(entries, Math.min(32, maxKeys + 1), look)) {
      if (e.kind === 'prefix') {
        if (!pre) continue;
        if (full()) break;
        res.commonPrefixes.push(e.key);
        count++;
        res.nextKeyMarker = e.key;
        res.nextVersionIdMarker = null;
        continue;
      }
      let cp: string | null = null;
      if (delimiter) {
        const idx = e.key.indexOf(delimiter, prefix.length);
        if (idx >= 0) {
          cp = e.key.slice(0, idx + delimiter.length);
          if (cp === lastPrefix || (keyMarker && compareKeys(cp, keyMarker) <= 0)) continue;
        }
      }
      const meta = pre && typeof pre === 'object' ? pre : await this.readMeta(bucket, e.key, true);
      const versions = meta.doc?.versions ?? [];
      if (versions.length === 0) continue;
      if (cp !== null) {
        if (full()) break;
        res.commonPrefixes.push(cp);
        lastPrefix = cp;
        count++;
        res.nextKeyMarker = cp;
        res.nextVersionIdMarker = null;
        continue;
      }
      let from = 0;
      if (vidMarker && e.key === keyMarker) {
        const idx = versions.findIndex((x) => x.versionId === vidMarker);
        if (idx < 0) continue;
        from = idx + 1;
      }
      for (let i = from; i < versions.length; i++) {
        if (full()) break outer;
        const v = versions[i] as VersionRecord;
        res.versions.push(this.toInfo(bucket, e.key, v, i === 0));
        count++;
        res.nextKeyMarker = e.key;
        res.nextVersionIdMarker = v.versionId;
      }
    }
    if (!res.isTruncated) {
      res.nextKeyMarker = null;
      res.nextVersionIdMarker = null;
    }
    return res;
  }

  // ---------------------------------------------------------------- multipart

  private async readUpload(bucket: string, key: string, uploadId: string): Promise<UploadDoc> {
    if (!/^[0-9a-f-]{36}$/.test(uploadId)) throw s3Error('NoSuchUpload', { UploadId: uploadId });
    const raw = await this.uploads.read([bucket, uploadId, 'upload.json']);
    if (!raw) throw s3Error('NoSuchUpload', { UploadId: uploadId });
    const doc = JSON.parse(raw.toString('utf8')) as UploadDoc;
    if (doc.key !== key) throw s3Error('NoSuchUpload', { UploadId: uploadId });
    return doc;
  }

  async newMultipartUpload(
    bucket: string,
    key: string,
    opts: Omit<PutObjectOptions, 'size' | 'contentMd5Base64'>,
  ): Promise<string> {
    await this.requireBucket(bucket);
    validateObjectKey(bucket, key);
    const uploadId = randomUUID();
    const doc: UploadDoc = {
      key,
      initiated: Date.now(),
      contentType: opts.contentType || 'application/octet-stream',
      sys: { ...(opts.systemMetadata ?? {}) },
      user: { ...(opts.userMetadata ?? {}) },
      tags: { ...(opts.tags ?? {}) },
      retention: toRetention(opts.retention),
      legalHold: opts.legalHold === true,
      ec: this.geometry(key),
    };
    await this.uploads.write([bucket, uploadId, 'upload.json'], Buffer.from(JSON.stringify(doc)));
    return uploadId;
  }

  async putObjectPart(
    bucket: string,
    key: string,
    uploadId: string,
    partNumber: number,
    body: Readable,
    opts: { size: number; contentMd5Base64?: string },
  ): Promise<PartInfo> {
    await this.requireBucket(bucket);
    validateObjectKey(bucket, key);
    if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10000) {
      throw s3Error('InvalidArgument', {}, 'Part number must be an integer between 1 and 10000, inclusive');
    }
    if (opts.size > MAX_PART_SIZE) throw s3Error('EntityTooLarge');
    const upload = await this.readUpload(bucket, key, uploadId);
    const writeId = randomUUID();
    try {
      const res = await writeErasure({
        drives: this.drives,
        ec: upload.ec,
        rs: this.rs,
        body,
        declaredSize: opts.size,
        maxSize: MAX_PART_SIZE,
        inlineLimit: -1,
        tmpFile: (d) => d.tmp(`${writeId}/part`),
        writeQuorum: this.writeQuorum,
        fsync: this.fsync,
        largeMd5: this.largeMd5,
      });
      this.checkMd5(res.md5, opts.contentMd5Base64, bucket, key);
      return await this.locks.run(`upload\0${uploadId}\0${partNumber}`, async () => {
        await this.readUpload(bucket, key, uploadId);
        const prevRaw = await this.uploads.read([bucket, uploadId, `part.${partNumber}.json`]);
        await runOnQuorum(this.drives, this.writeQuorum, async (d) => {
          if (!res.written[d.index]) throw new Error('shard not written');
          await fsp.rename(d.tmp(`${writeId}/part`), d.sys('multipart', bucket, uploadId, writeId));
        });
        const part: PartDoc = {
          number: partNumber,
          etag: res.md5.toString('hex'),
          size: res.size,
          mtime: Date.now(),
          file: writeId,
        };
        await this.uploads.write(
          [bucket, uploadId, `part.${partNumber}.json`],
          Buffer.from(JSON.stringify(part)),
        );
        if (prevRaw) {
          const old = JSON.parse(prevRaw.toString('utf8')) as PartDoc;
          await Promise.all(
            this.drives.map((d) => fsp.rm(d.sys('multipart', bucket, uploadId, old.file), { force: true })),
          );
        }
        return { partNumber, etag: part.etag, size: part.size, lastModified: new Date(part.mtime) };
      });
    } finally {
      await Promise.all(
        this.drives.map((d) =>
          fsp.rm(d.tmp(writeId), { recursive: true, force: true }).catch(() => undefined),
        ),
      );
    }
  }

  private async readParts(bucket: string, uploadId: string): Promise<PartDoc[]> {
    const names = await this.uploads.listDir([bucket, uploadId]);
    const parts: PartDoc[] = [];
    for (const n of names) {
      const m = /^part\.(\d+)\.json$/.exec(n);
      if (!m) continue;
      const raw = await this.uploads.read([bucket, uploadId, n]);
      if (raw) parts.push(JSON.parse(raw.toString('utf8')) as PartDoc);
    }
    return parts.sort((a, b) => a.number - b.number);
  }

  async listParts(
    bucket: string,
    key: string,
    uploadId: string,
    opts?: { partNumberMarker?: number; maxParts?: number },
  ): Promise<{ parts: PartInfo[]; isTruncated: boolean; nextPartNumberMarker: number }> {
    await this.requireBucket(bucket);
    await this.readUpload(bucket, key, uploadId);
    const marker = opts?.partNumberMarker ?? 0;
    const max = opts?.maxParts ?? 1000;
    const all = (await this.readParts(bucket, uploadId)).filter((p) => p.number > marker);
    const page = all.slice(0, Math.max(max, 0));
    return {
      parts: page.map((p) => ({
        partNumber: p.number,
        etag: p.etag,
        size: p.size,
        lastModified: new Date(p.mtime),
      })),
      isTruncated: all.length > page.length,
      nextPartNumberMarker: page.length > 0 ? (page[page.length - 1] as PartDoc).number : marker,
    };
  }

  async listMultipartUploads(
    bucket: string,
    opts?: { prefix?: string; keyMarker?: string; uploadIdMarker?: string; maxUploads?: number },
  ): Promise<{ uploads: MultipartUploadInfo[]; isTruncated: boolean }> {
    await this.requireBucket(bucket);
    const prefix = opts?.prefix ?? '';
    const max = opts?.maxUploads ?? 1000;
    const ids = await this.uploads.listDir([bucket]);
    const all: MultipartUploadInfo[] = [];
    for (const id of ids) {
      const raw = await this.uploads.read([bucket, id, 'upload.json']).catch(() => null);
      if (!raw) continue;
      const doc = JSON.parse(raw.toString('utf8')) as UploadDoc;
      if (!doc.key.startsWith(prefix)) continue;
      all.push({ bucket, key: doc.key, uploadId: id, initiated: new Date(doc.initiated) });
    }
    all.sort(
      (a, b) =>
        compareKeys(a.key, b.key) ||
        a.initiated.getTime() - b.initiated.getTime() ||
        compareKeys(a.uploadId, b.uploadId),
    );
    const km = opts?.keyMarker ?? '';
    const um = opts?.uploadIdMarker ?? '';
    let start = 0;
    if (km) {
      const at = um ? all.findIndex((u) => u.key === km && u.uploadId === um) : -1;
      start = at >= 0 ? at + 1 : all.findIndex((u) => compareKeys(u.key, km) > 0);
      if (start < 0) start = all.length;
    }
    const rest = all.slice(start);
    const page = rest.slice(0, Math.max(max, 0));
    return { uploads: page, isTruncated: rest.length > page.length };
  }

  async abortMultipartUpload(bucket: string, key: string, uploadId: string): Promise<void> {
    await this.requireBucket(bucket);
    await this.readUpload(bucket, key, uploadId);
    await this.uploads.deleteTree([bucket, uploadId]);
  }

  async completeMultipartUpload(
    bucket: string,
    key: string,
    uploadId: string,
    parts: { partNumber: number; etag: string }[],
  ): Promise<ObjectInfo> {
    await this.requireBucket(bucket);
    validateObjectKey(bucket, key);
    return this.locks.run(`complete\0${uploadId}`, async () => {
      const upload = await this.readUpload(bucket, key, uploadId);
      if (parts.length === 0) {
        throw s3Error('MalformedXML', {}, 'You must specify at least one part');
      }
      for (let i = 1; i < parts.length; i++) {
        if (
          (parts[i] as { partNumber: number }).partNumber <=
          (parts[i - 1] as { partNumber: number }).partNumber
        ) {
          throw s3Error('InvalidPartOrder', { UploadId: uploadId });
        }
      }
      const stored = new Map((await this.readParts(bucket, uploadId)).map((p) => [p.number, p]));
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
      const md5s = Buffer.concat(chosen.map((p) => Buffer.from(p.etag, 'hex')));
      const etag = `${createHash('md5').update(md5s).digest('hex')}-${chosen.length}`;
      const dataDir = randomUUID();
      const writeId = randomUUID();
      // Assemble the object's data folder in tmp from the part files (renames, no copies).
      const written = this.drives.map(() => false);
      const present: number[] = chosen.map(() => 0);
      await Promise.all(
        this.drives.map(async (d, i) => {
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
      if (present.some((n) => n < this.readQuorum)) throw s3Error('InsufficientWriteQuorum');
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
        parts: chosen.map((p) => ({ number: p.number, size: p.size, etag: p.etag })),
        dataDir,
        inline: false,
        ec: upload.ec,
      };
      try {
        const info = await this.commitVersion(bucket, key, v, { dataDir, writeId, inline: null, written });
        await this.uploads.deleteTree([bucket, uploadId]).catch(() => undefined);
        return info;
      } finally {
        await Promise.all(
          this.drives.map((d) =>
            fsp.rm(d.tmp(writeId), { recursive: true, force: true }).catch(() => undefined),
          ),
        );
      }
    });
  }

  // ---------------------------------------------------------------- heal

  /**
   * Rebuild one object's missing or corrupted shards and stale metadata copies on every online
   * drive (e.g. after a drive was replaced), and remove the copies of a write that never reached a
   * read quorum. Reads every shard block to verify it, so it is meant for background and admin use.
   */
  async healObject(bucket: string, key: string): Promise<HealObjectResult> {
    await this.requireBucket(bucket);
    validateObjectKey(bucket, key);
    return this.locks.run(`${bucket}\0${key}`, () => this.healLocked(bucket, key));
  }

  private async healLocked(bucket: string, key: string): Promise<HealObjectResult> {
    const result: HealObjectResult = {
      bucket,
      key,
      healedDrives: [],
      healedVersions: 0,
      unrecoverable: 0,
      removedDangling: false,
    };
    const healed = new Set<number>();
    let prev: MetaRead;
    try {
      prev = await this.readMeta(bucket, key);
    } catch (err) {
      if (!isS3Error(err, 'InsufficientReadQuorum')) throw err;
      result.unrecoverable++;
      return result;
    }
    const doc = prev.doc;
    if (!doc) {
      // Copies of a write that never reached a quorum: not an object, remove them.
      await Promise.all(
        this.drives.map(async (d, i) => {
          if (!d.online || !prev.perDrive[i]) return;
          const dir = this.objectDir(d, bucket, key);
          await fsp.rm(dir, { recursive: true, force: true });
          await pruneEmptyDirs(path.dirname(dir), d.resolve(bucket));
          result.removedDangling = true;
        }),
      );
      if (result.removedDangling) this.invalidateDirs(bucket, key);
      return result;
    }
    const needMeta = this.drives.map((d, i) => d.online && prev.perDrive[i]?.doc.gen !== doc.gen);
    const newInline = this.drives.map(() => new Map<string, Buffer>());
    const healId = randomUUID();
    try {
      for (const v of doc.versions) {
        const ec = v.ec;
        if (!ec || !v.dataDir || v.deleteMarker) continue;
        const parts = v.parts ?? [{ number: 1, size: v.size, etag: v.etag }];
        let versionHealed = false;
        for (const part of parts) {
          const sources: (ShardSource | null)[] = new Array(ec.k + ec.m).fill(null);
          const owners: number[] = new Array(ec.k + ec.m).fill(-1);
          await Promise.all(
            this.drives.map(async (d, i) => {
              if (!d.online) return;
              const shard = ec.dist[i] as number;
              owners[shard] = i;
              if (v.inline) {
                const blob = prev.perDrive[i]?.inline.get(v.dataDir as string);
                sources[shard] = blob ? bufferSource(blob) : null;
              } else {
                sources[shard] = await openFileSource(
                  path.join(this.objectDir(d, bucket, key), v.dataDir as string, `part.${part.number}`),
                );
              }
            }),
          );
          try {
            const ok = await Promise.all(sources.map((src) => verifyShard(src, ec, part.size)));
            const wanted = ok.flatMap((good, shard) =>
              !good && (owners[shard] as number) >= 0 ? [shard] : [],
            );
            if (wanted.length === 0) continue;
            if (ok.filter(Boolean).length < ec.k) {
              result.unrecoverable++;
              continue;
            }
            const reader = new PartReader(
              sources.map((src, shard) => (ok[shard] ? src : null)),
              ec,
              this.rs,
              part.size,
            );
            if (v.inline) {
              const pieces = new Map<number, Buffer[]>(wanted.map((w) => [w, []]));
              await rebuildShards(reader, this.rs, wanted, async (w, framed) => {
                pieces.get(w)?.push(...framed);
              });
              for (const w of wanted) {
                const i = owners[w] as number;
                newInline[i]?.set(v.dataDir, Buffer.concat(pieces.get(w) ?? []));
                needMeta[i] = true;
                healed.add(i);
              }
            } else {
              await this.healPartFiles(
                bucket,
                key,
                v.dataDir,
                part.number,
                healId,
                reader,
                wanted,
                owners,
                healed,
              );
            }
            versionHealed = true;
          } finally {
            await Promise.all(sources.map((src) => src?.close()));
          }
        }
        if (versionHealed) result.healedVersions++;
      }
      // Bring stale or missing metadata copies (and healed inline shards) up to the agreed state.
      await Promise.all(
        this.drives.map(async (d, i) => {
          if (!needMeta[i]) return;
          const inline = new Map<string, Buffer>();
          for (const v of doc.versions) {
            if (!v.inline || !v.dataDir) continue;
            const blob = newInline[i]?.get(v.dataDir) ?? prev.perDrive[i]?.inline.get(v.dataDir);
            if (blob) inline.set(v.dataDir, blob);
          }
          try {
            const tmp = d.tmp(`${randomUUID()}.meta`);
            await writeFileSynced(tmp, encodeMeta(doc, inline), this.fsync);
            await renameMkdir(tmp, path.join(this.objectDir(d, bucket, key), 'meta'));
            healed.add(i);
          } catch (err) {
            d.reportError(err);
          }
        }),
      );
    } finally {
      await Promise.all(
        this.drives.map((d) =>
          fsp.rm(d.tmp(healId), { recursive: true, force: true }).catch(() => undefined),
        ),
      );
    }
    if (healed.size > 0) this.invalidateDirs(bucket, key);
    result.healedDrives = [...healed].sort((a, b) => a - b);
    return result;
  }

  /** Write rebuilt shard files of one part to the drives that lacked them (temp, fsync, rename). */
  private async healPartFiles(
    bucket: string,
    key: string,
    dataDir: string,
    partNumber: number,
    healId: string,
    reader: PartReader,
    wanted: number[],
    owners: number[],
    healed: Set<number>,
  ): Promise<void> {
    const handles = new Map<number, fsp.FileHandle>();
    try {
      for (const w of wanted) {
        const d = this.drives[owners[w] as number] as Drive;
        await mkdirIfMissing(d.tmp(healId));
        handles.set(w, await fsp.open(d.tmp(`${healId}/${dataDir}.${partNumber}`), 'w'));
      }
      await rebuildShards(reader, this.rs, wanted, async (w, framed) => {
        await handles.get(w)?.writev(framed);
      });
      for (const w of wanted) {
        const i = owners[w] as number;
        const d = this.drives[i] as Drive;
        const fh = handles.get(w) as fsp.FileHandle;
        if (this.fsync) await fh.datasync();
        await fh.close();
        handles.delete(w);
        await renameMkdir(
          d.tmp(`${healId}/${dataDir}.${partNumber}`),
          path.join(this.objectDir(d, bucket, key), dataDir, `part.${partNumber}`),
        );
        healed.add(i);
      }
    } finally {
      await Promise.all([...handles.values()].map((fh) => fh.close().catch(() => undefined)));
    }
  }

  /** Resolves when no background heal is running (tests, orderly shutdown). */
  async healIdle(): Promise<void> {
    while (this.healing) await this.healing.catch(() => undefined);
  }

  /** Background heal of everything (coalesced: one run at a time, re-run once if asked meanwhile). */
  private startHeal(): void {
    if (!this.autoHeal || this.closed) return;
    if (this.healing) {
      this.healAgain = true;
      return;
    }
    this.healing = (async () => {
      do {
        this.healAgain = false;
        await this.healAll().catch(this.onBackgroundError);
      } while (this.healAgain && !this.closed);
    })().finally(() => {
      this.healing = null;
    });
  }

  /**
   * Heal every bucket and the store's own documents (SystemStore, bucket settings) on all online
   * drives. Stops early when the layer is closed.
   */
  async healAll(): Promise<{ buckets: number; objects: number; healed: number; unrecoverable: number }> {
    const out = { buckets: 0, objects: 0, healed: 0, unrecoverable: 0 };
    const config = new DocStore(
      this.drives,
      { read: this.readQuorum, write: this.writeQuorum, fsync: this.fsync },
      'config',
    );
    for (const p of await config.listTree([])) {
      if (this.closed) return out;
      const segs = p.split('/');
      const data = await config.read(segs).catch(() => null);
      if (data) await config.write(segs, data).catch(() => undefined);
    }
    for (const b of await this.listBuckets()) {
      if (this.closed) return out;
      const r = await this.healBucket(b.name);
      out.buckets++;
      out.objects += r.objects;
      out.healed += r.healed;
      out.unrecoverable += r.unrecoverable;
    }
    return out;
  }

  /**
   * Heal a whole bucket: its folder and settings documents on every drive, then every object.
   * Returns how many objects were looked at and healed.
   */
  async healBucket(bucket: string): Promise<{ objects: number; healed: number; unrecoverable: number }> {
    await this.requireBucket(bucket);
    await Promise.all(
      this.drives
        .filter((d) => d.online)
        .map((d) => mkdirIfMissing(d.resolve(bucket)).catch(() => undefined)),
    );
    for (const name of ['bucket.json', ...CONFIG_NAMES]) {
      const data = await this.bucketDocs.read([bucket, name]).catch(() => null);
      if (data) await this.bucketDocs.write([bucket, name], data).catch(() => undefined);
    }
    this.dropConfigs(bucket);
    const out = { objects: 0, healed: 0, unrecoverable: 0 };
    for await (const e of this.walk(bucket, '', '', false)) {
      if (this.closed) break;
      if (e.kind !== 'object') continue;
      out.objects++;
      const r = await this.healObject(bucket, e.key);
      if (r.healedDrives.length > 0 || r.removedDangling) out.healed++;
      out.unrecoverable += r.unrecoverable;
    }
    return out;
  }

  /** Abort uploads initiated more than `maxAgeMs` ago (stale-upload cleanup). Returns how many. */
  async cleanupStaleUploads(maxAgeMs: number): Promise<number> {
    let removed = 0;
    const cutoff = Date.now() - maxAgeMs;
    for (const b of await this.listBuckets()) {
      for (const id of await this.uploads.listDir([b.name])) {
        const raw = await this.uploads.read([b.name, id, 'upload.json']).catch(() => null);
        const doc = raw ? (JSON.parse(raw.toString('utf8')) as UploadDoc) : null;
        if (doc && doc.initiated > cutoff) continue;
        if (!doc) {
          // A folder without its document: only remove it once it is old, judged by its mtime.
          const st = await fsp
            .stat(this.drives.find((d) => d.online)?.sys('multipart', b.name, id) ?? '')
            .catch(() => null);
          if (st && st.mtimeMs > cutoff) continue;
        }
        await this.uploads.deleteTree([b.name, id]).catch(() => undefined);
        removed++;
      }
    }
    return removed;
  }
}
