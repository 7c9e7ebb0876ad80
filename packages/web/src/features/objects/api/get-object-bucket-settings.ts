// SPDX-License-Identifier: Apache-2.0
import { useBucketObjectLocking, useBucketVersioning } from '@/shared/buckets/bucket-settings';

/** What the object detail needs to know about its bucket. */
export interface ObjectBucketSettings {
  versioned: boolean;
  locked: boolean;
}

/**
 * The bucket's versioning and object locking, which decide the object detail's delete options and whether
 * legal hold and retention apply. Read from the shared bucket queries (one cache entry each, refreshed
 * when the bucket screen changes them). A failed lock read counts as unlocked (spec 1 §8 "A retention
 * read error is silently treated as retention disabled"); `data` is undefined until versioning is known.
 */
export function useObjectBucketSettings(bucket: string): { data: ObjectBucketSettings | undefined } {
  const versioning = useBucketVersioning(bucket);
  const locking = useBucketObjectLocking(bucket);
  if (!versioning.data) return { data: undefined };
  return {
    data: {
      versioned: versioning.data.is_versioned,
      locked: locking.data?.object_locking_enabled ?? false,
    },
  };
}
