// SPDX-License-Identifier: Apache-2.0
import { z } from 'zod';

/**
 * Ceph RGW's Admin Ops through the console (issue 36): users, their S3 keys and quotas, bucket stats.
 * Offered to a session whose capabilities include `rgw-admin`.
 */

/** A quota: limits below zero mean "no limit of this kind", as RGW keeps them. */
export const rgwQuotaSchema = z
  .object({
    enabled: z.boolean(),
    maxSizeBytes: z.number().int().describe('Bytes; -1 for no limit'),
    maxObjects: z.number().int().describe('Objects; -1 for no limit'),
  })
  .meta({ id: 'RgwQuota' });
export type RgwQuota = z.infer<typeof rgwQuotaSchema>;

export const rgwKeySchema = z.object({ user: z.string(), accessKey: z.string(), secretKey: z.string() });
export type RgwKey = z.infer<typeof rgwKeySchema>;

export const rgwUserSchema = z
  .object({
    uid: z.string(),
    displayName: z.string(),
    email: z.string(),
    suspended: z.boolean(),
    maxBuckets: z.number().int(),
    keys: z.array(rgwKeySchema),
    caps: z.array(z.object({ type: z.string(), perm: z.string() })),
    subusers: z.array(z.object({ id: z.string(), permissions: z.string() })),
    swiftKeys: z
      .array(z.object({ user: z.string().describe('The subuser, `uid:name`'), secretKey: z.string() }))
      .describe('Swift keys, at most one per subuser'),
    userQuota: rgwQuotaSchema.nullable(),
    bucketQuota: rgwQuotaSchema.nullable().describe('The quota each of the user’s buckets gets'),
  })
  .meta({ id: 'RgwUser' });
export type RgwUser = z.infer<typeof rgwUserSchema>;

export const rgwUserListSchema = z.object({ users: z.array(z.string()) });

/** RGW user ids: letters, digits and `-_.@$` (a `tenant$user` id names a tenant's user). */
const uidSchema = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[A-Za-z0-9._@$-]+$/, 'letters, digits and . _ @ $ - only');

export const rgwUidParamsSchema = z.object({ uid: uidSchema });

export const rgwCreateUserSchema = z.object({
  uid: uidSchema,
  displayName: z.string().min(1).max(255),
  email: z.string().email().optional(),
  maxBuckets: z.number().int().min(-1).optional(),
});
export type RgwCreateUser = z.infer<typeof rgwCreateUserSchema>;

export const rgwModifyUserSchema = z
  .object({
    displayName: z.string().min(1).max(255).optional(),
    email: z.string().email().optional(),
    maxBuckets: z.number().int().min(-1).optional(),
    suspended: z.boolean().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'name at least one field to change');
export type RgwModifyUser = z.infer<typeof rgwModifyUserSchema>;

export const rgwDeleteUserQuerySchema = z.object({
  purgeData: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true')
    .describe("Also delete the user's buckets and objects"),
});

export const rgwCreateKeySchema = z
  .object({
    accessKey: z.string().min(3).max(128).optional(),
    secretKey: z.string().min(8).max(128).optional(),
  })
  .refine((b) => (b.accessKey === undefined) === (b.secretKey === undefined), 'give both keys or neither');

export const rgwKeyListSchema = z.object({ keys: z.array(rgwKeySchema) });

export const rgwKeyParamsSchema = z.object({ uid: uidSchema, accessKey: z.string().min(1) });

export const rgwQuotaParamsSchema = z.object({
  uid: uidSchema,
  scope: z
    .enum(['user', 'bucket'])
    .describe("`user`: the user's total; `bucket`: each of the user's buckets"),
});

export const rgwBucketParamsSchema = z.object({ bucket: z.string().min(1) });

export const rgwBucketStatsSchema = z
  .object({
    bucket: z.string(),
    owner: z.string(),
    sizeBytes: z.number(),
    objects: z.number(),
    quota: rgwQuotaSchema.nullable(),
    linked: z
      .boolean()
      .optional()
      .describe("Whether the bucket is on its owner's bucket list (absent where not asked: the bucket list)"),
  })
  .meta({ id: 'RgwBucketStats' });
export type RgwBucketStats = z.infer<typeof rgwBucketStatsSchema>;

/** GET /api/v1/rgw/users/{uid}/buckets: the buckets on the user's list, with their stats. */
export const rgwUserBucketsSchema = z.object({ buckets: z.array(rgwBucketStatsSchema) });
export type RgwUserBuckets = z.infer<typeof rgwUserBucketsSchema>;

/** A subuser (`uid:name`) and what it may do; it signs with a Swift key. */
export const rgwSubuserAccessSchema = z.enum(['read', 'write', 'readwrite', 'full']);
export const rgwCreateSubuserSchema = z.object({
  name: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9._-]+$/, 'letters, digits and . _ - only')
    .describe('The part after `uid:`'),
  access: rgwSubuserAccessSchema,
});
export const rgwSubuserParamsSchema = z.object({ uid: uidSchema, subuser: z.string().min(1) });

