// SPDX-License-Identifier: Apache-2.0
import { z } from 'zod';

/** Bucket access as the list shows it: R, W or R/W (PROTOCOL-NOTES §5 "Bucket list rw_access"). */
export const bucketRwAccessSchema = z.object({
  read: z.boolean().describe('ListBucket or GetBucketLocation allowed'),
  write: z.boolean().describe('PutObject allowed'),
});
export type BucketRwAccess = z.infer<typeof bucketRwAccessSchema>;

/** Per-bucket configuration summary the store reports with the account info. */
export const bucketDetailsSchema = z.object({
  versioning: z.boolean(),
  versioningSuspended: z.boolean(),
  locking: z.boolean(),
  replication: z.boolean(),
  quota: z.object({ quota: z.number().int().nonnegative(), type: z.string() }).optional(),
});
export type BucketDetails = z.infer<typeof bucketDetailsSchema>;

/**
 * Bucket list item (spec 1 §3 "Bucket (list item)"). Sizes in bytes; dates RFC 3339. `size` and
 * `objects` are absent where the server reports no usage (no MinIO admin API: Ceph RGW, generic S3).
 */
export const bucketSchema = z
  .object({
    name: z.string().min(1),
    creation_date: z.string(),
    size: z.number().int().nonnegative().optional(),
    objects: z.number().int().nonnegative().optional(),
    rw_access: bucketRwAccessSchema,
    details: bucketDetailsSchema.optional(),
  })
  .meta({ id: 'Bucket' });
export type Bucket = z.infer<typeof bucketSchema>;

/** GET /api/v1/buckets response (spec 1 §7 "Buckets"). */
export const listBucketsResponseSchema = z
  .object({
    buckets: z.array(bucketSchema),
    total: z.number().int().nonnegative(),
  })
  .meta({ id: 'ListBucketsResponse' });
export type ListBucketsResponse = z.infer<typeof listBucketsResponseSchema>;

/**
 * S3 bucket naming rules (3–63 characters, lowercase letters, digits, dots and hyphens, starting and ending
 * with a letter or digit, not shaped like an IP address). Checked at the console's edge so the user gets a
 * precise message before the store is asked.
 */
export const bucketNameSchema = z
  .string()
  .min(3, 'Bucket names must be at least 3 characters long')
  .max(63, 'Bucket names must be at most 63 characters long')
  .regex(
    /^[a-z0-9][a-z0-9.-]*[a-z0-9]$/,
    'Bucket names use lowercase letters, digits, dots and hyphens, and start and end with a letter or digit',
  )
  .refine((n) => !n.includes('..'), 'Bucket names cannot contain two adjacent dots')
  .refine((n) => !/^\d+\.\d+\.\d+\.\d+$/.test(n), 'Bucket names cannot look like an IP address');

/** Path parameters of the per-bucket routes. */
export const bucketParamsSchema = z.object({ name: bucketNameSchema });
export const bucketRouteParamsSchema = z.object({ bucket: bucketNameSchema });

/** Quota kinds (spec 1 §9): hard refuses writes beyond the quota; fifo is accepted and stored as set. */
export const quotaTypeSchema = z.enum(['hard', 'fifo']);
export type QuotaType = z.infer<typeof quotaTypeSchema>;
export const retentionModeSchema = z.enum(['compliance', 'governance']);
export type RetentionMode = z.infer<typeof retentionModeSchema>;
export const retentionUnitSchema = z.enum(['days', 'years']);
export type RetentionUnit = z.infer<typeof retentionUnitSchema>;

/** Quota part of the create payload (spec 1 §3). `amount` is in bytes; the UI converts base-1024 units. */
export const createBucketQuotaSchema = z.object({
  enabled: z.boolean(),
  quota_type: quotaTypeSchema.default('hard'),
  amount: z.number().int().nonnegative().describe('Bytes'),
});
/** Default retention (spec 1 §3 "Retention"): validity is a whole number of days or years, at least 1. */
export const bucketRetentionSchema = z.object({
  mode: retentionModeSchema,
  unit: retentionUnitSchema,
  validity: z.number().int().min(1, 'Retention validity must be at least 1').max(36500),
});
export type BucketRetention = z.infer<typeof bucketRetentionSchema>;

