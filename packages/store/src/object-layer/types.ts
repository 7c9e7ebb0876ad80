import type { Readable } from 'node:stream';
import type { StorageClassName } from './meta.js';

export type { StorageClassName } from './meta.js';

/**
 * The object layer: everything the S3, admin and background parts of the store need from storage.
 * One implementation (`ErasureObjectLayer`) stores object versions as Reed–Solomon shards across
 * N drive folders (N = 1: plain, no parity). All methods throw `S3Error` (see ../errors.ts) with the
 * S3 code a client should see (NoSuchBucket, NoSuchKey, NoSuchVersion, InsufficientWriteQuorum, …).
 */

export type VersioningState = 'Unversioned' | 'Enabled' | 'Suspended';
export type RetentionMode = 'GOVERNANCE' | 'COMPLIANCE';

export interface BucketInfo {
  name: string;
  created: Date;
  versioning: VersioningState;
  objectLockEnabled: boolean;
}

/**
 * Per-bucket configuration documents kept by the object layer as opaque bytes (XML/JSON as the owner
 * chooses). `versioning` is owned by the layer itself (use setBucketVersioning).
 */
export type BucketConfigName =
  | 'policy'
  | 'tagging'
  | 'object-lock'
  | 'quota'
  | 'lifecycle'
  | 'notification'
  | 'replication'
  | 'encryption'
  | 'targets';

export interface Retention {
  mode: RetentionMode;
  retainUntil: Date;
}

/** Metadata of one object version as stored. */
export interface ObjectInfo {
  bucket: string;
  key: string;
  /** 'null' for the null version (unversioned or suspended bucket). */
  versionId: string;
  isLatest: boolean;
  isDeleteMarker: boolean;
  size: number;
  /** Quoted-less hex MD5 (single PUT) or `<md5-of-md5s>-<parts>` (multipart). */
  etag: string;
  lastModified: Date;
  contentType: string;
  /** Content-Encoding, Content-Disposition, Content-Language, Cache-Control, Expires (lower-case names). */
  systemMetadata: Record<string, string>;
  /** x-amz-meta-* with the prefix stripped, names lower-cased. */
  userMetadata: Record<string, string>;
  tags: Record<string, string>;
  retention: Retention | null;
  legalHold: boolean;
  /** Present for multipart objects. */
  parts: { number: number; size: number; etag: string }[] | null;
  /** The class the version was written with (its parity): STANDARD or REDUCED_REDUNDANCY. */
  storageClass: StorageClassName;
}

export interface PutObjectOptions {
  /** Declared size; -1 when unknown (the layer counts). */
  size: number;
  contentType?: string;
  systemMetadata?: Record<string, string>;
  userMetadata?: Record<string, string>;
  tags?: Record<string, string>;
  retention?: Retention | null;
  legalHold?: boolean;
  /** When given, the layer verifies the body's MD5 (base64) and throws BadDigest on mismatch. */
  contentMd5Base64?: string;
  /** Recorded with the version (default STANDARD). */
  storageClass?: StorageClassName;
  /** Parity shards of the new version (its storage class's); default the layer's parity. 0..N/2. */
  parity?: number;
  /**
   * Store the data compressed (zstd, in independent blocks); reads return the original bytes.
   * Bodies of at most MIN_COMPRESSIBLE_SIZE bytes are stored as sent.
   */
  compress?: boolean;
}

export interface ByteRange {
  /** Inclusive. */
  start: number;
  /** Inclusive. */
  end: number;
}

export interface GetObjectResult {
  info: ObjectInfo;
  /** Resolved range actually served (null = whole object). */
  range: ByteRange | null;
  stream: Readable;
  /**
   * The same bytes in one buffer when they were read whole into memory (objects stored inline with
   * their metadata), so the HTTP layer can send them in one write; `stream` is then made only if read.
   */
  whole?: Buffer;
}

export interface DeleteOptions {
  versionId?: string;
  /** x-amz-bypass-governance-retention was sent (and authorised). */
  bypassGovernance?: boolean;
}

export interface DeleteResult {
  /** Version id that was removed, or the id of the delete marker that was created. */
  versionId: string;
  deleteMarker: boolean;
}

