// SPDX-License-Identifier: Apache-2.0
import { apiPaths, fillApiPath, type RgwUserBuckets, rgwUserBucketsSchema } from '@stowage/contracts';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { rgwKeys } from './rgw-keys';

/** GET /api/v1/rgw/users/{uid}/buckets: the user's buckets with their size and objects (issue 36). */
export function listRgwUserBuckets(uid: string, signal?: AbortSignal): Promise<RgwUserBuckets> {
  return apiRequest(fillApiPath(apiPaths.rgwUserBuckets, { uid }), { schema: rgwUserBucketsSchema, signal });
}

export function useRgwUserBuckets(uid: string): UseQueryResult<RgwUserBuckets> {
  return useQuery({
    queryKey: rgwKeys.userBuckets(uid),
    queryFn: ({ signal }) => listRgwUserBuckets(uid, signal),
  });
}
