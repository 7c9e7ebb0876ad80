// SPDX-License-Identifier: Apache-2.0
import type { Readable } from 'node:stream';
import * as buckets from './buckets.js';
import { initBitrot } from './codec/bitrot.js';
import type { Drive } from './drive.js';
import { DriveHealth, storageInfo } from './drive-health.js';
import { ErasureSet, type ObjectLayerOptions } from './erasure-set.js';
import * as heal from './heal.js';
import * as listing from './listing.js';
import * as multipart from './multipart.js';
import { completeMultipartUpload } from './multipart-complete.js';
import { deleteObject } from './object-delete.js';
import { getObject, headObject } from './object-read.js';
import { type MetadataPatch, putObject, updateObjectMetadata } from './object-write.js';
import { dropRestoredCopy, restoreLocalCopy } from './restore.js';
import { readStoredVersion, restoreSealedCopy } from './sealed-tier.js';
import { markTransitioned, type RemoteReader, setRemoteReader } from './transition.js';
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
} from './types.js';
import { cleanupStaleUploads } from './upload-cleanup.js';
import { dropVersions, type ExportedVersion, exportVersions, importVersion } from './version-move.js';

/**
 * The embedded store's object layer: one erasure set over N drive folders. See ./types.ts for the
 * contract and packages/store/docs/erasure.md for the on-disk layout and the choices behind it.
 * This class only delegates: the set's state is in ./erasure-set.ts and each concern (buckets,
 * object reads/writes/deletes, listing, multipart, heal, drive health) has its own module.
 */
export class ErasureObjectLayer implements ObjectLayer {
  readonly system: SystemStore;
  readonly drives: Drive[];
  readonly setDriveCount: number;
  readonly dataShards: number;
  readonly parityShards: number;
  readonly readQuorum: number;
  readonly writeQuorum: number;
  private readonly set: ErasureSet;
  private readonly health: DriveHealth;

  private constructor(opts: ObjectLayerOptions) {
    const set = new ErasureSet(opts);
    this.set = set;
    this.system = set.system;
    this.drives = set.drives;
    this.setDriveCount = set.drives.length;
    this.dataShards = set.dataShards;
    this.parityShards = set.parityShards;
    this.readQuorum = set.readQuorum;
    this.writeQuorum = set.writeQuorum;
    this.health = new DriveHealth(set, opts);
  }

  /** Open (creating as needed) the drive folders and return the layer (see ../object-layer/index.ts). */
  static async open(opts: ObjectLayerOptions): Promise<ErasureObjectLayer> {
    await initBitrot();
    const layer = new ErasureObjectLayer(opts);
    await layer.health.init();
    return layer;
  }

  async close(): Promise<void> {
    this.set.closed = true;
    await this.health.stop();
    await this.set.close();
  }

  storageInfo(): Promise<StorageInfo> {
    return storageInfo(this.set);
  }

  // ---------------------------------------------------------------- buckets

  makeBucket(name: string, opts?: { objectLock?: boolean; owner?: OwnerRecord }): Promise<void> {
    return buckets.makeBucket(this.set, name, opts);
  }

  getBucketInfo(name: string): Promise<BucketInfo> {
    return buckets.getBucketInfo(this.set, name);
  }

  listBuckets(): Promise<BucketInfo[]> {
    return buckets.listBuckets(this.set);
  }

  deleteBucket(name: string, opts?: { force?: boolean }): Promise<void> {
    return buckets.deleteBucket(this.set, name, opts);
  }

  setBucketVersioning(name: string, state: 'Enabled' | 'Suspended'): Promise<void> {
    return buckets.setBucketVersioning(this.set, name, state);
  }

  getBucketConfig(bucket: string, name: BucketConfigName): Promise<Buffer | null> {
    return this.set.buckets.getConfig(bucket, name);
  }

  putBucketConfig(bucket: string, name: BucketConfigName, data: Buffer | null): Promise<void> {
    return buckets.putBucketConfig(this.set, bucket, name, data);
  }

  // ---------------------------------------------------------------- objects

  putObject(bucket: string, key: string, body: ObjectBody, opts: PutObjectOptions): Promise<ObjectInfo> {
    return putObject(this.set, bucket, key, body, opts);
  }

  headObject(bucket: string, key: string, opts?: { versionId?: string }): Promise<ObjectInfo> {
    return headObject(this.set, bucket, key, opts);
  }

  getObject(
    bucket: string,
    key: string,
    opts?: { versionId?: string; range?: ByteRange; unseal?: UnsealKey },
  ): Promise<GetObjectResult> {
    return getObject(this.set, bucket, key, opts);
  }

  deleteObject(bucket: string, key: string, opts?: DeleteOptions): Promise<DeleteResult> {
    return deleteObject(this.set, bucket, key, opts);
  }

  transitionVersion(
    bucket: string,
    key: string,
    versionId: string,
    expect: { etag: string; mtime: number },
    tier: string,
  ): Promise<boolean> {
    return markTransitioned(this.set, bucket, key, versionId, expect, tier);
  }

  async restoreVersion(
    bucket: string,
    key: string,
    versionId: string,
    body: Readable,
    expect: { etag: string; mtime: number; size: number },
    expiry: number,
  ): Promise<boolean> {
    const sealed = await restoreSealedCopy(this.set, bucket, key, versionId, body, expect, expiry);
    return sealed ?? restoreLocalCopy(this.set, bucket, key, versionId, body, expect, expiry);
  }

