// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type BucketRetention,
  fillApiPath,
  type GetBucketRetentionResponse,
  getBucketRetentionResponseSchema,
} from '@stowage/contracts';
import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { bucketKeys } from '@/shared/buckets/bucket-keys';

/** PUT /api/v1/buckets/{bucket}/retention: mode, unit, validity. */
export function setBucketRetention(
  bucket: string,
  body: BucketRetention,
): Promise<GetBucketRetentionResponse> {
  return apiRequest(fillApiPath(apiPaths.bucketRetention, { bucket }), {
    method: 'PUT',
    body,
    schema: getBucketRetentionResponseSchema,
  });
}

/** Reloads everything shown about the bucket afterwards (spec 1 §2.5 "All data reloads after a modal"). */
export function useSetBucketRetention(
  bucket: string,
): UseMutationResult<GetBucketRetentionResponse, Error, BucketRetention> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BucketRetention) => setBucketRetention(bucket, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bucketKeys.bucket(bucket) }),
  });
}
