import { apiPaths, bucketObjectLockingSchema, bucketVersioningSchema, fillApiPath } from '@stowage/contracts';
import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { objectKeys } from './object-keys';

export interface ObjectBucketSettings {
  versioned: boolean;
  locked: boolean;
}

/**
 * The bucket's versioning and object locking (GET …/versioning and …/object-locking), which decide the
 * object detail's delete options and whether legal hold and retention apply. A failed lock read counts as
 * unlocked (spec 1 §8 "A retention read error is silently treated as retention disabled").
 */
export async function getObjectBucketSettings(
  bucket: string,
  signal?: AbortSignal,
): Promise<ObjectBucketSettings> {
  const [versioning, locking] = await Promise.all([
    apiRequest(fillApiPath(apiPaths.bucketVersioning, { bucket }), {
      schema: bucketVersioningSchema,
      signal,
    }),
    apiRequest(fillApiPath(apiPaths.bucketObjectLocking, { bucket }), {
      schema: bucketObjectLockingSchema,
      signal,
    })
      .then((l) => l.object_locking_enabled)
      .catch(() => false),
  ]);
  return { versioned: versioning.is_versioned, locked: locking };
}

export const getObjectBucketSettingsQueryOptions = (bucket: string) =>
  queryOptions({
    queryKey: objectKeys.bucketSettings(bucket),
    queryFn: ({ signal }) => getObjectBucketSettings(bucket, signal),
  });

export function useObjectBucketSettings(bucket: string): UseQueryResult<ObjectBucketSettings> {
  return useQuery(getObjectBucketSettingsQueryOptions(bucket));
}
