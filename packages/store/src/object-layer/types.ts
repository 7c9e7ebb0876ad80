// SPDX-License-Identifier: Apache-2.0
import type { Readable } from 'node:stream';
import type { AclRecord, ChecksumRecord, EncryptionRecord, OwnerRecord, StorageClassName } from './meta.js';

export type {
  AclGrant,
  AclRecord,
  ChecksumRecord,
  EncryptionRecord,
  OwnerRecord,
  StorageClassName,
} from './meta.js';

/**
 * The object key of an encrypted version or upload, from its record (the S3 layer unseals it with the
 * KMS or the customer's key); throws the S3 error a client should see (wrong or missing key).
 */
export type UnsealKey = (record: EncryptionRecord) => Promise<Buffer>;

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
  /** Who created the bucket (absent for buckets made before owners were recorded: the root user). */
  owner?: OwnerRecord;
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
  | 'targets'
  | 'cors'
  | 'public-access-block'
  | 'ownership'
  | 'acl';

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
  parts: { number: number; size: number; etag: string; checksum?: string }[] | null;
  /** The class the version was written with (its parity): STANDARD or REDUCED_REDUNDANCY. */
  storageClass: StorageClassName;
  /** Present when the data is encrypted at rest (internal: the sealed key is never sent to clients). */
  encryption?: EncryptionRecord;
  /** x-amz-replication-status: PENDING, COMPLETED, FAILED (source) or REPLICA (target); absent: none. */
  replicationStatus?: string;
  /** The additional checksum the version was written with, if any. */
  checksum?: ChecksumRecord;
  /** The version's owner and ACL grants, when set (absent: the bucket owner's, private). */
  acl?: AclRecord;
}

/**
 * Called under the key's lock just before a new version is committed, with the key's current latest
 * version (null: none, or a delete marker); throwing refuses the write (conditional writes).
 */
export type WritePrecondition = (current: ObjectInfo | null) => void;

/** What a multipart upload's object will be checksummed with (CreateMultipartUpload). */
export interface UploadChecksum {
  algo: ChecksumRecord['algo'];
  type: ChecksumRecord['type'];
}

export interface CompleteOptions {
  precondition?: WritePrecondition;
  /**
   * Bucket replication: the source's modification time (and ETag) of a replica upload (one started
   * with `replica`); the object keeps the version id given then.
   */
  replica?: { mtime: number; etag?: string };
  /** The object's checksum from the chosen parts (their sizes and checksums), under the upload's. */
  checksum?: (
    parts: { number: number; size: number; checksum?: string }[],
    upload: UploadChecksum | undefined,
  ) => Promise<ChecksumRecord | undefined>;
}

/**
 * A version written by bucket replication: it keeps the source's version id and modification time
 * (and ETag, when given) instead of getting new ones.
 */
export interface ReplicaVersion {
  versionId: string;
  /** ms since epoch. */
  mtime: number;
  etag?: string;
}

/**
 * A body to write: a stream, or the whole body already in memory (small bodies the S3 edge read at
 * once) — the layer then reads no stream and copies no chunk into a block of its own.
 */
export type ObjectBody = Readable | Buffer;

/**
 * The caller's look at a body as the layer reads it (its checksums, in the layer's own read loop rather
 * than a stream of their own): `update` sees every chunk of the body as sent (before compression or
 * encryption), in order; `end` is called once the body has been read in full, before anything is
 * committed, and throws to refuse the write (e.g. BadDigest).
 */
export interface BodyTap {
  update(chunk: Buffer): void;
  end(): void;
  /**
   * A hash-wasm hasher (factory and arguments) equal to what `update` computes, which the layer may
   * run on its hashing worker beside the MD5 for large bodies: it then hands the tap the digest
   * (`digested`) before `end` instead of the bytes (`update`).
   */
  offload?: { factory: 'createCRC64'; args: [string] };
  digested?(digest: Buffer): void;
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
  /** Bucket replication: the version is a replica (its id and time come from the source). */
  replica?: ReplicaVersion;
  /** Bucket replication status recorded with the version. */
  replicationStatus?: string;
  /**
   * Encrypt the data under `key` (the object key, sealed in `record`, which is kept with the version).
   * `opaqueEtag`: the ETag is not the plaintext's MD5 (SSE-C, SSE-KMS, as AWS).
   */
  encryption?: { record: EncryptionRecord; key: Buffer; opaqueEtag?: boolean };
  /** Sees the body as the layer reads it; its `end` may refuse the write before the commit. */
  bodyTap?: BodyTap;
  /**
   * The version's additional checksum, asked once the body has been read in full and `bodyTap.end`
   * has passed (so a trailing checksum is known and verified by then).
   */
  checksum?: () => ChecksumRecord | undefined;
  /** For multipart uploads: the algorithm and type the object's checksum will have. */
  uploadChecksum?: UploadChecksum;
  precondition?: WritePrecondition;
  /** The new version's owner and ACL (absent: the bucket owner's, private). */
  acl?: AclRecord;
}