export interface ListObjectsOptions {
  prefix?: string;
  delimiter?: string;
  /** Exclusive: keys strictly after this (V1 marker, V2 start-after or decoded continuation token). */
  after?: string;
  maxKeys?: number;
}

export interface ListObjectsResult {
  objects: ObjectInfo[];
  commonPrefixes: string[];
  isTruncated: boolean;
  /** Last key or prefix returned, for the next page's `after`. */
  nextAfter: string | null;
}

export interface ListVersionsOptions {
  prefix?: string;
  delimiter?: string;
  keyMarker?: string;
  versionIdMarker?: string;
  maxKeys?: number;
}

export interface ListVersionsResult {
  /** Newest first within a key, keys in lexical order; includes delete markers. */
  versions: ObjectInfo[];
  commonPrefixes: string[];
  isTruncated: boolean;
  nextKeyMarker: string | null;
  nextVersionIdMarker: string | null;
}

export interface MultipartUploadInfo {
  bucket: string;
  key: string;
  uploadId: string;
  initiated: Date;
  /** The class given at CreateMultipartUpload. */
  storageClass: StorageClassName;
}

export interface PartInfo {
  partNumber: number;
  etag: string;
  size: number;
  lastModified: Date;
}

export interface DriveInfo {
  /** Drive folder path. */
  path: string;
  index: number;
  state: 'ok' | 'offline' | 'faulty';
  uuid: string;
  totalSpace: number;
  usedSpace: number;
  availSpace: number;
}

export interface StorageInfo {
  drives: DriveInfo[];
  /** Number of parity shards per object (0 with one drive). */
  parity: number;
  dataShards: number;
  /** true when N ≥ 4 (erasure coded, reported as "distributed mode" to the console). */
  erasure: boolean;
}

/** Small durable documents of the store itself (IAM, config): replicated to every drive, quorum read. */
export interface SystemStore {
  read(path: string): Promise<Buffer | null>;
  write(path: string, data: Buffer): Promise<void>;
  delete(path: string): Promise<void>;
  /** Paths under the prefix, sorted. */
  list(prefix: string): Promise<string[]>;
}

export interface ObjectLayer {
  readonly system: SystemStore;
  /** Drives of the erasure set (MinIO's set drive count). */
  readonly setDriveCount: number;
  /** The set's default parity: new objects' unless `PutObjectOptions.parity` says otherwise. */
  readonly parityShards: number;
  storageInfo(): Promise<StorageInfo>;

  makeBucket(name: string, opts?: { objectLock?: boolean }): Promise<void>;
  getBucketInfo(name: string): Promise<BucketInfo>;
  listBuckets(): Promise<BucketInfo[]>;
  /** Throws BucketNotEmpty unless `force`. */
  deleteBucket(name: string, opts?: { force?: boolean }): Promise<void>;
  setBucketVersioning(name: string, state: 'Enabled' | 'Suspended'): Promise<void>;
  getBucketConfig(bucket: string, name: BucketConfigName): Promise<Buffer | null>;
  /** null deletes the document. */
  putBucketConfig(bucket: string, name: BucketConfigName, data: Buffer | null): Promise<void>;

  putObject(bucket: string, key: string, body: Readable, opts: PutObjectOptions): Promise<ObjectInfo>;
  getObject(
    bucket: string,
    key: string,
    opts?: { versionId?: string; range?: ByteRange },
  ): Promise<GetObjectResult>;
  headObject(bucket: string, key: string, opts?: { versionId?: string }): Promise<ObjectInfo>;
  /** Enforces retention and legal hold on version deletes (AccessDenied) as S3 does. */
  deleteObject(bucket: string, key: string, opts?: DeleteOptions): Promise<DeleteResult>;
  /** Replace tags / retention / legal hold / metadata of one existing version in place. */
  updateObjectMetadata(
    bucket: string,
    key: string,
    versionId: string | undefined,
    patch: Partial<
      Pick<ObjectInfo, 'tags' | 'retention' | 'legalHold' | 'userMetadata' | 'systemMetadata' | 'contentType'>
    >,
  ): Promise<ObjectInfo>;

