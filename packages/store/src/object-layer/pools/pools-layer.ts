// SPDX-License-Identifier: Apache-2.0
import type { Readable } from 'node:stream';
import { isS3Error, s3Error } from '../../core/errors.js';
import { isDeleteMarkerError } from '../delete-marker-error.js';
import type { ErasureObjectLayer } from '../erasure-object-layer.js';
import { KeyLocks, objectLock } from '../key-locks.js';
import type {
  BucketConfigName,
  BucketInfo,
  ByteRange,
  CompleteOptions,
  DeleteOptions,
  DeleteResult,
  DocHealResult,
  GetObjectResult,
  HealObjectResult,
  HealOptions,
  KeyUsage,
  ListObjectsOptions,
  ListObjectsResult,
  ListPartsOptions,
  ListPartsResult,
  ListUploadsOptions,
  ListUploadsResult,
  ListVersionsOptions,
  ListVersionsResult,
  MetadataPatch,
  ObjectBody,
  ObjectInfo,
  ObjectLayer,
  ObjectSummary,
  OwnerRecord,
  PartInfo,
  PutObjectOptions,
  PutPartOptions,
  StorageInfo,
  SystemStore,
  UnsealKey,
} from '../types.js';
import { deleteBucket, makeBucket, syncBuckets } from './buckets.js';
import { PoolDecommission } from './decommission.js';
import { decommissionHost } from './decommission-host.js';
import type { PoolLayout } from './layout.js';
import { mergeObjectPages, mergeUploadPages, mergeVersionPages } from './merge.js';
import { choosePool, poolSpaceFor } from './placement.js';
import { PoolHints } from './pool-hints.js';
import { holdsVersion, latestTime, notFound, type PoolRead, readHinted } from './read-across.js';
import { mirroredSystem } from './system-docs.js';

/**
 * Server pools as one namespace (see packages/store/docs/pools.md): an `ObjectLayer` over several
 * erasure sets (`ErasureObjectLayer`s), each with its own drives and parity. The store's own documents
 * (IAM, configuration) live in pool 0; buckets and their settings exist in every pool; a key lives in
 * exactly one pool — a new key goes where placement draws it (./placement.ts), later writes of the key
 * go where it is. A lock per key around "find the pool, write there" keeps two writers of a new key
 * from choosing two pools, and a decommission's move of the key from running under their feet.
 */

/** How long a pool's free space figures are reused for placement (ms). */
const SPACE_TTL_MS = 1000;

export interface PoolsLayerOptions {
  /** Each pool's command line (its drive arguments), in argument order. */
  cmdlines: string[];
  /** Each pool's persisted id (./layout.ts). */
  ids: string[];
  /** The layout recorded at open (./layout.ts); pools it marks decommissioned take no new objects. */
  layout: PoolLayout;
  /** Random numbers in [0, 1) for placement (tests pass a fixed sequence). */
  random?: () => number;
  /** A pool's storage figures, for placement (default: its storageInfo, cached briefly). */
  spaceOf?: (pool: number) => Promise<StorageInfo>;
}

export class PoolsObjectLayer implements ObjectLayer {
  readonly system: SystemStore;
  readonly setDriveCount: number;
  readonly parityShards: number;
  readonly cmdlines: string[];
  readonly ids: string[];
  /** Pools taking no new objects and no new uploads (decommissioning or decommissioned). */
  readonly suspended = new Set<number>();
  /** Serialises "find the key's pool, then write it" per key (and a decommission's move of the key). */
  readonly locks = new KeyLocks();
  private readonly random: () => number;
  private readonly spaceOf: (pool: number) => Promise<StorageInfo>;
  private readonly spaceCache = new Map<number, { at: number; info: Promise<StorageInfo> }>();
  /** Which pool holds a multipart upload (found by asking the pools, then remembered). */
  private readonly uploadPools = new Map<string, number>();
  /** Keys (their lock names) a move is copying between pools right now. */
  private readonly moving = new Set<string>();
  /** The pool each recently found or written key was in: reads ask it first. */
  private readonly hints = new PoolHints();
  /** The layout recorded at open (a completed decommission marks its pool in it). */
  readonly layout: PoolLayout;
  /** The admin API's decommission of a pool (./decommission.ts). */
  readonly decommission: PoolDecommission;