/** The metadata of a version that updateObjectMetadata can replace. */
export type MetadataPatch = Partial<
  Pick<
    ObjectInfo,
    | 'tags'
    | 'retention'
    | 'legalHold'
    | 'userMetadata'
    | 'systemMetadata'
    | 'contentType'
    | 'replicationStatus'
    | 'acl'
  >
>;

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
  /** Bucket replication: the delete marker to create is a replica (its id and time come from the source). */
  replica?: ReplicaVersion;
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

/**
 * A key's latest version as a plain listing page shows it (ListObjects without MinIO's metadata
 * extension): read from the catalogs' summaries, without the version's whole record.
 */
export interface ObjectSummary {
  key: string;
  size: number;
  /** As ObjectInfo's. */
  etag: string;
  lastModified: Date;
  /** The class a listing shows: a transitioned version's tier name, else its storage class. */
  storageClass: string;
  /** The owner the version records (ACLs), if any: the bucket's owner otherwise. */
  owner: OwnerRecord | null;
}

/**
 * What a key's versions hold, as the usage scanner counts them (ObjectLayer.listObjectUsage): read from
 * the catalogs' summary where the key holds one version, from its document otherwise.
 */
export interface KeyUsage {
  key: string;
  /** The latest version's size when it is live, null when it is a delete marker. */
  latestSize: number | null;
  /** Versions that are not delete markers (the latest included), and their bytes. */
  versions: number;
  bytes: number;
  deleteMarkers: number;
}

export interface ListObjectsResult<T = ObjectInfo> {
  objects: T[];
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
  /** The owner and ACL given at CreateMultipartUpload (the initiator), when set. */
  acl?: AclRecord;
}

export interface PartInfo {
  partNumber: number;
  etag: string;
  size: number;
  lastModified: Date;
  /** Base64, in the upload's checksum algorithm. */
  checksum?: string;
}

export interface PutPartOptions {
  size: number;
  contentMd5Base64?: string;
  /** As PutObjectOptions.bodyTap. */
  bodyTap?: BodyTap;
  /** The part's checksum (base64), asked once its body has been read in full. */
  checksum?: () => string | undefined;
  /** The upload's object key, for an encrypted upload (else InternalError). */
  unseal?: UnsealKey;
}

/** ListParts' page: from after `partNumberMarker`, at most `maxParts` (1000). */
export interface ListPartsOptions {
  partNumberMarker?: number;
  maxParts?: number;
}

/** A page of an upload's parts, with what CreateMultipartUpload gave the upload. */
export interface ListPartsResult {
  parts: PartInfo[];
  isTruncated: boolean;
  nextPartNumberMarker: number;
  storageClass: StorageClassName;
  checksum?: UploadChecksum;
  acl?: AclRecord;
}

/** ListMultipartUploads' page: keys under `prefix`, after the markers, at most `maxUploads` (1000). */
export interface ListUploadsOptions {
  prefix?: string;
  keyMarker?: string;
  uploadIdMarker?: string;
  maxUploads?: number;
}

export interface ListUploadsResult {
  uploads: MultipartUploadInfo[];
  isTruncated: boolean;
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
  /** With server pools: the drive's pool (argument group) and erasure set within it. */
  pool?: number;
  set?: number;
}

export interface StorageInfo {
  drives: DriveInfo[];
  /** Number of parity shards per object (0 with one drive). */
  parity: number;
  dataShards: number;
  /** true when N ≥ 4 (erasure coded, reported as "distributed mode" to the console). */
  erasure: boolean;
  /** With several server pools: each pool's geometry, by pool index (`drives` carry their pool). */
  pools?: { parity: number; dataShards: number }[];
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

  makeBucket(name: string, opts?: { objectLock?: boolean; owner?: OwnerRecord }): Promise<void>;
  getBucketInfo(name: string): Promise<BucketInfo>;
  listBuckets(): Promise<BucketInfo[]>;
  /** Throws BucketNotEmpty unless `force`. */
  deleteBucket(name: string, opts?: { force?: boolean }): Promise<void>;
  setBucketVersioning(name: string, state: 'Enabled' | 'Suspended'): Promise<void>;
  getBucketConfig(bucket: string, name: BucketConfigName): Promise<Buffer | null>;
  /** null deletes the document. */
  putBucketConfig(bucket: string, name: BucketConfigName, data: Buffer | null): Promise<void>;

