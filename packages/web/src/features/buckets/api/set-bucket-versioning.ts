// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type BucketVersioning, bucketVersioningSchema, fillApiPath } from '@stowage/contracts';
import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { bucketKeys } from '@/shared/buckets/bucket-keys';

/** PUT /api/v1/buckets/{bucket}/versioning: true enables, false suspends. */
export function setBucketVersioning(
  bucket: string,
  body: { versioning: boolean },
): Promise<BucketVersioning> {
  return apiRequest(fillApiPath(apiPaths.bucketVersioning, { bucket }), {
    method: 'PUT',
    body,
    schema: bucketVersioningSchema,
  });
}

/** Reloads everything shown about the bucket afterwards (spec 1 §2.5 "All data reloads after a modal"). */
export function useSetBucketVersioning(
  bucket: string,
): UseMutationResult<BucketVersioning, Error, { versioning: boolean }> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { versioning: boolean }) => setBucketVersioning(bucket, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bucketKeys.bucket(bucket) }),
  });
}
