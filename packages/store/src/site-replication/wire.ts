// SPDX-License-Identifier: Apache-2.0
import { peerInfoSchema, type SREntityType, srEntityTypes, type srRemoveReqSchema } from '@stowage/madmin';
import { z } from 'zod';

/**
 * MinIO's site replication wire (madmin-go cluster-commands.go) of the peer calls between sites, checked
 * where they enter the store. What the admin calls carry (PeerSite, PeerInfo, SRRemoveReq, the status
 * options, SRResyncOpStatus) is described once, in `@stowage/madmin`'s types, and imported from there.
 */

/** madmin SRRemoveReq as the handlers read it (the schema is madmin's). */
export type RemoveRequest = z.output<typeof srRemoveReqSchema>;

/** madmin SRPeerJoinReq. */
export const peerJoinSchema = z.object({
  svcAcctAccessKey: z.string().min(1),
  svcAcctSecretKey: z.string().min(1),
  svcAcctParent: z.string().default(''),
  peers: z.record(z.string(), peerInfoSchema),
});
export type PeerJoinRequest = z.infer<typeof peerJoinSchema>;

/** madmin BktOp. */
export type BucketOp =
  | 'make-with-versioning'
  | 'configure-replication'
  | 'delete-bucket'
  | 'force-delete-bucket'
  | 'purge-deleted-bucket';
export const BUCKET_OPS: readonly BucketOp[] = [
  'make-with-versioning',
  'configure-replication',
  'delete-bucket',
  'force-delete-bucket',
  'purge-deleted-bucket',
];

/**
 * madmin SRBucketMeta types; `lc-config` is the lifecycle document (later madmin versions' name). The
 * configuration documents travel as this store keeps them (policy and quota are MinIO's JSON as is).
 */
export const BUCKET_META_TYPES = [
  'policy',
  'tags',
  'version-config',
  'object-lock-config',
  'sse-config',
  'quota-config',
  'lc-config',
] as const;
export type BucketMetaType = (typeof BUCKET_META_TYPES)[number];

export const bucketMetaSchema = z.object({
  type: z.enum(BUCKET_META_TYPES),
  bucket: z.string().min(1),
  policy: z.unknown().optional(),
  versioningConfig: z.string().nullish(),
  tags: z.string().nullish(),
  objectLockConfig: z.string().nullish(),
  sseConfig: z.string().nullish(),
  quota: z.unknown().optional(),
  expLCConfig: z.string().nullish(),
  updatedAt: z.string().optional(),
});
export type BucketMeta = z.infer<typeof bucketMetaSchema>;

/** madmin SRIAMItem types. */
export const IAM_ITEM_TYPES = [
  'policy',
  'service-account',
  'sts-account',
  'policy-mapping',
  'iam-user',
  'group-info',
] as const;

const policyMappingSchema = z.object({
  userOrGroup: z.string().min(1),
  userType: z.number().default(0),
  isGroup: z.boolean().default(false),
  policy: z.string().default(''),
});

const svcAccChangeSchema = z.object({
  crSvcAccCreate: z
    .object({
      parent: z.string().min(1),
      accessKey: z.string().min(1),
      secretKey: z.string().min(1),
      groups: z.array(z.string()).nullish(),
      claims: z.record(z.string(), z.unknown()).nullish(),
      sessionPolicy: z.unknown().optional(),
      status: z.string().default(''),
      comment: z.string().default(''),
    })
    .nullish(),
  crSvcAccUpdate: z
    .object({
      accessKey: z.string().min(1),
      secretKey: z.string().default(''),
      status: z.string().default(''),
      comment: z.string().default(''),
      sessionPolicy: z.unknown().optional(),
    })
    .nullish(),
  crSvcAccDelete: z.object({ accessKey: z.string().min(1) }).nullish(),
});

export const iamItemSchema = z.object({
  type: z.enum(IAM_ITEM_TYPES),
  name: z.string().default(''),
  policy: z.unknown().optional(),
  policyMapping: policyMappingSchema.nullish(),
  serviceAccountChange: svcAccChangeSchema.nullish(),
  stsCredential: z.unknown().optional(),
  iamUser: z
    .object({
      accessKey: z.string().min(1),
      isDeleteReq: z.boolean().default(false),
      userReq: z.object({ secretKey: z.string().default(''), status: z.string().default('') }).nullish(),
    })
    .nullish(),
  groupInfo: z
    .object({
      updateReq: z.object({
        group: z.string().min(1),
        groupStatus: z.string().default(''),
        members: z.array(z.string()).nullish(),
        isRemove: z.boolean().default(false),
      }),
    })
    .nullish(),
  updatedAt: z.string().optional(),
});
export type IamItem = z.infer<typeof iamItemSchema>;

/** madmin SRBucketInfo (what `metainfo` reports of a bucket). */
export interface SRBucketInfo {
  bucket: string;
  policy?: unknown;
  versioningConfig?: string;
  tags?: string;
  objectLockConfig?: string;
  sseConfig?: string;
  replicationConfig?: string;
  quotaConfig?: string;
  bucketTimestamp?: string;
}

/** madmin UserInfo. */
export interface SRUserInfo {
  policyName?: string;
  status: string;
  memberOf?: string[];
  updatedAt?: string;
}

/** madmin GroupDesc. */
export interface SRGroupDesc {
  name: string;
  status: string;
  members: string[];
  policy: string;
  updatedAt?: string;
}

/** madmin SRPolicyMapping as `metainfo` reports it. */
export interface SRPolicyMapping {
  userOrGroup: string;
  userType: number;
  isGroup: boolean;
  policy: string;
}

/** madmin SRInfo: one site's replicated metadata (Go field names, no JSON tags). */
export interface SRInfo {
  Enabled: boolean;
  Name: string;
  DeploymentID: string;
  Buckets: Record<string, SRBucketInfo>;
  Policies: Record<string, { policy: unknown; updatedAt?: string }>;
  UserPolicies: Record<string, SRPolicyMapping>;
  UserInfoMap: Record<string, SRUserInfo>;
  GroupDescMap: Record<string, SRGroupDesc>;
  GroupPolicies: Record<string, SRPolicyMapping>;
  ReplicationCfg: Record<string, unknown>;
}

/** madmin SRStatusOptions as the query parameters give them (`''`: no entity asked about). */
export interface StatusOptions {
  buckets: boolean;
  policies: boolean;
  users: boolean;
  groups: boolean;
  entity: '' | SREntityType;
  entityValue: string;
}

const isEntity = (v: string): v is SREntityType => (srEntityTypes as readonly string[]).includes(v);

export function statusOptions(q: URLSearchParams): StatusOptions {
  const flag = (k: string): boolean => q.get(k) === 'true';
  const entity = q.get('entity') ?? '';
  return {
    buckets: flag('buckets'),
    policies: flag('policies'),
    users: flag('users'),
    groups: flag('groups'),
    entity: isEntity(entity) ? entity : '',
    entityValue: q.get('entityvalue') ?? '',
  };
}
