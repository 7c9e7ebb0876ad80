// SPDX-License-Identifier: Apache-2.0
// Wire types of site replication (madmin-go cluster-commands.go; PROTOCOL-NOTES "Site replication"): the
// one description of this JSON, for the client's calls and the store's handlers alike.
import { z } from 'zod';

/** `api-version` every site-replication call sends (madmin-go SiteReplAPIVersion). */
export const SITE_REPL_API_VERSION = '1';

/** madmin's PeerSite: a site to add — note the endpoint's JSON key is `endpoints`. */
export const peerSiteSchema = z.object({
  name: z.string(),
  endpoints: z.string().min(1),
  accessKey: z.string().min(1),
  secretKey: z.string().min(1),
});
export type PeerSite = z.infer<typeof peerSiteSchema>;

/**
 * madmin's PeerInfo: a site of the replication set; the deployment id never changes. Only the fields
 * this project uses are kept (madmin-go's sync and bandwidth settings are dropped where it is parsed).
 */
export const peerInfoSchema = z.object({
  endpoint: z.string().default(''),
  name: z.string().default(''),
  deploymentID: z.string().default(''),
});
export type PeerInfo = z.infer<typeof peerInfoSchema>;

/** madmin's ReplicateAddStatus: the answer to `PUT /site-replication/add`. */
export const replicateAddStatusSchema = z.looseObject({
  success: z.boolean(),
  status: z.string(),
  errorDetail: z.string().optional(),
  initialSyncErrorMessage: z.string().optional(),
});
export type ReplicateAddStatus = z.infer<typeof replicateAddStatusSchema>;

/** madmin's SiteReplicationInfo: `GET /site-replication/info`. */
export const siteReplicationInfoSchema = z.looseObject({
  enabled: z.boolean(),
  name: z.string().optional(),
  sites: z.array(peerInfoSchema).nullish(),
  serviceAccountAccessKey: z.string().optional(),
});
export type SiteReplicationInfo = z.infer<typeof siteReplicationInfoSchema>;

/** madmin's ReplicateEditStatus: `PUT /site-replication/edit`. */
export const replicateEditStatusSchema = z.looseObject({
  success: z.boolean(),
  status: z.string(),
  errorDetail: z.string().optional(),
});
export type ReplicateEditStatus = z.infer<typeof replicateEditStatusSchema>;

/** madmin's SRRemoveReq: which sites leave (`all` dissolves the whole set). */
export const srRemoveReqSchema = z.object({
  requestingDepID: z.string().default(''),
  sites: z.array(z.string()).nullish(),
  all: z.boolean().default(false),
});
/** What a caller sends (the defaults fill the rest). */
export type SRRemoveReq = z.input<typeof srRemoveReqSchema>;

/** madmin's ReplicateRemoveStatus: `PUT /site-replication/remove`. */
export const replicateRemoveStatusSchema = z.looseObject({
  status: z.string(),
  errorDetail: z.string().optional(),
});
export type ReplicateRemoveStatus = z.infer<typeof replicateRemoveStatusSchema>;

/** madmin's SiteResyncOp. */
export type SiteResyncOp = 'start' | 'cancel';

/** madmin's SRResyncOpStatus: `PUT /site-replication/resync/op?operation=`. */
export const srResyncOpStatusSchema = z.looseObject({
  op: z.string(),
  id: z.string(),
  status: z.string(),
  buckets: z
    .array(z.looseObject({ bucket: z.string(), status: z.string(), errorDetail: z.string().optional() }))
    .nullish(),
  errorDetail: z.string().optional(),
});
export type SRResyncOpStatus = z.infer<typeof srResyncOpStatusSchema>;

/** The entity kinds `GET /site-replication/status?entity=` looks up (madmin GetSREntityType). */
export const srEntityTypes = ['bucket', 'user', 'group', 'policy'] as const;
export type SREntityType = (typeof srEntityTypes)[number];

/** madmin's SRStatusOptions: what the status covers; `entity` + `entityValue` look up one item. */
export interface SRStatusOptions {
  buckets?: boolean;
  policies?: boolean;
  users?: boolean;
  groups?: boolean;
  showDeleted?: boolean;
  entity?: SREntityType;
  entityValue?: string;
}

