// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type ListBucketsResponse, listBucketsResponseSchema } from '@stowage/contracts';
import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { bucketKeys } from './bucket-keys';

/** GET /api/v1/buckets (spec 1 §7 "Buckets"): the buckets the signed-in identity may read or write. */
export function listBuckets(signal?: AbortSignal): Promise<ListBucketsResponse> {
  return apiRequest(apiPaths.buckets, { schema: listBucketsResponseSchema, signal });
}

export const listBucketsQueryOptions = queryOptions({
  queryKey: bucketKeys.list(),
  queryFn: ({ signal }) => listBuckets(signal),
});

export function useBuckets(): UseQueryResult<ListBucketsResponse> {
  return useQuery(listBucketsQueryOptions);
}
