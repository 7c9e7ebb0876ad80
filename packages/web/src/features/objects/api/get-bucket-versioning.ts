import { apiPaths, type BucketVersioning, bucketVersioningSchema, fillApiPath } from '@stowage/contracts';
import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { objectKeys } from './object-keys';

/** GET /api/v1/buckets/{bucket}/versioning: Rewind is offered only on versioned buckets (spec 1 §2.6). */
export function getBucketVersioning(bucket: string, signal?: AbortSignal): Promise<BucketVersioning> {
  return apiRequest(fillApiPath(apiPaths.bucketVersioning, { bucket }), {
    schema: bucketVersioningSchema,
    signal,
  });
}

export const getBucketVersioningQueryOptions = (bucket: string) =>
  queryOptions({
    queryKey: [...objectKeys.bucket(bucket), 'versioning'] as const,
    queryFn: ({ signal }) => getBucketVersioning(bucket, signal),
  });

export function useBucketVersioning(bucket: string): UseQueryResult<BucketVersioning> {
  return useQuery(getBucketVersioningQueryOptions(bucket));
}
