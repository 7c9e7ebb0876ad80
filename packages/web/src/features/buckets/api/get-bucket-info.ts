// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type BucketInfo, bucketInfoSchema, fillApiPath } from '@stowage/contracts';
import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { bucketKeys } from '@/shared/buckets/bucket-keys';

/** GET /api/v1/buckets/{name} (spec 1 §3 "Bucket info"): access, policy and usage. */
export function getBucketInfo(bucket: string, signal?: AbortSignal): Promise<BucketInfo> {
  return apiRequest(fillApiPath(apiPaths.bucket, { name: bucket }), { schema: bucketInfoSchema, signal });
}

export const getBucketInfoQueryOptions = (bucket: string) =>
  queryOptions({ queryKey: bucketKeys.info(bucket), queryFn: ({ signal }) => getBucketInfo(bucket, signal) });

export function useBucketInfo(bucket: string, enabled = true): UseQueryResult<BucketInfo> {
  return useQuery({ ...getBucketInfoQueryOptions(bucket), enabled });
}