  putObject(bucket: string, key: string, body: ObjectBody, opts: PutObjectOptions): Promise<ObjectInfo>;
  /** An encrypted version needs `unseal` (else InternalError). */
  getObject(
    bucket: string,
    key: string,
    opts?: { versionId?: string; range?: ByteRange; unseal?: UnsealKey },
  ): Promise<GetObjectResult>;
  headObject(bucket: string, key: string, opts?: { versionId?: string }): Promise<ObjectInfo>;
  /** Enforces retention and legal hold on version deletes (AccessDenied) as S3 does. */
  deleteObject(bucket: string, key: string, opts?: DeleteOptions): Promise<DeleteResult>;
  /** Replace tags / retention / legal hold / metadata of one existing version in place. */
  updateObjectMetadata(
    bucket: string,
    key: string,
    versionId: string | undefined,
    patch: MetadataPatch,
  ): Promise<ObjectInfo>;

  listObjects(bucket: string, opts: ListObjectsOptions): Promise<ListObjectsResult>;
  /** listObjects with each key's summary instead of its whole latest version (no document parsed). */
  listObjectSummaries(bucket: string, opts: ListObjectsOptions): Promise<ListObjectsResult<ObjectSummary>>;
  listObjectVersions(bucket: string, opts: ListVersionsOptions): Promise<ListVersionsResult>;
  /**
   * Every key with versions (delete markers included) and what they hold, paged as listObjects: the
   * usage scanner's walk, with listing's quorum rule, building no ObjectInfo and parsing no document of
   * a key that holds one version (its catalog summary tells its size).
   */
  listObjectUsage(bucket: string, opts: ListObjectsOptions): Promise<ListObjectsResult<KeyUsage>>;

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
    body: ObjectBody,
    opts: PutPartOptions,
  ): Promise<PartInfo>;
  listParts(bucket: string, key: string, uploadId: string, opts?: ListPartsOptions): Promise<ListPartsResult>;
  listMultipartUploads(bucket: string, opts?: ListUploadsOptions): Promise<ListUploadsResult>;
  abortMultipartUpload(bucket: string, key: string, uploadId: string): Promise<void>;
  completeMultipartUpload(
    bucket: string,
    key: string,
    uploadId: string,
    parts: { partNumber: number; etag: string }[],
    opts?: CompleteOptions,
  ): Promise<ObjectInfo>;

  /**
   * Optional (erasure-coded layouts): rebuild an object's missing or corrupted shards and stale
   * metadata copies on every online drive, from the good ones; remove copies of a write that never
   * reached a quorum. For the admin heal API and the background scanner.
   */
  healObject?(bucket: string, key: string, opts?: HealOptions): Promise<HealObjectResult>;

  /**
   * Optional (erasure-coded layouts): heal the store's own documents on every online drive — with
   * `bucket` null the configuration and IAM documents, otherwise that bucket's documents (its record
   * and settings) — one result per document. The admin heal reports them; the background heal runs
   * the same repair.
   */
  healDocuments?(bucket: string | null, opts?: HealOptions): AsyncGenerator<DocHealResult>;

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

  /**
   * Optional (transition of encrypted versions): the version's stored bytes (sealed packages, part
   * after part) to send to a tier as they are; null when the version is not encrypted.
   */
  readStoredVersion?(
    bucket: string,
    key: string,
    versionId: string,
  ): Promise<{ info: ObjectInfo; stream: Readable; size: number } | null>;

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
  /** Only look: report what is missing or corrupt, write and remove nothing (admin heal `dryRun`). */
  dryRun?: boolean;
  /** Remove the copies of a write that never reached a read quorum (default true; admin heal `remove`). */
  removeDangling?: boolean;
}

/** A drive's state for one object before or after a heal (madmin's drive states). */
export type HealDriveState = 'ok' | 'missing' | 'corrupt' | 'offline';

/** One of the store's own documents (configuration, IAM, a bucket's settings) after a heal. */
export interface DocHealResult {
  /** Where it lives under the drives' system folder, e.g. `config/iam/…` or `buckets/<bucket>/policy`. */
  path: string;
  /** Its size in bytes. */
  size: number;
  /** Per drive (by index), its copy's state before the heal. */
  before: HealDriveState[];
  /** Per drive, the state after it (a dry run's is the same as before). */
  after: HealDriveState[];
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
  /** Per drive (by index), the object's state before the heal. */
  before?: HealDriveState[];
  /** Per drive, the state after it (what a dry run would leave: the same as before). */
  after?: HealDriveState[];
  /** The erasure geometry of the object's latest version with data, when it has one. */
  geometry?: { data: number; parity: number };
  /** Size of the latest version with data. */
  size?: number;
}
