// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type BucketInfo,
  bucketInfoSchema,
  fillApiPath,
  type SetBucketPolicyRequest,
} from '@stowage/contracts';
import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { bucketKeys } from '@/shared/buckets/bucket-keys';

/** PUT /api/v1/buckets/{bucket}/set-policy (PROTOCOL-NOTES §6): private, public or a custom document. */
export function setBucketPolicy(bucket: string, body: SetBucketPolicyRequest): Promise<BucketInfo> {
  return apiRequest(fillApiPath(apiPaths.bucketSetPolicy, { bucket }), {
    method: 'PUT',
    body,
    schema: bucketInfoSchema,
  });
}

/** Reloads everything shown about the bucket afterwards (spec 1 §2.5 "All data reloads after a modal"). */
export function useSetBucketPolicy(
  bucket: string,
): UseMutationResult<BucketInfo, Error, SetBucketPolicyRequest> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetBucketPolicyRequest) => setBucketPolicy(bucket, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bucketKeys.bucket(bucket) }),
  });
}