  readonly pools: ErasureObjectLayer[];

  // No parameter properties: the object layer is also loaded by Node's type stripping (crash tests).
  constructor(pools: ErasureObjectLayer[], opts: PoolsLayerOptions) {
    this.pools = pools;
    const first = pools[0] as ErasureObjectLayer;
    this.system = mirroredSystem(pools.map((p) => p.system));
    this.setDriveCount = first.setDriveCount;
    this.parityShards = first.parityShards;
    this.cmdlines = opts.cmdlines;
    this.ids = opts.ids;
    this.layout = opts.layout;
    opts.layout.pools.forEach((p, i) => {
      if (p.decommissioned) this.suspended.add(i);
    });
    this.random = opts.random ?? Math.random;
    this.spaceOf = opts.spaceOf ?? ((i) => this.cachedStorageInfo(i));
    this.decommission = new PoolDecommission(
      decommissionHost(this),
      this.system,
      pools.map((p) => p.system),
    );
  }

  private pool(i: number): ErasureObjectLayer {
    return this.pools[i] as ErasureObjectLayer;
  }

  private cachedStorageInfo(i: number): Promise<StorageInfo> {
    const now = Date.now();
    const hit = this.spaceCache.get(i);
    if (hit && now - hit.at < SPACE_TTL_MS) return hit.info;
    const info = this.pool(i).storageInfo();
    this.spaceCache.set(i, { at: now, info });
    info.catch(() => this.spaceCache.delete(i));
    return info;
  }

  async close(): Promise<void> {
    await this.decommission.stop();
    await Promise.all(this.pools.map((p) => p.close()));
  }

  async storageInfo(): Promise<StorageInfo> {
    const infos = await Promise.all(this.pools.map((p) => p.storageInfo()));
    const first = infos[0] as StorageInfo;
    return {
      drives: infos.flatMap((info, pool) => info.drives.map((d) => ({ ...d, pool, set: 0 }))),
      parity: first.parity,
      dataShards: first.dataShards,
      erasure: infos.some((i) => i.erasure),
      pools: infos.map((info) => ({ parity: info.parity, dataShards: info.dataShards })),
    };
  }

  // ---------------------------------------------------------------- placement

  /** The pool a new object of `size` bytes goes to; XMinioStorageFull when no pool can hold it. */
  async placeNew(size: number): Promise<number> {
    const spaces = await Promise.all(
      this.pools.map(async (_, i) => {
        if (this.suspended.has(i)) return 0;
        try {
          return poolSpaceFor(await this.spaceOf(i), size);
        } catch {
          return 0;
        }
      }),
    );
    const idx = choosePool(spaces, this.random);
    if (idx < 0) throw s3Error('XMinioStorageFull');
    return idx;
  }

  /**
   * The pool holding the key (its latest version or delete marker), or -1. Were it in two pools (a
   * decommission's copy in flight), the one with the newest latest version.
   */
  async locate(bucket: string, key: string): Promise<number> {
    const name = objectLock(bucket, key);
    const hint = this.hintFor(name);
    const at = (p: ErasureObjectLayer): Promise<number> => latestTime(p, bucket, key);
    // The hinted pool holding the key is the answer (see PoolHints); else every pool is asked.
    if (hint !== undefined && (await at(this.pool(hint)).catch(() => -1)) >= 0) return hint;
    const times = await Promise.all(this.pools.map(at));
    let best = -1;
    times.forEach((t, i) => {
      if (t >= 0 && (best < 0 || t > (times[best] as number))) best = i;
    });
    if (best >= 0) this.remember(name, best);
    return best;
  }

