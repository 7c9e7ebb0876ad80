// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type BucketPoliciesResponse,
  bucketPoliciesResponseSchema,
  fillApiPath,
} from '@stowage/contracts';
import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { bucketKeys } from '@/shared/buckets/bucket-keys';

/** GET /api/v1/bucket-policy/{bucket} (Access Audit, Policies tab). */
export function listBucketPolicies(bucket: string, signal?: AbortSignal): Promise<BucketPoliciesResponse> {
  return apiRequest(fillApiPath(apiPaths.bucketPolicies, { bucket: bucket }), {
    schema: bucketPoliciesResponseSchema,
    signal,
  });
}

export const listBucketPoliciesQueryOptions = (bucket: string) =>
  queryOptions({
    queryKey: bucketKeys.policies(bucket),
    queryFn: ({ signal }) => listBucketPolicies(bucket, signal),
  });

export function useBucketPolicies(bucket: string, enabled = true): UseQueryResult<BucketPoliciesResponse> {
  return useQuery({ ...listBucketPoliciesQueryOptions(bucket), enabled });
}
