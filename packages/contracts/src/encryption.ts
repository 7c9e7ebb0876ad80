// SPDX-License-Identifier: Apache-2.0
import { z } from 'zod';

/**
 * Server-side encryption screens (issue 18): enabling a bucket's default encryption (spec 1 §4
 * "Encryption", §7: POST …/encryption/enable with encType and kmsKeyID, POST …/encryption/disable) and
 * the KMS page beyond the spec (status, keys, create key), where the server has MinIO's KMS API.
 */

/** POST /api/v1/buckets/{bucket}/encryption/enable. */
export const enableBucketEncryptionRequestSchema = z
  .object({
    encType: z.enum(['sse-s3', 'sse-kms']),
    /** The KMS key of SSE-KMS (required then). */
    kmsKeyID: z.string().optional(),
  })
  .refine((b) => b.encType !== 'sse-kms' || (b.kmsKeyID ?? '').trim() !== '', {
    message: 'SSE-KMS needs a KMS key ID',
    path: ['kmsKeyID'],
  })
  .meta({ id: 'EnableBucketEncryptionRequest' });
export type EnableBucketEncryptionRequest = z.input<typeof enableBucketEncryptionRequestSchema>;

/** GET /api/v1/kms/status. */
export const kmsStatusSchema = z
  .object({
    name: z.string(),
    defaultKeyID: z.string(),
    endpoints: z.array(z.object({ url: z.string(), status: z.string() })),
  })
  .meta({ id: 'KmsStatus' });
export type KmsStatus = z.infer<typeof kmsStatusSchema>;

/** One key of GET /api/v1/kms/keys. */
export const kmsKeySchema = z.object({ name: z.string(), createdAt: z.string(), createdBy: z.string() });
export type KmsKey = z.infer<typeof kmsKeySchema>;

export const kmsKeysResponseSchema = z.object({ results: z.array(kmsKeySchema) }).meta({ id: 'KmsKeys' });
export type KmsKeysResponse = z.infer<typeof kmsKeysResponseSchema>;

/** POST /api/v1/kms/keys. */
export const createKmsKeyRequestSchema = z
  .object({
    key: z
      .string()
      .regex(
        /^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$/,
        "Key names use letters, digits, '.', '_' and '-' (at most 80)",
      ),
  })
  .meta({ id: 'CreateKmsKeyRequest' });
export type CreateKmsKeyRequest = z.infer<typeof createKmsKeyRequestSchema>;
