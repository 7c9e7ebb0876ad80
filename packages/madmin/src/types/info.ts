// SPDX-License-Identifier: Apache-2.0
// Wire types of the server-state calls (madmin-go info-commands.go, user-commands.go AccountInfo;
// PROTOCOL-NOTES §2, §7). Top-level keys of StorageInfo, BackendInfo and AccountInfo are PascalCase
// on the wire; everything else is as tagged below.
import { z } from 'zod';
import { jsonValueSchema } from './json.js';
import { policyDocumentSchema } from './policies.js';
import { bucketQuotaSchema } from './quota.js';

/** One drive (`Disk`). Zero values may be omitted by the server. */
export const diskSchema = z.object({
  endpoint: z.string().optional(),
  rootDisk: z.boolean().optional(),
  path: z.string().optional(),
  healing: z.boolean().optional(),
  scanning: z.boolean().optional(),
  /** `ok`, `offline`, `unformatted`, ... */
  state: z.string().optional(),
  uuid: z.string().optional(),
  major: z.number().optional(),
  minor: z.number().optional(),
  model: z.string().optional(),
  totalspace: z.number().optional(),
  usedspace: z.number().optional(),
  availspace: z.number().optional(),
  readthroughput: z.number().optional(),
  writethroughput: z.number().optional(),
  readlatency: z.number().optional(),
  writelatency: z.number().optional(),
  utilization: z.number().optional(),
  free_inodes: z.number().optional(),
  pool_index: z.number(),
  set_index: z.number(),
  disk_index: z.number(),
});
export type Disk = z.infer<typeof diskSchema>;

/** Backend type of `StorageInfo.Backend.Type`: 1 = FS (single drive), 2 = Erasure. */
export const backendTypeSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
export type BackendType = z.infer<typeof backendTypeSchema>;

/**
 * `BackendInfo` (PascalCase keys). Disk maps are endpoint → count. Every field is optional: MinIO
 * versions differ, and `accountinfo` may leave the whole of it zero (`{}`).
 */
export const backendInfoSchema = z.object({
  Type: backendTypeSchema.optional(),
  GatewayOnline: z.boolean().optional(),
  OnlineDisks: z.record(z.string(), z.number()).nullish(),
  OfflineDisks: z.record(z.string(), z.number()).nullish(),
  StandardSCData: z.array(z.number()).nullish(),
  StandardSCParity: z.number().optional(),
  RRSCData: z.array(z.number()).nullish(),
  RRSCParity: z.number().optional(),
  TotalSets: z.array(z.number()).nullish(),
  DrivesPerSet: z.array(z.number()).nullish(),
});
export type BackendInfo = z.infer<typeof backendInfoSchema>;

/** `GET /storageinfo` response. */
export const storageInfoSchema = z.object({
  Disks: z.array(diskSchema).nullable(),
  Backend: backendInfoSchema,
});
export type StorageInfo = z.infer<typeof storageInfoSchema>;

/** What the caller may do with a bucket. */
export const accountAccessSchema = z.object({ read: z.boolean(), write: z.boolean() });
export type AccountAccess = z.infer<typeof accountAccessSchema>;

/** Bucket features in `accountinfo`. */
export const bucketDetailsSchema = z.object({
  versioning: z.boolean(),
  versioningSuspended: z.boolean(),
  locking: z.boolean(),
  replication: z.boolean(),
  /** Tags are lost in MinIO's own encoding (`{"TagSet":{}}`), kept as-is. */
  tags: jsonValueSchema.optional(),
  quota: bucketQuotaSchema.nullish(),
});
export type BucketDetails = z.infer<typeof bucketDetailsSchema>;

/** Histogram keys: LESS_THAN_1024_B, BETWEEN_1024_B_AND_1_MB, ..., GREATER_THAN_512_MB. */
export const objectSizesHistogramSchema = z.record(z.string(), z.number());
export type ObjectSizesHistogram = z.infer<typeof objectSizesHistogramSchema>;

/** One bucket of `accountinfo`. */
export const bucketAccessInfoSchema = z.object({
  name: z.string(),
  size: z.number(),
  objects: z.number(),
  objectHistogram: objectSizesHistogramSchema.nullish(),
  details: bucketDetailsSchema.nullish(),
  prefixUsage: z.record(z.string(), z.number()).nullish(),
  created: z.string(),
  access: accountAccessSchema,
});
export type BucketAccessInfo = z.infer<typeof bucketAccessInfoSchema>;

/** `GET /accountinfo` response. */
export const accountInfoSchema = z.object({
  AccountName: z.string(),
  Server: backendInfoSchema.optional(),
  /** The caller's effective policy. */
  Policy: policyDocumentSchema.nullish(),
  Buckets: z.array(bucketAccessInfoSchema).nullish(),
});
export type AccountInfo = z.infer<typeof accountInfoSchema>;

/** A count, or why it is missing. */
export const countWithErrorSchema = z.object({ count: z.number(), error: z.string().optional() });
export type CountWithError = z.infer<typeof countWithErrorSchema>;

