// SPDX-License-Identifier: Apache-2.0
// Wire types of MinIO's KMS API (madmin-go kms-commands.go).
import { z } from 'zod';

/** `GET /minio/kms/v1/status`. */
export const kmsStatusSchema = z.object({
  name: z.string(),
  'default-key-id': z.string(),
  endpoints: z.record(z.string(), z.string()).nullish(),
});
export type KMSStatus = z.infer<typeof kmsStatusSchema>;

/** One entry of `GET /minio/kms/v1/key/list`. */
export const kmsKeyInfoSchema = z.object({
  name: z.string(),
  createdAt: z.string().optional().default(''),
  createdBy: z.string().optional().default(''),
});
export type KMSKeyInfo = z.infer<typeof kmsKeyInfoSchema>;

/** `GET /minio/kms/v1/key/status?key-id=`: errors are reported in the answer. */
export const kmsKeyStatusSchema = z.object({
  'key-id': z.string(),
  'encryption-error': z.string().optional(),
  'decryption-error': z.string().optional(),
});
export type KMSKeyStatus = z.infer<typeof kmsKeyStatusSchema>;
