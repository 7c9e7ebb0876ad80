// SPDX-License-Identifier: Apache-2.0
import { apiPaths, fillApiPath } from '@stowage/contracts';
import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { bucketKeys } from '@/shared/buckets/bucket-keys';

/** DELETE /api/v1/buckets/{name} (spec 1 §7; only empty buckets, the server answers 409 otherwise). */
export function deleteBucket(name: string): Promise<void> {
  return apiRequest(fillApiPath(apiPaths.bucket, { name }), { method: 'DELETE', body: { name } });
}

export function useDeleteBucket(): UseMutationResult<void, Error, string> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBucket,
    onSuccess: (_data, name) => {
      queryClient.removeQueries({ queryKey: bucketKeys.bucket(name) });
      return queryClient.invalidateQueries({ queryKey: bucketKeys.list() });
    },
  });
}