/** A subuser's Swift key: the secret given, or one RGW generates; it replaces the key the subuser had. */
export const rgwCreateSwiftKeySchema = z.object({
  secretKey: z.string().min(8).max(128).optional().describe('Omit to let RGW generate the secret'),
});

/** One cap type (`users`, `buckets`, `metadata`, `usage`, `zone`, …) and its permission. */
export const rgwCapParamsSchema = z.object({
  uid: uidSchema,
  type: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[a-z-]+$/, 'a cap type such as users, buckets, metadata, usage'),
});
export const rgwSetCapSchema = z.object({ perm: z.enum(['read', 'write', '*']) });

/** Who owns the bucket: linking gives it to `uid` (RGW takes it off its previous owner). */
export const rgwBucketOwnerSchema = z.object({ uid: uidSchema });

export const rgwCheckIndexSchema = z.object({
  fix: z.boolean().default(false).describe('Rewrite the index header with what was counted'),
});
const indexCountSchema = z.object({ sizeBytes: z.number(), objects: z.number() });
export const rgwIndexCheckSchema = z
  .object({
    bucket: z.string(),
    /** What the index header says. */
    header: indexCountSchema,
    /** What RGW counted in the index's entries. */
    counted: indexCountSchema,
    invalidMultipartEntries: z.array(z.string()),
    consistent: z.boolean(),
    fixed: z.boolean(),
  })
  .meta({ id: 'RgwIndexCheck' });
export type RgwIndexCheck = z.infer<typeof rgwIndexCheckSchema>;

/** GET /api/v1/rgw/usage: RGW's usage log, per user and category, between two UTC dates. */
export const rgwUsageQuerySchema = z.object({
  uid: uidSchema.optional(),
  start: z.iso.date().optional().describe('YYYY-MM-DD (UTC)'),
  end: z.iso.date().optional().describe('YYYY-MM-DD (UTC), exclusive'),
});
const usageCountsSchema = z.object({
  bytesSent: z.number(),
  bytesReceived: z.number(),
  ops: z.number(),
  successfulOps: z.number(),
});
export const rgwUsageSchema = z
  .object({
    users: z.array(
      z.object({
        uid: z.string(),
        categories: z.array(usageCountsSchema.extend({ category: z.string() })),
        total: usageCountsSchema,
      }),
    ),
  })
  .meta({ id: 'RgwUsage' });
export type RgwUsage = z.infer<typeof rgwUsageSchema>;

/**
 * GET /api/v1/rgw/capacity: what the gateway reports of the space its buckets use, summed over every
 * bucket's stats (RGW's Admin Ops report no raw cluster capacity: that is `ceph df`, the manager's).
 */
export const rgwCapacitySchema = z
  .object({
    buckets: z.number().int(),
    objects: z.number().int(),
    sizeBytes: z.number().describe('The objects’ bytes'),
    sizeActualBytes: z.number().describe('The bytes the objects take, rounded up to 4 KiB each'),
    owners: z.number().int().describe('Users that own at least one bucket'),
  })
  .meta({ id: 'RgwCapacity' });
export type RgwCapacity = z.infer<typeof rgwCapacitySchema>;
