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

/** Bucket list item (spec 1 §3 "Bucket (list item)"). Sizes in bytes; dates RFC 3339. */
export const bucketSchema = z
  .object({
    name: z.string().min(1),
    creation_date: z.string(),
    size: z.number().int().nonnegative(),
    objects: z.number().int().nonnegative(),
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