  /** The pool to ask first about a key: none while a decommission moves it, or with one pool. */
  private hintFor(name: string): number | undefined {
    return this.pools.length < 2 || this.moving.has(name) ? undefined : this.hints.get(name);
  }

  private remember(name: string, pool: number): void {
    if (this.pools.length > 1 && !this.moving.has(name)) this.hints.set(name, pool);
  }

  /** A read of a key: its hinted pool first, else every pool (./read-across.ts). */
  private readKey<T>(bucket: string, key: string, r: PoolRead<T>): Promise<T> {
    const name = objectLock(bucket, key);
    return this.readMoving(bucket, key, () =>
      readHinted(this.pools, this.hintFor(name), { ...r, found: (i) => this.remember(name, i) }),
    );
  }

  /** The pool holding one version of the key (a delete marker too), or -1. */
  async locateVersion(bucket: string, key: string, versionId: string): Promise<number> {
    return (await Promise.all(this.pools.map((p) => holdsVersion(p, bucket, key, versionId)))).indexOf(true);
  }

  /** The pool a call about an existing version goes to: the holder, else pool 0 (for its error). */
  private async holder(bucket: string, key: string, versionId?: string): Promise<ErasureObjectLayer> {
    const i = versionId ? await this.locateVersion(bucket, key, versionId) : await this.locate(bucket, key);
    return this.pool(Math.max(i, 0));
  }

  /** Run `fn` under the key's lock with the key's pool, or a newly placed one. */
  private withKeyPool<T>(
    bucket: string,
    key: string,
    size: number,
    fn: (pool: number) => Promise<T>,
  ): Promise<T> {
    return this.locks.run(objectLock(bucket, key), async () => {
      let at = await this.locate(bucket, key);
      if (at < 0) at = await this.placeNew(size);
      const done = await fn(at);
      this.remember(objectLock(bucket, key), at);
      return done;
    });
  }

  /** Options for pool `i`: the first pool's default parity means the pool's own default. */
  private forPool<O extends { parity?: number }>(i: number, opts: O): O {
    if (opts.parity === undefined || i === 0) return opts;
    const pool = this.pool(i);
    const parity =
      opts.parity === this.parityShards || opts.parity > Math.floor(pool.setDriveCount / 2)
        ? pool.parityShards
        : opts.parity;
    return { ...opts, parity };
  }

  // ---------------------------------------------------------------- buckets

  makeBucket(name: string, opts?: { objectLock?: boolean; owner?: OwnerRecord }): Promise<void> {
    return makeBucket(this.pools, name, opts);
  }

  getBucketInfo(name: string): Promise<BucketInfo> {
    return this.pool(0).getBucketInfo(name);
  }

  listBuckets(): Promise<BucketInfo[]> {
    return this.pool(0).listBuckets();
  }

  deleteBucket(name: string, opts?: { force?: boolean }): Promise<void> {
    this.hints.clear();
    return deleteBucket(this.pools, name, opts);
  }

  async setBucketVersioning(name: string, state: 'Enabled' | 'Suspended'): Promise<void> {
    await this.pool(0).setBucketVersioning(name, state);
    await Promise.all(this.pools.slice(1).map((p) => p.setBucketVersioning(name, state)));
  }

  getBucketConfig(bucket: string, name: BucketConfigName): Promise<Buffer | null> {
    return this.pool(0).getBucketConfig(bucket, name);
  }

  async putBucketConfig(bucket: string, name: BucketConfigName, data: Buffer | null): Promise<void> {
    await this.pool(0).putBucketConfig(bucket, name, data);
    await Promise.all(this.pools.slice(1).map((p) => p.putBucketConfig(bucket, name, data)));
  }

  /** Give every pool the buckets of pool 0 with their versioning and settings (a pool added later). */
  syncBuckets(): Promise<void> {
    return syncBuckets(this.pools);
  }

  // ---------------------------------------------------------------- objects

