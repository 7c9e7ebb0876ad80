// SPDX-License-Identifier: Apache-2.0
import { apiPaths, bucketUsersResponseSchema, fillApiPath } from '@stowage/contracts';
import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { bucketKeys } from '@/shared/buckets/bucket-keys';

/** GET /api/v1/bucket-users/{bucket} (Access Audit, Users tab). */
export function listBucketUsers(bucket: string, signal?: AbortSignal): Promise<string[]> {
  return apiRequest(fillApiPath(apiPaths.bucketUsers, { bucket: bucket }), {
    schema: bucketUsersResponseSchema,
    signal,
  });
}

export const listBucketUsersQueryOptions = (bucket: string) =>
  queryOptions({
    queryKey: bucketKeys.users(bucket),
    queryFn: ({ signal }) => listBucketUsers(bucket, signal),
  });

export function useBucketUsers(bucket: string, enabled = true): UseQueryResult<string[]> {
  return useQuery({ ...listBucketUsersQueryOptions(bucket), enabled });
}
