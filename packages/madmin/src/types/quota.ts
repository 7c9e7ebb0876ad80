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
