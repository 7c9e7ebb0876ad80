// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type BucketQuota,
  bucketQuotaSchema,
  fillApiPath,
  type SetBucketQuotaRequest,
} from '@stowage/contracts';
import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { bucketKeys } from '@/shared/buckets/bucket-keys';

/** PUT /api/v1/buckets/{bucket}/quota: bytes and type; `enabled: false` clears it. */
export function setBucketQuota(bucket: string, body: SetBucketQuotaRequest): Promise<BucketQuota> {
  return apiRequest(fillApiPath(apiPaths.bucketQuota, { bucket }), {
    method: 'PUT',
    body,
    schema: bucketQuotaSchema,
  });
}

/** Reloads everything shown about the bucket afterwards (spec 1 §2.5 "All data reloads after a modal"). */
export function useSetBucketQuota(
  bucket: string,
): UseMutationResult<BucketQuota, Error, SetBucketQuotaRequest> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetBucketQuotaRequest) => setBucketQuota(bucket, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bucketKeys.bucket(bucket) }),
  });
}