  putObject(bucket: string, key: string, body: ObjectBody, opts: PutObjectOptions): Promise<ObjectInfo> {
    return this.withKeyPool(bucket, key, opts.size, (i) =>
      this.pool(i).putObject(bucket, key, body, this.forPool(i, opts)),
    );
  }

  headObject(bucket: string, key: string, opts?: { versionId?: string }): Promise<ObjectInfo> {
    return this.readKey(bucket, key, {
      versionId: opts?.versionId,
      read: (p) => p.headObject(bucket, key, opts),
      info: (i) => i,
      discard: () => undefined,
    });
  }

  getObject(
    bucket: string,
    key: string,
    opts?: { versionId?: string; range?: ByteRange; unseal?: UnsealKey },
  ): Promise<GetObjectResult> {
    return this.readKey(bucket, key, {
      versionId: opts?.versionId,
      read: (p) => p.getObject(bucket, key, opts),
      info: (r) => r.info,
      discard: (r) => r.stream.destroy(),
    });
  }

  /**
   * A read that found the key nowhere while a decommission was moving it (its copy not yet committed
   * in the target when the source's was read, or the other way round) waits for the move and reads
   * again, so a moving key never reads as missing.
   */
  private async readMoving<T>(bucket: string, key: string, read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (err) {
      const name = objectLock(bucket, key);
      if (!notFound(err) || !this.moving.has(name)) throw err;
      await this.locks.run(name, async () => undefined);
      return read();
    }
  }

  deleteObject(bucket: string, key: string, opts?: DeleteOptions): Promise<DeleteResult> {
    return this.locks.run(objectLock(bucket, key), async () => {
      if (opts?.versionId)
        return (await this.holder(bucket, key, opts.versionId)).deleteObject(bucket, key, opts);
      let at = await this.locate(bucket, key);
      if (at < 0) {
        // A delete marker of a key that exists nowhere is a new object of its own.
        const info = await this.pool(0).getBucketInfo(bucket);
        at = info.versioning === 'Unversioned' ? 0 : await this.placeNew(0);
      }
      return this.pool(at).deleteObject(bucket, key, opts);
    });
  }

  updateObjectMetadata(
    bucket: string,
    key: string,
    versionId: string | undefined,
    patch: MetadataPatch,
  ): Promise<ObjectInfo> {
    return this.locks.run(objectLock(bucket, key), async () =>
      (await this.holder(bucket, key, versionId)).updateObjectMetadata(bucket, key, versionId, patch),
    );
  }

  async transitionVersion(
    bucket: string,
    key: string,
    versionId: string,
    expect: { etag: string; mtime: number },
    tier: string,
  ): Promise<boolean> {
    const i = await this.locateVersion(bucket, key, versionId);
    return i >= 0 && this.pool(i).transitionVersion(bucket, key, versionId, expect, tier);
  }

  async restoreVersion(
    bucket: string,
    key: string,
    versionId: string,
    body: Readable,
    expect: { etag: string; mtime: number; size: number },
    expiry: number,
  ): Promise<boolean> {
    const i = await this.locateVersion(bucket, key, versionId);
    if (i < 0) {
      body.destroy();
      return false;
    }
    return this.pool(i).restoreVersion(bucket, key, versionId, body, expect, expiry);
  }

  async readStoredVersion(
    bucket: string,
    key: string,
    versionId: string,
  ): Promise<{ info: ObjectInfo; stream: Readable; size: number } | null> {
    return (await this.holder(bucket, key, versionId)).readStoredVersion(bucket, key, versionId);
  }

  async dropRestoredCopy(bucket: string, key: string, versionId: string, now: number): Promise<boolean> {
    const i = await this.locateVersion(bucket, key, versionId);
    return i >= 0 && this.pool(i).dropRestoredCopy(bucket, key, versionId, now);
  }

  setRemoteReader(reader: (info: ObjectInfo, range: ByteRange | null) => Promise<Readable>): void {
    for (const p of this.pools) p.setRemoteReader(reader);
  }

