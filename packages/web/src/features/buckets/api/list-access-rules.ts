// SPDX-License-Identifier: Apache-2.0
import {
  type AccessRulesResponse,
  accessRulesResponseSchema,
  apiPaths,
  fillApiPath,
} from '@stowage/contracts';
import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { bucketKeys } from '@/shared/buckets/bucket-keys';

/** GET /api/v1/bucket/{bucket}/access-rules (spec 1 §7). */
export function listAccessRules(bucket: string, signal?: AbortSignal): Promise<AccessRulesResponse> {
  return apiRequest(fillApiPath(apiPaths.bucketAccessRules, { bucket: bucket }), {
    schema: accessRulesResponseSchema,
    signal,
  });
}

export const listAccessRulesQueryOptions = (bucket: string) =>
  queryOptions({
    queryKey: bucketKeys.accessRules(bucket),
    queryFn: ({ signal }) => listAccessRules(bucket, signal),
  });

export function useAccessRules(bucket: string, enabled = true): UseQueryResult<AccessRulesResponse> {
  return useQuery({ ...listAccessRulesQueryOptions(bucket), enabled });
}
