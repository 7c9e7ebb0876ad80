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
  })
  .meta({ id: 'RgwBucketStats' });
export type RgwBucketStats = z.infer<typeof rgwBucketStatsSchema>;