  // ---------------------------------------------------------------- listing

  async listObjects(bucket: string, opts: ListObjectsOptions): Promise<ListObjectsResult> {
    const pages = await Promise.all(this.pools.map((p) => p.listObjects(bucket, opts)));
    return mergeObjectPages(pages, opts.maxKeys, (a, b) => a.lastModified > b.lastModified);
  }

  async listObjectSummaries(
    bucket: string,
    opts: ListObjectsOptions,
  ): Promise<ListObjectsResult<ObjectSummary>> {
    const pages = await Promise.all(this.pools.map((p) => p.listObjectSummaries(bucket, opts)));
    return mergeObjectPages(pages, opts.maxKeys, (a, b) => a.lastModified > b.lastModified);
  }

  async listObjectUsage(bucket: string, opts: ListObjectsOptions): Promise<ListObjectsResult<KeyUsage>> {
    const pages = await Promise.all(this.pools.map((p) => p.listObjectUsage(bucket, opts)));
    return mergeObjectPages(
      pages,
      opts.maxKeys,
      (a, b) => a.versions + a.deleteMarkers > b.versions + b.deleteMarkers,
    );
  }

  async listObjectVersions(bucket: string, opts: ListVersionsOptions): Promise<ListVersionsResult> {
    const pages = await Promise.all(this.pools.map((p) => p.listObjectVersions(bucket, opts)));
    return mergeVersionPages(pages, opts.maxKeys);
  }

  // ---------------------------------------------------------------- multipart

  /**
   * The pool holding an upload: remembered from its creation, else found by asking each pool (an
   * upload started before a restart). NoSuchUpload when none has it.
   */
  private async uploadPool(bucket: string, key: string, uploadId: string): Promise<number> {
    const known = this.uploadPools.get(uploadId);
    if (known !== undefined) return known;
    const found = await Promise.all(
      this.pools.map((p) =>
        p.listParts(bucket, key, uploadId, { maxParts: 1 }).then(
          () => true,
          (err: unknown) => {
            if (isS3Error(err, 'NoSuchUpload')) return false;
            throw err;
          },
        ),
      ),
    );
    const i = found.indexOf(true);
    if (i < 0) throw s3Error('NoSuchUpload', { UploadId: uploadId });
    this.uploadPools.set(uploadId, i);
    return i;
  }

  async newMultipartUpload(
    bucket: string,
    key: string,
    opts: Omit<PutObjectOptions, 'size' | 'contentMd5Base64'>,
  ): Promise<string> {
    const at = await this.locate(bucket, key);
    const i = at >= 0 && !this.suspended.has(at) ? at : await this.placeNew(-1);
    const id = await this.pool(i).newMultipartUpload(bucket, key, this.forPool(i, opts));
    this.uploadPools.set(id, i);
    return id;
  }

  async putObjectPart(
    bucket: string,
    key: string,
    uploadId: string,
    partNumber: number,
    body: ObjectBody,
    opts: PutPartOptions,
  ): Promise<PartInfo> {
    const i = await this.uploadPool(bucket, key, uploadId);
    return this.pool(i).putObjectPart(bucket, key, uploadId, partNumber, body, opts);
  }

  async listParts(
    bucket: string,
    key: string,
    uploadId: string,
    opts?: ListPartsOptions,
  ): Promise<ListPartsResult> {
    const i = await this.uploadPool(bucket, key, uploadId);
    return this.pool(i).listParts(bucket, key, uploadId, opts);
  }

  async listMultipartUploads(bucket: string, opts?: ListUploadsOptions): Promise<ListUploadsResult> {
    const pages = await Promise.all(this.pools.map((p) => p.listMultipartUploads(bucket, opts)));
    return mergeUploadPages(pages, opts?.maxUploads);
  }