const flag = z.boolean().optional();

/** madmin's SRBucketStatsSummary: one site's view of one bucket (mismatches named). */
export const srBucketStatsSummarySchema = z.looseObject({
  DeploymentID: z.string(),
  HasBucket: flag,
  BucketMarkedDeleted: flag,
  TagMismatch: flag,
  VersioningConfigMismatch: flag,
  OLockConfigMismatch: flag,
  PolicyMismatch: flag,
  SSEConfigMismatch: flag,
  ReplicationCfgMismatch: flag,
  QuotaCfgMismatch: flag,
  HasTagsSet: flag,
  HasOLockConfigSet: flag,
  HasPolicySet: flag,
  HasSSECfgSet: flag,
  HasReplicationCfg: flag,
  HasQuotaCfgSet: flag,
});
export type SRBucketStatsSummary = z.infer<typeof srBucketStatsSummarySchema>;

/** madmin's SRPolicyStatsSummary. */
export const srPolicyStatsSummarySchema = z.looseObject({
  DeploymentID: z.string(),
  PolicyMismatch: flag,
  HasPolicy: flag,
});
export type SRPolicyStatsSummary = z.infer<typeof srPolicyStatsSummarySchema>;

/** madmin's SRUserStatsSummary. */
export const srUserStatsSummarySchema = z.looseObject({
  DeploymentID: z.string(),
  PolicyMismatch: flag,
  UserInfoMismatch: flag,
  HasUser: flag,
  HasPolicyMapping: flag,
});
export type SRUserStatsSummary = z.infer<typeof srUserStatsSummarySchema>;

/** madmin's SRGroupStatsSummary. */
export const srGroupStatsSummarySchema = z.looseObject({
  DeploymentID: z.string(),
  PolicyMismatch: flag,
  HasGroup: flag,
  GroupDescMismatch: flag,
  HasPolicyMapping: flag,
});
export type SRGroupStatsSummary = z.infer<typeof srGroupStatsSummarySchema>;

const count = z.number().optional();

/** madmin's SRSiteSummary: counts of what one site holds and how much of it is replicated. */
export const srSiteSummarySchema = z.looseObject({
  ReplicatedBuckets: count,
  ReplicatedTags: count,
  ReplicatedBucketPolicies: count,
  ReplicatedIAMPolicies: count,
  ReplicatedUsers: count,
  ReplicatedGroups: count,
  ReplicatedLockConfig: count,
  ReplicatedSSEConfig: count,
  ReplicatedVersioningConfig: count,
  ReplicatedQuotaConfig: count,
  ReplicatedUserPolicyMappings: count,
  ReplicatedGroupPolicyMappings: count,
  TotalBucketsCount: count,
  TotalTagsCount: count,
  TotalBucketPoliciesCount: count,
  TotalIAMPoliciesCount: count,
  TotalLockConfigCount: count,
  TotalSSEConfigCount: count,
  TotalVersioningConfigCount: count,
  TotalQuotaConfigCount: count,
  TotalUsersCount: count,
  TotalGroupsCount: count,
  TotalUserPolicyMappingCount: count,
  TotalGroupPolicyMappingCount: count,
});
export type SRSiteSummary = z.infer<typeof srSiteSummarySchema>;

/** Go encodes a nil map as `null`. */
const byName = <S extends z.ZodType>(inner: S) => z.record(z.string(), z.record(z.string(), inner)).nullish();

/** madmin's SRStatusInfo: `GET /site-replication/status` (maps keyed by deployment id). */
export const srStatusInfoSchema = z.looseObject({
  Enabled: z.boolean(),
  MaxBuckets: count,
  MaxUsers: count,
  MaxGroups: count,
  MaxPolicies: count,
  Sites: z.record(z.string(), peerInfoSchema).nullish(),
  StatsSummary: z.record(z.string(), srSiteSummarySchema).nullish(),
  BucketStats: byName(srBucketStatsSummarySchema),
  PolicyStats: byName(srPolicyStatsSummarySchema),
  UserStats: byName(srUserStatsSummarySchema),
  GroupStats: byName(srGroupStatsSummarySchema),
});
export type SRStatusInfo = z.infer<typeof srStatusInfoSchema>;
