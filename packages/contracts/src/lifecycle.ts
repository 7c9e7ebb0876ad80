// SPDX-License-Identifier: Apache-2.0
import { z } from 'zod';

/** A lifecycle rule's tag filter (spec 1 §3 "Lifecycle rule": tags, a list of key, value). */
export const lifecycleTagSchema = z.object({ key: z.string(), value: z.string() });
export type LifecycleTag = z.infer<typeof lifecycleTagSchema>;

/**
 * One lifecycle rule as the Lifecycle tab lists it (spec 1 §3). `date` is ISO; '0001-01-01T00:00:00Z'
 * means none (the console answers that, as MinIO's console does, when a rule has days instead).
 */
export const lifecycleRuleSchema = z
  .object({
    id: z.string(),
    prefix: z.string(),
    status: z.enum(['Enabled', 'Disabled']),
    tags: z.array(lifecycleTagSchema),
    expiration: z.object({
      days: z.number().int(),
      date: z.string(),
      delete_marker: z.boolean(),
      noncurrent_expiration_days: z.number().int(),
    }),
    transition: z.object({
      days: z.number().int(),
      date: z.string(),
      storage_class: z.string(),
      noncurrent_transition_days: z.number().int(),
      noncurrent_storage_class: z.string(),
    }),
  })
  .meta({ id: 'LifecycleRule' });
export type LifecycleRule = z.infer<typeof lifecycleRuleSchema>;

export const lifecycleRulesResponseSchema = z
  .object({ lifecycle: z.array(lifecycleRuleSchema) })
  .meta({ id: 'LifecycleRules' });
export type LifecycleRulesResponse = z.infer<typeof lifecycleRulesResponseSchema>;

/** The date that stands for "no date" in rules (spec 1 §3). */
export const noLifecycleDate = '0001-01-01T00:00:00Z';

const optionalDays = z.number().int().min(0).optional();

/**
 * The lifecycle create payload (spec 1 §3): prefix, tags ('k=v&k2=v2'), expired_object_delete_marker; an
 * expiry by date or days plus noncurrent days, or a transition by date or days to a tier's storage class
 * plus a noncurrent transition. Dates are sent as the day plus T23:59:59Z (spec 1 §7).
 */
export const lifecycleRuleRequestSchema = z
  .object({
    type: z.enum(['expiry', 'transition']),
    prefix: z.string().optional(),
    tags: z.string().optional(),
    expired_object_delete_marker: z.boolean().optional(),
    expiry_date: z.string().optional(),
    expiry_days: optionalDays,
    noncurrentversion_expiration_days: optionalDays,
    transition_date: z.string().optional(),
    transition_days: optionalDays,
    noncurrentversion_transition_days: optionalDays,
    noncurrentversion_transition_storage_class: z.string().optional(),
    storage_class: z.string().optional(),
  })
  .meta({ id: 'LifecycleRuleRequest' });
export type LifecycleRuleRequest = z.infer<typeof lifecycleRuleRequestSchema>;

/** PUT of one rule (spec 1 §7: disable, tags; the rule's type and times may change too). */
export const updateLifecycleRuleRequestSchema = lifecycleRuleRequestSchema
  .extend({ disable: z.boolean().optional() })
  .meta({ id: 'UpdateLifecycleRuleRequest' });
export type UpdateLifecycleRuleRequest = z.infer<typeof updateLifecycleRuleRequestSchema>;

export const lifecycleRuleParamsSchema = z.object({ bucket: z.string().min(1), ruleId: z.string().min(1) });

/** A remote tier as the console lists it (spec 2 §3 "Tier": type and a sub-object named by the type). */
export const tierTypeSchema = z.enum(['s3', 'gcs', 'azure', 'minio']);
export type TierType = z.infer<typeof tierTypeSchema>;

export const tierDetailsSchema = z.object({
  name: z.string(),
  endpoint: z.string(),
  bucket: z.string(),
  prefix: z.string(),
  region: z.string(),
  storageclass: z.string().optional(),
  /** From the store's tier stats: bytes held (a decimal number), objects and versions. */
  usage: z.string().optional(),
  objects: z.string().optional(),
  versions: z.string().optional(),
  /** Why the tier is offline: the store's answer to verifying it. */
  error: z.string().optional(),
});
export type TierDetails = z.infer<typeof tierDetailsSchema>;

export const tierSchema = z
  .object({
    type: tierTypeSchema,
    s3: tierDetailsSchema.optional(),
    minio: tierDetailsSchema.optional(),
    gcs: tierDetailsSchema.optional(),
    azure: tierDetailsSchema.optional(),
    /** The store's verify of the tier (MinIO console's online/offline); absent when not checked. */
    status: z.boolean().optional(),
  })
  .meta({ id: 'Tier' });
export type Tier = z.infer<typeof tierSchema>;

export const tiersResponseSchema = z.object({ items: z.array(tierSchema) }).meta({ id: 'Tiers' });
export type TiersResponse = z.infer<typeof tiersResponseSchema>;

/** The name of a listed tier (its sub-object's name). */
export function tierName(tier: Tier): string {
  return tier[tier.type]?.name ?? '';
}

/** Tier names (spec 2 §5): upper case letters, digits, dash and underscore. */
export const tierNamePattern = /^[A-Z0-9_-]+$/;
export const tierNameMessage =
  'Please verify that string is uppercase only and contains valid characters (numbers, dashes & underscores).';

/** The sub-object of a new tier (spec 2 §3): the target plus the credentials of its type. */
export const tierTargetRequestSchema = z.object({
  name: z.string().regex(tierNamePattern, tierNameMessage),
  endpoint: z.string().min(1),
  bucket: z.string().min(1),
  prefix: z.string().min(1),
  region: z.string().min(1),
  accesskey: z.string().optional(),
  secretkey: z.string().optional(),
  storageclass: z.string().optional(),
  /** GCS: the credentials.json text. */
  creds: z.string().optional(),
  accountname: z.string().optional(),
  accountkey: z.string().optional(),
});
export type TierTargetRequest = z.infer<typeof tierTargetRequestSchema>;

/** POST /api/v1/admin/tiers (spec 2 §7): type plus one of the s3, gcs, azure objects (MinIO is sent as s3). */
export const addTierRequestSchema = z
  .object({
    type: z.enum(['s3', 'gcs', 'azure']),
    s3: tierTargetRequestSchema.optional(),
    gcs: tierTargetRequestSchema.optional(),
    azure: tierTargetRequestSchema.optional(),
  })
  .meta({ id: 'AddTierRequest' });
export type AddTierRequest = z.infer<typeof addTierRequestSchema>;

/** PUT /api/v1/admin/tiers/{type}/{name}/credentials (spec 2 §7). */
export const tierCredentialsRequestSchema = z
  .object({
    access_key: z.string().optional(),
    secret_key: z.string().optional(),
    creds: z.string().optional(),
  })
  .meta({ id: 'TierCredentialsRequest' });
export type TierCredentialsRequest = z.infer<typeof tierCredentialsRequestSchema>;

export const tierParamsSchema = z.object({ type: tierTypeSchema, name: z.string().min(1) });

/** POST /api/v1/buckets/{bucket}/objects/restore?prefix&version_id (issue 19): a temporary local copy. */
export const restoreObjectRequestSchema = z
  .object({ days: z.number().int().min(1).max(3650) })
  .meta({ id: 'RestoreObjectRequest' });
export type RestoreObjectRequest = z.infer<typeof restoreObjectRequestSchema>;
