// SPDX-License-Identifier: Apache-2.0
import { apiPaths, fillApiPath } from '@stowage/contracts';
import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { objectKeys } from './object-keys';

export interface DeleteObjectInput {
  name: string;
  /** Deletes this one version (permanently) instead of adding a delete marker. */
  version_id?: string | undefined;
  /** Deletes every version and delete marker of the object. */
  all_versions?: boolean;
}

/** DELETE /api/v1/buckets/{bucket}/objects?path&version_id&all_versions (spec 1 §7). */
export function deleteObject(bucket: string, input: DeleteObjectInput): Promise<void> {
  return apiRequest(fillApiPath(apiPaths.objects, { bucket }), {
    method: 'DELETE',
    query: {
      path: input.name,
      version_id: input.all_versions ? undefined : input.version_id,
      all_versions: input.all_versions ? true : undefined,
    },
  });
}

/**
 * Afterwards the bucket's listings and the object's detail reload in the background. The reload is not
 * awaited: it finds the object gone and the browser leaves file mode, which would unmount the dialog
 * before its own success callback (message, navigation to the folder) could run.
 */
export function useDeleteObject(bucket: string): UseMutationResult<void, Error, DeleteObjectInput> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeleteObjectInput) => deleteObject(bucket, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: objectKeys.bucket(bucket) });
    },
  });
}
