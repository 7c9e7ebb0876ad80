// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  fillApiPath,
  type RgwBucketStats,
  type RgwIndexCheck,
  rgwBucketStatsSchema,
  rgwIndexCheckSchema,
} from '@stowage/contracts';
import {
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { ApiError } from '@/shared/api/api-error';
import { apiRequest } from '@/shared/api/client';
import { bucketKeys } from '@/shared/buckets/bucket-keys';

const statsKey = (bucket: string) => [...bucketKeys.bucket(bucket), 'rgw-stats'] as const;

/** GET /api/v1/rgw/buckets/{bucket}/stats: owner, size, objects and quota as RGW keeps them (issue 36). */
export function getRgwBucketStats(bucket: string, signal?: AbortSignal): Promise<RgwBucketStats> {
  return apiRequest(fillApiPath(apiPaths.rgwBucketStats, { bucket }), {
    schema: rgwBucketStatsSchema,
    signal,
  });
}

export function useRgwBucketStats(bucket: string, enabled: boolean): UseQueryResult<RgwBucketStats> {
  return useQuery({
    queryKey: statsKey(bucket),
    queryFn: ({ signal }) => getRgwBucketStats(bucket, signal),
    enabled,
  });
}

/** PUT /api/v1/rgw/buckets/{bucket}/owner: links the bucket to another RGW user. */
export function setRgwBucketOwner(bucket: string, uid: string): Promise<RgwBucketStats> {
  return apiRequest(fillApiPath(apiPaths.rgwBucketOwner, { bucket }), {
    method: 'PUT',
    body: { uid },
    schema: rgwBucketStatsSchema,
  });
}

export function useSetRgwBucketOwner(bucket: string): UseMutationResult<RgwBucketStats, ApiError, string> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uid: string) => setRgwBucketOwner(bucket, uid),
    // Only the owner and the list: the rest of the bucket may no longer be readable by the signed-in user.
    onSuccess: (stats) => {
      queryClient.setQueryData(statsKey(bucket), stats);
      return queryClient.invalidateQueries({ queryKey: bucketKeys.list() });
    },
  });
}

/** DELETE /api/v1/rgw/buckets/{bucket}/owner: off its owner's bucket list; the bucket and objects stay. */
export function unlinkRgwBucket(bucket: string): Promise<void> {
  return apiRequest(fillApiPath(apiPaths.rgwBucketOwner, { bucket }), { method: 'DELETE' });
}

export function useUnlinkRgwBucket(bucket: string): UseMutationResult<void, ApiError, void> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unlinkRgwBucket(bucket),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: statsKey(bucket) }),
        queryClient.invalidateQueries({ queryKey: bucketKeys.list() }),
      ]),
  });
}

/** POST /api/v1/rgw/buckets/{bucket}/index-check. */
export function checkRgwBucketIndex(bucket: string, fix: boolean): Promise<RgwIndexCheck> {
  return apiRequest(fillApiPath(apiPaths.rgwBucketIndexCheck, { bucket }), {
    method: 'POST',
    body: { fix },
    schema: rgwIndexCheckSchema,
  });
}

export function useCheckRgwBucketIndex(bucket: string): UseMutationResult<RgwIndexCheck, ApiError, boolean> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fix: boolean) => checkRgwBucketIndex(bucket, fix),
    onSuccess: (_, fix) =>
      fix ? queryClient.invalidateQueries({ queryKey: bucketKeys.bucket(bucket) }) : undefined,
  });
}
