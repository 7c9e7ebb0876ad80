// SPDX-License-Identifier: Apache-2.0
import { randomUUID } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { s3Error } from '../core/errors.js';
import { listedClass } from './catalog-summary.js';
import { DeleteMarkerError } from './delete-marker-error.js';
import { pruneEmptyDirs } from './drive.js';
import { sealedSize } from './encryption.js';
import { bufferSource, openFileSource, type ShardSource } from './erasure.js';
import type { ErasureSet } from './erasure-set.js';
import { objectLock } from './key-locks.js';
import type { MetaDoc, VersionRecord } from './meta.js';
import { type MetaRead, type NewVersionData, readMeta, writeMeta } from './meta-io.js';
import { validateVersionId } from './names.js';
import type {
  ObjectInfo,
  ObjectSummary,
  OwnerRecord,
  ReplicaVersion,
  Retention,
  WritePrecondition,
} from './types.js';

/**
 * Object versions as records in the metadata file: committing a new latest version, removing the
 * data of dropped ones, finding the addressed version, the retention and lock rules, and the
 * conversion to the API's ObjectInfo. Shared by object writes, deletes, multipart and heal.
 */

/** A version's parts (a single-PUT object is one part). */
export function versionParts(v: VersionRecord): { number: number; size: number; etag: string }[] {
  return v.parts ?? [{ number: 1, size: v.size, etag: v.etag }];
}

/** Bytes a part's shards encode: its compressed size when compressed, else its size; sealed when encrypted. */
export function storedSize(v: VersionRecord, part: { number: number; size: number }): number {
  const c = v.compression?.parts.find((p) => p.number === part.number);
  const stored = c ? c.stored : part.size;
  return v.encryption ? sealedSize(stored) : stored;
}

/** A retention setting of the API as stored, validated (InvalidArgument). */
export function toRetention(r: Retention | null | undefined): VersionRecord['retention'] {
  if (!r) return null;
  const until = r.retainUntil instanceof Date ? r.retainUntil.getTime() : Number.NaN;
  if (!Number.isFinite(until) || (r.mode !== 'GOVERNANCE' && r.mode !== 'COMPLIANCE')) {
    throw s3Error('InvalidArgument', {}, 'Invalid retention');
  }
  return { mode: r.mode, until };
}

/** A version as the ObjectLayer API reports it. */
export function toInfo(bucket: string, key: string, v: VersionRecord, isLatest: boolean): ObjectInfo {
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
    storageClass: v.storageClass ?? 'STANDARD',
    ...(v.repl ? { replicationStatus: v.repl } : {}),
    ...(v.encryption ? { encryption: { ...v.encryption } } : {}),
    ...(v.checksum ? { checksum: { ...v.checksum } } : {}),
    ...(v.acl ? { acl: v.acl } : {}),
  };
}

/**
 * A listing page's entry for one key. A class, not an object literal, as every object a page keeps per
 * key: V8 tracks an object literal's survival and, when the young generation is at its largest and a
 * scavenge finds nearly all of the literal's recent objects alive (it lands while the first page is
 * filled), allocates that literal in the old space for the rest of the process (pretenuring). Each
 * such entry then keeps its young key, ETag and Date alive after the page is gone, through two
 * scavenges, until the next major GC: ~200 bytes promoted per listed key (packages/store/docs/scale.md,
 * "What kept ~7 MB alive"). Objects made by a constructor are never pretenured.
 */
export class ListedObject implements ObjectSummary {
  key: string;
  size: number;
  etag: string;
  lastModified: Date;
  storageClass: string;
  owner: OwnerRecord | null;

  constructor(
    key: string,
    size: number,
    etag: string,
    lastModified: Date,
    storageClass: string,
    owner: OwnerRecord | null,
  ) {
    this.key = key;
    this.size = size;
    this.etag = etag;
    this.lastModified = lastModified;
    this.storageClass = storageClass;
    this.owner = owner;
  }
}

/** What a plain listing shows of a version (as the catalogs' summaries hold it). */
export function summaryOf(info: ObjectInfo): ObjectSummary {
  return new ListedObject(
    info.key,
    info.size,
    info.etag,
    info.lastModified,
    listedClass(info.systemMetadata, info.storageClass),
    info.acl?.owner ?? null,
  );
}

