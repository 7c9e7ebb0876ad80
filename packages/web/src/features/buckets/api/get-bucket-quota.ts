// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type BucketQuota, bucketQuotaSchema, fillApiPath } from '@stowage/contracts';
import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { bucketKeys } from '@/shared/buckets/bucket-keys';

/** GET /api/v1/buckets/{bucket}/quota: bytes and type; 0 when none. */
export function getBucketQuota(bucket: string, signal?: AbortSignal): Promise<BucketQuota> {
  return apiRequest(fillApiPath(apiPaths.bucketQuota, { bucket: bucket }), {
    schema: bucketQuotaSchema,
    signal,
  });
}

export const getBucketQuotaQueryOptions = (bucket: string) =>
  queryOptions({
    queryKey: bucketKeys.quota(bucket),
    queryFn: ({ signal }) => getBucketQuota(bucket, signal),
  });

export function useBucketQuota(bucket: string, enabled = true): UseQueryResult<BucketQuota> {
  return useQuery({ ...getBucketQuotaQueryOptions(bucket), enabled });
}
