// SPDX-License-Identifier: Apache-2.0
import { z } from 'zod';

/** The methods a CORS rule may allow (S3 API: PutBucketCors, CORSRule AllowedMethod). */
export const corsMethods = ['GET', 'PUT', 'POST', 'DELETE', 'HEAD'] as const;

/** One CORS rule of a bucket, as S3 keeps it (issue 36). */
export const corsRuleSchema = z
  .object({
    id: z.string().trim().max(255).default(''),
    allowedOrigins: z.array(z.string().trim().min(1)).min(1, 'Give at least one allowed origin'),
    allowedMethods: z.array(z.enum(corsMethods)).min(1, 'Choose at least one method'),
    allowedHeaders: z.array(z.string().trim().min(1)).default([]),
    exposeHeaders: z.array(z.string().trim().min(1)).default([]),
    maxAgeSeconds: z.number().int().min(0).nullable().default(null),
  })
  .meta({ id: 'CorsRule' });
export type CorsRule = z.infer<typeof corsRuleSchema>;

/** GET and PUT /api/v1/buckets/{bucket}/cors: the whole set (PUT with no rule removes the configuration). */
export const bucketCorsSchema = z
  .object({ rules: z.array(corsRuleSchema).max(100) })
  .meta({ id: 'BucketCors' });
export type BucketCors = z.infer<typeof bucketCorsSchema>;
export type BucketCorsInput = z.input<typeof bucketCorsSchema>;
