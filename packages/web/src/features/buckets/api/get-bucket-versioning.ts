import { apiPaths, type BucketVersioning, bucketVersioningSchema, fillApiPath } from '@stowage/contracts';
import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { bucketKeys } from '@/shared/buckets/bucket-keys';

/** GET /api/v1/buckets/{bucket}/versioning. */
export function getBucketVersioning(bucket: string, signal?: AbortSignal): Promise<BucketVersioning> {
  return apiRequest(fillApiPath(apiPaths.bucketVersioning, { bucket: bucket }), {
    schema: bucketVersioningSchema,
    signal,
  });
}

export const getBucketVersioningQueryOptions = (bucket: string) =>
  queryOptions({
    queryKey: bucketKeys.versioning(bucket),
    queryFn: ({ signal }) => getBucketVersioning(bucket, signal),
  });

export function useBucketVersioning(bucket: string, enabled = true): UseQueryResult<BucketVersioning> {
  return useQuery({ ...getBucketVersioningQueryOptions(bucket), enabled });
}
