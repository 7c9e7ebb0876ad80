// SPDX-License-Identifier: Apache-2.0
import { z } from 'zod';
import { objectOwnershipSchema } from './buckets.js';
import { tagSetSchema } from './objects.js';

/**
 * A bucket's settings through plain S3 beside its policy (issue 36): the public access block's four
 * switches, the Object Ownership setting, and the bucket's tags.
 */

/** The four switches of S3's PublicAccessBlockConfiguration, in S3's order. */
export const publicAccessBlockFields = [
  'blockPublicAcls',
  'ignorePublicAcls',
  'blockPublicPolicy',
  'restrictPublicBuckets',
] as const;
export type PublicAccessBlockField = (typeof publicAccessBlockFields)[number];

/** PUT /api/v1/buckets/{bucket}/public-access-block: every switch, each given. */
export const publicAccessBlockSchema = z
  .object({
    blockPublicAcls: z.boolean(),
    ignorePublicAcls: z.boolean(),
    blockPublicPolicy: z.boolean(),
    restrictPublicBuckets: z.boolean(),
  })
  .meta({ id: 'PublicAccessBlock' });
export type PublicAccessBlock = z.infer<typeof publicAccessBlockSchema>;

/** GET (and PUT's answer): the switches; `configured: false` (all off) when the bucket has no block. */
export const bucketPublicAccessBlockSchema = publicAccessBlockSchema
  .extend({ configured: z.boolean() })
  .meta({ id: 'BucketPublicAccessBlock' });
export type BucketPublicAccessBlock = z.infer<typeof bucketPublicAccessBlockSchema>;

/** PUT /api/v1/buckets/{bucket}/ownership-controls. */
export const ownershipControlsSchema = z
  .object({ objectOwnership: objectOwnershipSchema })
  .meta({ id: 'OwnershipControls' });
export type OwnershipControls = z.infer<typeof ownershipControlsSchema>;

/** GET (and PUT's answer): the bucket's setting; `configured: false` and null when it has none. */
export const bucketOwnershipControlsSchema = z
  .object({ configured: z.boolean(), objectOwnership: objectOwnershipSchema.nullable() })
  .meta({ id: 'BucketOwnershipControls' });
export type BucketOwnershipControls = z.infer<typeof bucketOwnershipControlsSchema>;

/** GET and PUT /api/v1/buckets/{bucket}/tags: the bucket's whole tag set (none removes it; S3: 50 at most). */
export const bucketTagsSchema = z.object({ tags: tagSetSchema(50, 'A bucket') }).meta({ id: 'BucketTags' });
export type BucketTags = z.infer<typeof bucketTagsSchema>;