/** One server of `/info`. */
export const serverPropertiesSchema = z.object({
  state: z.string().optional(),
  endpoint: z.string().optional(),
  scheme: z.string().optional(),
  /** Seconds. */
  uptime: z.number().optional(),
  version: z.string().optional(),
  commitID: z.string().optional(),
  network: z.record(z.string(), z.string()).optional(),
  drives: z.array(diskSchema).optional(),
  poolNumber: z.number().optional(),
  /** The server's pools (1-based), newer MinIO. */
  poolNumbers: z.array(z.number()).optional(),
  mem_stats: z.record(z.string(), z.number()).optional(),
  go_max_procs: z.number().optional(),
  num_cpu: z.number().optional(),
  runtime_version: z.string().optional(),
  minio_env_vars: z.record(z.string(), z.string()).optional(),
});
export type ServerProperties = z.infer<typeof serverPropertiesSchema>;

/** `backend` of `/info`: ErasureBackend or FSBackend, told apart by `backendType`. */
export const infoBackendSchema = z.object({
  backendType: z.string(),
  onlineDisks: z.number().optional(),
  offlineDisks: z.number().optional(),
  standardSCParity: z.number().optional(),
  rrSCParity: z.number().optional(),
});
export type InfoBackend = z.infer<typeof infoBackendSchema>;

/** Status of one service target. */
const serviceStatusSchema = z.object({ status: z.string().optional() });
/** Targets by name, each with its status. */
const targetStatusesSchema = z.array(z.record(z.string(), serviceStatusSchema));

/** `services` of `/info`. */
export const infoServicesSchema = z.object({
  kms: z
    .object({ status: z.string().optional(), encrypt: z.string().optional(), decrypt: z.string().optional() })
    .optional(),
  ldap: serviceStatusSchema.optional(),
  logger: targetStatusesSchema.optional(),
  audit: targetStatusesSchema.optional(),
  notifications: z.array(z.record(z.string(), targetStatusesSchema)).optional(),
});
export type InfoServices = z.infer<typeof infoServicesSchema>;

/** madmin's ErasureSetInfo: one erasure set of a pool in `/info`'s `pools`. */
export const erasureSetInfoSchema = z.object({
  id: z.number(),
  rawUsage: z.number(),
  rawCapacity: z.number(),
  usage: z.number(),
  objectsCount: z.number(),
  versionsCount: z.number(),
  deleteMarkersCount: z.number().optional(),
  healDisks: z.number(),
});
export type ErasureSetInfo = z.infer<typeof erasureSetInfoSchema>;

/** `GET /info` response (`InfoMessage`). */
export const infoMessageSchema = z.object({
  /** `online`, `initializing`, ... */
  mode: z.string().optional(),
  domain: z.array(z.string()).optional(),
  region: z.string().optional(),
  sqsARN: z.array(z.string()).optional(),
  deploymentID: z.string().optional(),
  buckets: countWithErrorSchema.optional(),
  objects: countWithErrorSchema.optional(),
  versions: countWithErrorSchema.optional(),
  usage: z.object({ size: z.number(), error: z.string().optional() }).optional(),
  services: infoServicesSchema.optional(),
  backend: infoBackendSchema.optional(),
  servers: z.array(serverPropertiesSchema).optional(),
  /** Pool index → erasure set index → the set's figures (MinIO's `pools`). */
  pools: z.record(z.string(), z.record(z.string(), erasureSetInfoSchema)).optional(),
});
export type InfoMessage = z.infer<typeof infoMessageSchema>;

/** Usage of one bucket in `/datausageinfo`. */
export const bucketUsageInfoSchema = z.object({
  size: z.number(),
  objectsPendingReplicationTotalSize: z.number().optional(),
  objectsFailedReplicationTotalSize: z.number().optional(),
  objectsReplicatedTotalSize: z.number().optional(),
  objectReplicaTotalSize: z.number().optional(),
  objectsPendingReplicationCount: z.number().optional(),
  objectsFailedReplicationCount: z.number().optional(),
  versionsCount: z.number(),
  objectsCount: z.number(),
  objectsSizesHistogram: objectSizesHistogramSchema.optional(),
});
export type BucketUsageInfo = z.infer<typeof bucketUsageInfoSchema>;

/** What one tier holds. */
export const tierStatsSchema = z.object({
  totalSize: z.number(),
  numVersions: z.number(),
  numObjects: z.number(),
});
export type TierStats = z.infer<typeof tierStatsSchema>;

/** `GET /datausageinfo` response; zero values may be left out (a server that has not scanned yet). */
export const dataUsageInfoSchema = z.object({
  lastUpdate: z.string().optional(),
  objectsCount: z.number().optional(),
  objectsTotalSize: z.number().optional(),
  objectsPendingReplicationTotalSize: z.number().optional(),
  objectsFailedReplicationTotalSize: z.number().optional(),
  objectsReplicatedTotalSize: z.number().optional(),
  objectsReplicaTotalSize: z.number().optional(),
  objectsPendingReplicationCount: z.number().optional(),
  objectsFailedReplicationCount: z.number().optional(),
  bucketsCount: z.number().optional(),
  bucketsUsageInfo: z.record(z.string(), bucketUsageInfoSchema).nullish(),
  tierStats: z.record(z.string(), tierStatsSchema).nullish(),
  bucketsSizes: z.record(z.string(), z.number()).nullish(),
});
export type DataUsageInfo = z.infer<typeof dataUsageInfoSchema>;