  async abortMultipartUpload(bucket: string, key: string, uploadId: string): Promise<void> {
    const i = await this.uploadPool(bucket, key, uploadId);
    await this.pool(i).abortMultipartUpload(bucket, key, uploadId);
    this.uploadPools.delete(uploadId);
  }

  /**
   * Completes in the upload's pool. Should the key have appeared in another pool meanwhile (a PUT of
   * the same key placed elsewhere), or the upload's pool be draining, the key's versions are then
   * moved to where the key lives (or to a pool taking new objects), so a key stays in one pool.
   */
  async completeMultipartUpload(
    bucket: string,
    key: string,
    uploadId: string,
    parts: { partNumber: number; etag: string }[],
    opts?: CompleteOptions,
  ): Promise<ObjectInfo> {
    const i = await this.uploadPool(bucket, key, uploadId);
    return this.locks.run(objectLock(bucket, key), async () => {
      const held = await Promise.all(
        this.pools.map((p, j) => (j === i ? Promise.resolve(false) : this.hasKey(p, bucket, key))),
      );
      const elsewhere = held.indexOf(true);
      const info = await this.pool(i).completeMultipartUpload(bucket, key, uploadId, parts, opts);
      this.uploadPools.delete(uploadId);
      const target = elsewhere >= 0 ? elsewhere : this.suspended.has(i) ? await this.placeNew(info.size) : -1;
      if (target >= 0) await this.moveKeyLocked(bucket, key, i, target);
      return info;
    });
  }

  private hasKey(p: ErasureObjectLayer, bucket: string, key: string): Promise<boolean> {
    return p.headObject(bucket, key).then(
      () => true,
      (err: unknown) => {
        if (isDeleteMarkerError(err)) return true;
        if (notFound(err)) return false;
        throw err;
      },
    );
  }

  /** Abort stale uploads in every pool. */
  async cleanupStaleUploads(maxAgeMs: number): Promise<number> {
    const counts = await Promise.all(this.pools.map((p) => p.cleanupStaleUploads(maxAgeMs)));
    return counts.reduce((n, c) => n + c, 0);
  }

  // ---------------------------------------------------------------- moving keys (decommission)

  /**
   * Move every version of a key from pool `from` to pool `to` (oldest first, each as stored, with its
   * id and time), then remove them from `from`; under the key's lock. Returns the versions and bytes
   * moved. A version that cannot be read or written fails the whole key, which stays where it was.
   */
  moveKey(
    bucket: string,
    key: string,
    from: number,
    to: number,
  ): Promise<{ versions: number; bytes: number }> {
    return this.locks.run(objectLock(bucket, key), () => this.moveKeyLocked(bucket, key, from, to));
  }

  private async moveKeyLocked(
    bucket: string,
    key: string,
    from: number,
    to: number,
  ): Promise<{ versions: number; bytes: number }> {
    const name = objectLock(bucket, key);
    this.moving.add(name);
    try {
      const versions = await this.pool(from).exportVersions(bucket, key);
      let bytes = 0;
      for (const v of [...versions].reverse()) {
        await this.pool(to).importVersion(bucket, key, v);
        bytes += v.record.deleteMarker ? 0 : v.record.size;
      }
      await this.pool(from).dropVersions(
        bucket,
        key,
        versions.map((v) => v.record.versionId),
      );
      return { versions: versions.length, bytes };
    } finally {
      this.moving.delete(name);
      this.hints.delete(name);
    }
  }

  // ---------------------------------------------------------------- heal

  async healObject(bucket: string, key: string, opts?: HealOptions): Promise<HealObjectResult> {
    return (await this.holder(bucket, key)).healObject(bucket, key, opts);
  }

  async *healDocuments(bucket: string | null, opts?: HealOptions): AsyncGenerator<DocHealResult> {
    for (const p of bucket === null ? this.pools.slice(0, 1) : this.pools)
      yield* p.healDocuments(bucket, opts);
  }

  configureHeal(opts: HealOptions): void {
    for (const p of this.pools) p.configureHeal(opts);
  }
}
