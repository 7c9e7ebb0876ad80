// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  fillApiPath,
  type GetBucketRetentionResponse,
  getBucketRetentionResponseSchema,
} from '@stowage/contracts';
import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { bucketKeys } from '@/shared/buckets/bucket-keys';

/** GET /api/v1/buckets/{bucket}/retention: the default retention, `enabled: false` when none. */
export function getBucketRetention(
  bucket: string,
  signal?: AbortSignal,
): Promise<GetBucketRetentionResponse> {
  return apiRequest(fillApiPath(apiPaths.bucketRetention, { bucket: bucket }), {
    schema: getBucketRetentionResponseSchema,
    signal,
  });
}

export const getBucketRetentionQueryOptions = (bucket: string) =>
  queryOptions({
    queryKey: bucketKeys.retention(bucket),
    queryFn: ({ signal }) => getBucketRetention(bucket, signal),
  });

export function useBucketRetention(
  bucket: string,
  enabled = true,
): UseQueryResult<GetBucketRetentionResponse> {
  return useQuery({ ...getBucketRetentionQueryOptions(bucket), enabled });
}
