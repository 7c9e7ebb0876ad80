// SPDX-License-Identifier: Apache-2.0
// Wire types of bucket quotas (madmin-go quota-commands.go).
import { z } from 'zod';

/** `hard` is enforced on PUT; `fifo` is accepted for compatibility with older MinIO. */
export const quotaTypeSchema = z.enum(['hard', 'fifo']);
export type QuotaType = z.infer<typeof quotaTypeSchema>;

/** `GET /get-bucket-quota?bucket=` response and `PUT /set-bucket-quota?bucket=` body; 0 clears. */
export const bucketQuotaSchema = z.object({
  quota: z.number(),
  quotatype: quotaTypeSchema.optional(),
});
export type BucketQuota = z.infer<typeof bucketQuotaSchema>;

/**
 * `PUT /set-bucket-quota?bucket=` body as the server reads it: a missing quota is 0 (clears it), a
 * missing or empty type is `hard`, and both must be of the right type when present.
 */
export const setBucketQuotaRequestSchema = z.object({
  quota: z.number().optional(),
  quotatype: z.union([quotaTypeSchema, z.literal('')]).optional(),
});
export type SetBucketQuotaRequest = z.infer<typeof setBucketQuotaRequestSchema>;