  readStoredVersion(
    bucket: string,
    key: string,
    versionId: string,
  ): Promise<{ info: ObjectInfo; stream: Readable; size: number } | null> {
    return readStoredVersion(this.set, bucket, key, versionId);
  }

  dropRestoredCopy(bucket: string, key: string, versionId: string, now: number): Promise<boolean> {
    return dropRestoredCopy(this.set, bucket, key, versionId, now);
  }

  setRemoteReader(reader: RemoteReader): void {
    setRemoteReader(this.set, reader);
  }

  updateObjectMetadata(
    bucket: string,
    key: string,
    versionId: string | undefined,
    patch: MetadataPatch,
  ): Promise<ObjectInfo> {
    return updateObjectMetadata(this.set, bucket, key, versionId, patch);
  }

  // ---------------------------------------------------------------- listing

  listObjects(bucket: string, opts: ListObjectsOptions): Promise<ListObjectsResult> {
    return listing.listObjects(this.set, bucket, opts);
  }

  listObjectSummaries(bucket: string, opts: ListObjectsOptions): Promise<ListObjectsResult<ObjectSummary>> {
    return listing.listObjectSummaries(this.set, bucket, opts);
  }

  listObjectVersions(bucket: string, opts: ListVersionsOptions): Promise<ListVersionsResult> {
    return listing.listObjectVersions(this.set, bucket, opts);
  }

  listObjectUsage(bucket: string, opts: ListObjectsOptions): Promise<ListObjectsResult<KeyUsage>> {
    return listing.listObjectUsage(this.set, bucket, opts);
  }

  // ---------------------------------------------------------------- multipart

  newMultipartUpload(
    bucket: string,
    key: string,
    opts: Omit<PutObjectOptions, 'size' | 'contentMd5Base64'>,
  ): Promise<string> {
    return multipart.newMultipartUpload(this.set, bucket, key, opts);
  }

  putObjectPart(
    bucket: string,
    key: string,
    uploadId: string,
    partNumber: number,
    body: ObjectBody,
    opts: PutPartOptions,
  ): Promise<PartInfo> {
    return multipart.putObjectPart(this.set, bucket, key, uploadId, partNumber, body, opts);
  }

  listParts(
    bucket: string,
    key: string,
    uploadId: string,
    opts?: ListPartsOptions,
  ): Promise<ListPartsResult> {
    return multipart.listParts(this.set, bucket, key, uploadId, opts);
  }

  listMultipartUploads(bucket: string, opts?: ListUploadsOptions): Promise<ListUploadsResult> {
    return multipart.listMultipartUploads(this.set, bucket, opts);
  }

  abortMultipartUpload(bucket: string, key: string, uploadId: string): Promise<void> {
    return multipart.abortMultipartUpload(this.set, bucket, key, uploadId);
  }

  completeMultipartUpload(
    bucket: string,
    key: string,
    uploadId: string,
    parts: { partNumber: number; etag: string }[],
    opts?: CompleteOptions,
  ): Promise<ObjectInfo> {
    return completeMultipartUpload(this.set, bucket, key, uploadId, parts, opts);
  }

  /** Abort uploads initiated more than `maxAgeMs` ago (stale-upload cleanup). Returns how many. */
  cleanupStaleUploads(maxAgeMs: number): Promise<number> {
    return cleanupStaleUploads(this.set, maxAgeMs);
  }

  // ---------------------------------------------------------------- moving versions (pools)

  /** See ./version-move.ts: the key's versions as stored, newest first, to move to another set. */
  exportVersions(bucket: string, key: string): Promise<ExportedVersion[]> {
    return exportVersions(this.set, bucket, key);
  }

  /** See ./version-move.ts: write a version exported from another set under its own id and time. */
  importVersion(bucket: string, key: string, version: ExportedVersion): Promise<ObjectInfo> {
    return importVersion(this.set, bucket, key, version);
  }

  /** See ./version-move.ts: remove versions (by id) that now live in another set, locks aside. */
  dropVersions(bucket: string, key: string, versionIds: string[]): Promise<void> {
    return dropVersions(this.set, bucket, key, versionIds);
  }

  // ---------------------------------------------------------------- heal

  /** See ./heal.ts: rebuild one object's missing or corrupted shards and stale metadata copies. */
  healObject(bucket: string, key: string, opts: HealOptions = {}): Promise<HealObjectResult> {
    return heal.healObject(this.set, bucket, key, opts);
  }

  /** See ./heal.ts: heal the store's own documents (null: configuration and IAM; else a bucket's). */
  healDocuments(bucket: string | null, opts: HealOptions = {}): AsyncGenerator<DocHealResult> {
    return heal.healDocuments(this.set, bucket, opts);
  }

  /** Heal a bucket's folder, documents and objects; how many objects were looked at and healed. */
  healBucket(
    bucket: string,
    opts: HealOptions = {},
  ): Promise<{ objects: number; healed: number; unrecoverable: number }> {
    return heal.healBucket(this.set, bucket, opts);
  }

  /** Heal the store's own documents and every bucket (stops early when the layer is closed). */
  healAll(
    opts: HealOptions = {},
  ): Promise<{ buckets: number; objects: number; healed: number; unrecoverable: number }> {
    return heal.healAll(this.set, opts);
  }

  /** Scan mode and pacing of the background heal of a replaced drive. */
  configureHeal(opts: HealOptions): void {
    this.health.healOptions = opts;
  }

  /** Resolves when no background heal is running (tests, orderly shutdown). */
  healIdle(): Promise<void> {
    return this.health.healIdle();
  }
}
