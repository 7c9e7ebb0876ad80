// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type DeleteObjectsRequest, fillApiPath } from '@stowage/contracts';
import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { objectKeys } from './object-keys';

/** POST /api/v1/buckets/{bucket}/delete-objects (spec 1 §7): the selected rows, folders recursively. */
export function deleteListedObjects(bucket: string, body: DeleteObjectsRequest): Promise<void> {
  return apiRequest(fillApiPath(apiPaths.deleteObjects, { bucket }), { method: 'POST', body });
}

/** DELETE /api/v1/buckets/{bucket}/objects?path&recursive: one row of the listing (a folder recursively). */
export function deleteListedObject(bucket: string, path: string): Promise<void> {
  return apiRequest(fillApiPath(apiPaths.objects, { bucket }), {
    method: 'DELETE',
    query: { path, recursive: path.endsWith('/') ? true : undefined },
  });
}

export function useDeleteListedObjects(bucket: string): UseMutationResult<void, Error, DeleteObjectsRequest> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body) => deleteListedObjects(bucket, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: objectKeys.bucket(bucket) }),
  });
}

export function useDeleteListedObject(bucket: string): UseMutationResult<void, Error, string> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (path) => deleteListedObject(bucket, path),
    onSettled: () => queryClient.invalidateQueries({ queryKey: objectKeys.bucket(bucket) }),
  });
}