/** Find the addressed version or throw the error S3 gives. */
export function pickVersion(
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

/** Throw AccessDenied when legal hold or unexpired retention protects the version from deletion. */
export function lockCheck(v: VersionRecord, bypassGovernance: boolean, bucket: string, key: string): void {
  const extra = { BucketName: bucket, Key: key };
  if (v.legalHold) throw s3Error('AccessDenied', extra, 'Object is under legal hold and cannot be deleted');
  if (v.retention && v.retention.until > Date.now()) {
    if (v.retention.mode === 'COMPLIANCE' || !bypassGovernance) {
      throw s3Error('AccessDenied', extra, 'Object is WORM protected and cannot be overwritten or deleted');
    }
  }
}

/** Remove data folders of versions that are gone, and the object folder when no version is left. */
export async function cleanupVersions(
  set: ErasureSet,
  bucket: string,
  key: string,
  removed: VersionRecord[],
  empty: boolean,
): Promise<void> {
  // The common write (a new key, or an unversioned overwrite of inline data): nothing to remove.
  if (!empty && removed.every((v) => !v.dataDir || v.inline)) return;
  await Promise.all(
    set.drives.map(async (d) => {
      if (!d.online) return;
      const dir = set.objectDir(d, bucket, key);
      for (const v of removed) {
        if (v.dataDir && !v.inline) {
          await fsp.rm(path.join(dir, v.dataDir), { recursive: true, force: true });
          d.freed();
        }
      }
      if (empty) {
        // The folder is empty once its metadata and data are gone: one rmdir, unless debris is left.
        await fsp
          .rmdir(dir)
          .catch(() => fsp.rm(dir, { recursive: true, force: true }))
          .catch(() => undefined);
        await pruneEmptyDirs(path.dirname(dir), d.resolve(bucket));
      }
    }),
  );
}

/** Add a version (object or delete marker) as the latest, following the bucket's versioning state. */
export function commitVersion(
  set: ErasureSet,
  bucket: string,
  key: string,
  v: VersionRecord,
  newData?: NewVersionData,
  replica?: ReplicaVersion,
  precondition?: WritePrecondition,
): Promise<ObjectInfo> {
  return set.locks.run(objectLock(bucket, key), async () => {
    const bucketDoc = await set.buckets.require(bucket);
    const prev = await readMeta(set, bucket, key);
    if (precondition) {
      const cur = prev.doc?.versions[0];
      precondition(cur && !cur.deleteMarker ? toInfo(bucket, key, cur, true) : null);
    }
    if (replica) return commitReplica(set, bucket, key, v, prev, replica, newData);
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
    await writeMeta(set, bucket, key, doc, prev, newData);
    await cleanupVersions(set, bucket, key, removed, false);
    return toInfo(bucket, key, v, true);
  });
}

/**
 * Bucket replication: a version keeps the source's id and time. It replaces a version with the same id
 * (a record delivered twice) and takes its place among the versions by modification time.
 */
async function commitReplica(
  set: ErasureSet,
  bucket: string,
  key: string,
  v: VersionRecord,
  prev: MetaRead,
  replica: ReplicaVersion,
  newData?: NewVersionData,
): Promise<ObjectInfo> {
  v.versionId = replica.versionId;
  v.mtime = replica.mtime;
  if (replica.etag) v.etag = replica.etag;
  const old = prev.doc?.versions ?? [];
  const removed = old.filter((x) => x.versionId === v.versionId);
  const versions = old.filter((x) => !removed.includes(x));
  const at = versions.findIndex((x) => x.mtime <= v.mtime);
  versions.splice(at < 0 ? versions.length : at, 0, v);
  await writeMeta(set, bucket, key, { gen: randomUUID(), updated: Date.now(), versions }, prev, newData);
  await cleanupVersions(set, bucket, key, removed, false);
  return toInfo(bucket, key, v, versions[0] === v);
}

/**
 * Open one part's shard on every online drive, indexed by shard number (inline blobs from the
 * metadata read, files otherwise); `owners[shard]` is the drive index holding it (-1: none online).
 */
export async function openPartSources(
  set: ErasureSet,
  bucket: string,
  key: string,
  v: VersionRecord,
  meta: MetaRead,
  partNumber: number,
): Promise<{ sources: (ShardSource | null)[]; owners: number[] }> {
  const ec = v.ec;
  if (!ec) throw new Error('version has no erasure geometry');
  const sources: (ShardSource | null)[] = new Array(ec.k + ec.m).fill(null);
  const owners: number[] = new Array(ec.k + ec.m).fill(-1);
  await Promise.all(
    set.drives.map(async (d, i) => {
      if (!d.online) return;
      const shard = ec.dist[i] as number;
      owners[shard] = i;
      if (v.inline) {
        const blob = meta.perDrive[i]?.inline.get(v.dataDir as string);
        sources[shard] = blob ? bufferSource(blob) : null;
      } else {
        sources[shard] = await openFileSource(
          path.join(set.objectDir(d, bucket, key), v.dataDir as string, `part.${partNumber}`),
        );
      }
    }),
  );
  return { sources, owners };
}