/** S3 Object Ownership: ACLs disabled (BucketOwnerEnforced) or enabled with the bucket owner or the writer owning new objects. */
export const objectOwnershipSchema = z.enum(['BucketOwnerEnforced', 'BucketOwnerPreferred', 'ObjectWriter']);
export type ObjectOwnership = z.infer<typeof objectOwnershipSchema>;

/** POST /api/v1/buckets body (spec 1 §3 "Create-bucket payload"). */
export const createBucketRequestSchema = z
  .object({
    name: bucketNameSchema,
    versioning: z.boolean().default(false),
    locking: z.boolean().default(false),
    quota: createBucketQuotaSchema.optional(),
    retention: bucketRetentionSchema.optional(),
    /** S3 Object Ownership (x-amz-object-ownership); absent: the server's default for new buckets. */
    objectOwnership: objectOwnershipSchema.optional(),
  })
  .meta({ id: 'CreateBucketRequest' });
export type CreateBucketRequest = z.input<typeof createBucketRequestSchema>;

/** The configuration steps of a bucket creation, in the order they are applied. */
export const createBucketStepSchema = z.enum([
  'bucket',
  'object-locking',
  'versioning',
  'retention',
  'quota',
]);
export type CreateBucketStep = z.infer<typeof createBucketStepSchema>;
export const createBucketResponseSchema = z
  .object({ bucketName: z.string(), applied: z.array(createBucketStepSchema) })
  .meta({ id: 'CreateBucketResponse' });
export type CreateBucketResponse = z.infer<typeof createBucketResponseSchema>;

/** Bucket access as the admin screen shows it (PROTOCOL-NOTES §6 "Read"). */
export const bucketAccessSchema = z.enum(['PRIVATE', 'PUBLIC', 'CUSTOM']);
export type BucketAccess = z.infer<typeof bucketAccessSchema>;

/** GET /api/v1/buckets/{name} (spec 1 §3 "Bucket info"). */
export const bucketInfoSchema = z
  .object({
    name: z.string(),
    access: bucketAccessSchema,
    /** The bucket policy document as stored ('' when there is none). */
    definition: z.string(),
    creation_date: z.string().optional(),
    size: z.number().int().nonnegative().optional(),
    objects: z.number().int().nonnegative().optional(),
    rw_access: bucketRwAccessSchema.optional(),
    /** Whether a replication configuration is set (spec 1 §2.5 Summary "replication state"). */
    replication: z.boolean().optional(),
  })
  .meta({ id: 'BucketInfo' });
export type BucketInfo = z.infer<typeof bucketInfoSchema>;

/** PUT /api/v1/buckets/{bucket}/set-policy body. CUSTOM needs the policy document in `definition`. */
export const setBucketPolicyRequestSchema = z
  .object({
    access: bucketAccessSchema,
    definition: z
      .string()
      .max(20 * 1024)
      .optional(),
  })
  .refine((b) => b.access !== 'CUSTOM' || (b.definition ?? '').trim() !== '', {
    message: 'A custom policy needs its definition',
    path: ['definition'],
  })
  .meta({ id: 'SetBucketPolicyRequest' });
export type SetBucketPolicyRequest = z.infer<typeof setBucketPolicyRequestSchema>;

/** GET /api/v1/buckets/{bucket}/retention; `enabled` false when no default retention is set. */
export const getBucketRetentionResponseSchema = z
  .object({
    enabled: z.boolean(),
    mode: retentionModeSchema.optional(),
    unit: retentionUnitSchema.optional(),
    validity: z.number().int().optional(),
  })
  .meta({ id: 'BucketRetentionConfig' });
export type GetBucketRetentionResponse = z.infer<typeof getBucketRetentionResponseSchema>;
/** PUT /api/v1/buckets/{bucket}/retention body. */
export const putBucketRetentionRequestSchema = bucketRetentionSchema.meta({
  id: 'PutBucketRetentionRequest',
});

/** GET /api/v1/buckets/{bucket}/versioning. */
export const bucketVersioningSchema = z
  .object({
    is_versioned: z.boolean(),
    status: z.enum(['Enabled', 'Suspended', 'Off']),
  })
  .meta({ id: 'BucketVersioning' });
