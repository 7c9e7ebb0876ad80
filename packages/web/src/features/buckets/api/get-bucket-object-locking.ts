import { apiPaths, bucketObjectLockingSchema, fillApiPath } from '@stowage/contracts';
import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { bucketKeys } from '@/shared/buckets/bucket-keys';

/** GET /api/v1/buckets/{bucket}/object-locking. */
export function getBucketObjectLocking(
  bucket: string,
  signal?: AbortSignal,
): Promise<{ object_locking_enabled: boolean }> {
  return apiRequest(fillApiPath(apiPaths.bucketObjectLocking, { bucket: bucket }), {
    schema: bucketObjectLockingSchema,
    signal,
  });
}

export const getBucketObjectLockingQueryOptions = (bucket: string) =>
  queryOptions({
    queryKey: bucketKeys.objectLocking(bucket),
    queryFn: ({ signal }) => getBucketObjectLocking(bucket, signal),
  });

export function useBucketObjectLocking(
  bucket: string,
  enabled = true,
): UseQueryResult<{ object_locking_enabled: boolean }> {
  return useQuery({ ...getBucketObjectLockingQueryOptions(bucket), enabled });
}