  listObjects(bucket: string, opts: ListObjectsOptions): Promise<ListObjectsResult>;
  listObjectVersions(bucket: string, opts: ListVersionsOptions): Promise<ListVersionsResult>;

  newMultipartUpload(
    bucket: string,
    key: string,
    opts: Omit<PutObjectOptions, 'size' | 'contentMd5Base64'>,
  ): Promise<string>;
  putObjectPart(
    bucket: string,
    key: string,
    uploadId: string,
    partNumber: number,
    body: Readable,
    opts: { size: number; contentMd5Base64?: string },
  ): Promise<PartInfo>;
  listParts(
    bucket: string,
    key: string,
    uploadId: string,
    opts?: { partNumberMarker?: number; maxParts?: number },
  ): Promise<{
    parts: PartInfo[];
    isTruncated: boolean;
    nextPartNumberMarker: number;
    storageClass: StorageClassName;
  }>;
  listMultipartUploads(
    bucket: string,
    opts?: { prefix?: string; keyMarker?: string; uploadIdMarker?: string; maxUploads?: number },
  ): Promise<{ uploads: MultipartUploadInfo[]; isTruncated: boolean }>;
  abortMultipartUpload(bucket: string, key: string, uploadId: string): Promise<void>;
  completeMultipartUpload(
    bucket: string,
    key: string,
    uploadId: string,
    parts: { partNumber: number; etag: string }[],
  ): Promise<ObjectInfo>;

  /**
   * Optional (erasure-coded layouts): rebuild an object's missing or corrupted shards and stale
   * metadata copies on every online drive, from the good ones; remove copies of a write that never
   * reached a quorum. For the admin heal API and the background scanner.
   */
  healObject?(bucket: string, key: string, opts?: HealOptions): Promise<HealObjectResult>;

  /**
   * Optional (lifecycle transition): after a tier holds a durable copy of a version, mark it as living
   * on `tier` and free its local data, if it is still the version copied; false when it changed.
   */
  transitionVersion?(
    bucket: string,
    key: string,
    versionId: string,
    expect: { etag: string; mtime: number },
    tier: string,
  ): Promise<boolean>;

  /**
   * Optional (RestoreObject): keep `body` (a transitioned version's bytes) as its local copy until
   * `expiry`, or only extend the expiry of a copy already there; false when the version changed.
   */
  restoreVersion?(
    bucket: string,
    key: string,
    versionId: string,
    body: Readable,
    expect: { etag: string; mtime: number; size: number },
    expiry: number,
  ): Promise<boolean>;

  /** Optional: free the local copy of a restored version once its restore expired before `now`. */
  dropRestoredCopy?(bucket: string, key: string, versionId: string, now: number): Promise<boolean>;

  /** Optional: where reads of transitioned versions get their bytes (the tier service). */
  setRemoteReader?(reader: (info: ObjectInfo, range: ByteRange | null) => Promise<Readable>): void;

  /** Optional: how the layer's own background heal (of a replaced drive) checks and paces objects. */
  configureHeal?(opts: HealOptions): void;

  /** Stop background work and release file handles. */
  close(): Promise<void>;
}

/**
 * How a heal checks shards and yields to other work (the `heal` config set, passed in by the store).
 * `deep` reads every shard block and verifies its bitrot checksum; `normal` only checks that each
 * shard is there at its full length, so silent corruption is found only by a deep scan.
 */
export interface HealOptions {
  /** Default `deep` (an explicit heal of one object checks everything). */
  scanMode?: 'normal' | 'deep';
  /** Awaited before each object of a bucket or full heal (heal's `max_io`/`max_sleep` pacing). */
  pace?: () => Promise<void>;
}

export interface HealObjectResult {
  bucket: string;
  key: string;
  /** Drive indexes that received rebuilt shards or metadata. */
  healedDrives: number[];
  /** Object versions (or parts of them) that had shards rebuilt. */
  healedVersions: number;
  /** Versions that could not be rebuilt (fewer than k good shards). */
  unrecoverable: number;
  /** Copies of an unacknowledged write (on fewer drives than a read quorum) that were removed. */
  removedDangling: boolean;
}