export type BucketVersioning = z.infer<typeof bucketVersioningSchema>;
/** PUT /api/v1/buckets/{bucket}/versioning body: true enables, false suspends. */
export const setBucketVersioningRequestSchema = z
  .object({ versioning: z.boolean() })
  .meta({ id: 'SetBucketVersioningRequest' });

/** GET /api/v1/buckets/{bucket}/quota: quota in bytes, 0 and no type when none is set. */
export const bucketQuotaSchema = z
  .object({ quota: z.number().int().nonnegative(), type: z.union([quotaTypeSchema, z.literal('')]) })
  .meta({ id: 'BucketQuota' });
export type BucketQuota = z.infer<typeof bucketQuotaSchema>;
/** PUT /api/v1/buckets/{bucket}/quota body; `enabled: false` clears the quota. */
export const setBucketQuotaRequestSchema = z
  .object({
    enabled: z.boolean(),
    amount: z.number().int().nonnegative().default(0).describe('Bytes'),
    quota_type: quotaTypeSchema.default('hard'),
  })
  .refine((b) => !b.enabled || b.amount > 0, {
    message: 'An enabled quota needs a size above zero',
    path: ['amount'],
  })
  .meta({ id: 'SetBucketQuotaRequest' });
export type SetBucketQuotaRequest = z.input<typeof setBucketQuotaRequestSchema>;

/** GET /api/v1/buckets/{bucket}/object-locking. */
export const bucketObjectLockingSchema = z
  .object({ object_locking_enabled: z.boolean() })
  .meta({ id: 'BucketObjectLocking' });

/** GET /api/v1/buckets/{bucket}/encryption/info (spec 1 §3 "Encryption info", §4 "Encryption"). */
export const bucketEncryptionInfoSchema = z
  .object({
    status: z.enum(['disabled', 'sse-s3', 'sse-kms']),
    algorithm: z.string(),
    kmsMasterKeyID: z.string(),
  })
  .meta({ id: 'BucketEncryptionInfo' });
export type BucketEncryptionInfo = z.infer<typeof bucketEncryptionInfoSchema>;

/** GET /api/v1/bucket-users/{bucket}: access keys of the users whose policies reach the bucket. */
export const bucketUsersResponseSchema = z.array(z.string()).meta({ id: 'BucketUsers' });
/** GET /api/v1/bucket-policy/{bucket}: canned policies whose statements reach the bucket. */
export const bucketPoliciesResponseSchema = z
  .object({ policies: z.array(z.object({ name: z.string(), policy: z.string() })) })
  .meta({ id: 'BucketPolicies' });
export type BucketPoliciesResponse = z.infer<typeof bucketPoliciesResponseSchema>;

/** Access levels of an access rule (spec 1 §9). */
export const accessRuleLevelSchema = z.enum(['readonly', 'writeonly', 'readwrite']);
export type AccessRuleLevel = z.infer<typeof accessRuleLevelSchema>;
/** One access rule: anonymous access to the objects under `prefix` (spec 1 §3 "Access rule"). */
export const accessRuleSchema = z.object({ prefix: z.string(), access: accessRuleLevelSchema });
export type AccessRule = z.infer<typeof accessRuleSchema>;
/** GET /api/v1/bucket/{bucket}/access-rules. */
export const accessRulesResponseSchema = z
  .object({ accessRules: z.array(accessRuleSchema) })
  .meta({ id: 'AccessRules' });
export type AccessRulesResponse = z.infer<typeof accessRulesResponseSchema>;
/** PUT /api/v1/bucket/{bucket}/access-rules body (spec 1 §5: non-empty trimmed prefix). */
export const putAccessRuleRequestSchema = z
  .object({
    prefix: z
      .string()
      .trim()
      .min(1, 'The prefix cannot be empty')
      .max(1024)
      .refine((p) => !p.includes('*'), 'The prefix cannot contain *'),
    access: accessRuleLevelSchema,
  })
  .meta({ id: 'PutAccessRuleRequest' });
export type PutAccessRuleRequest = z.input<typeof putAccessRuleRequestSchema>;
/** DELETE /api/v1/bucket/{bucket}/access-rules body. */
export const deleteAccessRuleRequestSchema = z
  .object({ prefix: z.string().trim().max(1024) })
  .meta({ id: 'DeleteAccessRuleRequest' });
export type DeleteAccessRuleRequest = z.input<typeof deleteAccessRuleRequestSchema>;
