// Wire types of the server-state calls (madmin-go info-commands.go, user-commands.go AccountInfo;
// PROTOCOL-NOTES §2, §7). Top-level keys of StorageInfo, BackendInfo and AccountInfo are PascalCase
// on the wire; everything else is as tagged below.
import type { PolicyDocument } from './policies.js';
import type { BucketQuota } from './quota.js';

/** One drive (`Disk`). Zero values may be omitted by the server. */
export interface Disk {
  endpoint?: string;
  rootDisk?: boolean;
  path?: string;
  healing?: boolean;
  scanning?: boolean;
  /** `ok`, `offline`, `unformatted`, ... */
  state?: string;
  uuid?: string;
  major?: number;
  minor?: number;
  model?: string;
  totalspace?: number;
  usedspace?: number;
  availspace?: number;
  readthroughput?: number;
  writethroughput?: number;
  readlatency?: number;
  writelatency?: number;
  utilization?: number;
  free_inodes?: number;
  pool_index: number;
  set_index: number;
  disk_index: number;
}

/** Backend type of `StorageInfo.Backend.Type`: 1 = FS (single drive), 2 = Erasure. */
export type BackendType = 0 | 1 | 2 | 3;

/** `BackendInfo` (PascalCase keys). Disk maps are endpoint → count. */
export interface BackendInfo {
  Type: BackendType;
  GatewayOnline?: boolean;
  OnlineDisks: Record<string, number> | null;
  OfflineDisks: Record<string, number> | null;
  StandardSCData?: number[] | null;
  StandardSCParity: number;
  RRSCData?: number[] | null;
  RRSCParity: number;
  TotalSets: number[] | null;
  DrivesPerSet: number[] | null;
}

/** `GET /storageinfo` response. */
export interface StorageInfo {
  Disks: Disk[] | null;
  Backend: BackendInfo;
}

export interface AccountAccess {
  read: boolean;
  write: boolean;
}

export interface BucketDetails {
  versioning: boolean;
  versioningSuspended: boolean;
  locking: boolean;
  replication: boolean;
  /** Tags are lost in MinIO's own encoding (`{"TagSet":{}}`), kept as-is. */
  tags?: unknown;
  quota?: BucketQuota | null;
}

/** Histogram keys: LESS_THAN_1024_B, BETWEEN_1024_B_AND_1_MB, ..., GREATER_THAN_512_MB. */
export type ObjectSizesHistogram = Record<string, number>;

export interface BucketAccessInfo {
  name: string;
  size: number;
  objects: number;
  objectHistogram?: ObjectSizesHistogram | null;
  details?: BucketDetails | null;
  prefixUsage?: Record<string, number> | null;
  created: string;
  access: AccountAccess;
}

/** `GET /accountinfo` response. */
export interface AccountInfo {
  AccountName: string;
  Server: BackendInfo;
  /** The caller's effective policy. */
  Policy: PolicyDocument | null;
  Buckets: BucketAccessInfo[] | null;
}

export interface CountWithError {
  count: number;
  error?: string;
}

export interface ServerProperties {
  state?: string;
  endpoint?: string;
  scheme?: string;
  /** Seconds. */
  uptime?: number;
  version?: string;
  commitID?: string;
  network?: Record<string, string>;
  drives?: Disk[];
  poolNumber?: number;
  mem_stats?: Record<string, number>;
  go_max_procs?: number;
  num_cpu?: number;
  runtime_version?: string;
  minio_env_vars?: Record<string, string>;
}

/** `backend` of `/info`: ErasureBackend or FSBackend, told apart by `backendType`. */
export interface InfoBackend {
  backendType: string;
  onlineDisks?: number;
  offlineDisks?: number;
  standardSCParity?: number;
  rrSCParity?: number;
}

export interface InfoServices {
  kms?: { status?: string; encrypt?: string; decrypt?: string };
  ldap?: { status?: string };
  logger?: Array<Record<string, { status?: string }>>;
  audit?: Array<Record<string, { status?: string }>>;
  notifications?: Array<Record<string, Array<Record<string, { status?: string }>>>>;
}

/** `GET /info` response (`InfoMessage`). */
export interface InfoMessage {
  /** `online`, `initializing`, ... */
  mode?: string;
  domain?: string[];
  region?: string;
  sqsARN?: string[];
  deploymentID?: string;
  buckets?: CountWithError;
  objects?: CountWithError;
  versions?: CountWithError;
  usage?: { size: number; error?: string };
  services?: InfoServices;
  backend?: InfoBackend;
  servers?: ServerProperties[];
}

export interface BucketUsageInfo {
  size: number;
  objectsPendingReplicationTotalSize?: number;
  objectsFailedReplicationTotalSize?: number;
  objectsReplicatedTotalSize?: number;
  objectReplicaTotalSize?: number;
  objectsPendingReplicationCount?: number;
  objectsFailedReplicationCount?: number;
  versionsCount: number;
  objectsCount: number;
  objectsSizesHistogram?: ObjectSizesHistogram;
}

export interface TierStats {
  totalSize: number;
  numVersions: number;
  numObjects: number;
}

/** `GET /datausageinfo` response. */
export interface DataUsageInfo {
  lastUpdate: string;
  objectsCount: number;
  objectsTotalSize: number;
  objectsPendingReplicationTotalSize?: number;
  objectsFailedReplicationTotalSize?: number;
  objectsReplicatedTotalSize?: number;
  objectsReplicaTotalSize?: number;
  objectsPendingReplicationCount?: number;
  objectsFailedReplicationCount?: number;
  bucketsCount: number;
  bucketsUsageInfo?: Record<string, BucketUsageInfo> | null;
  tierStats?: Record<string, TierStats> | null;
  bucketsSizes?: Record<string, number> | null;
}
