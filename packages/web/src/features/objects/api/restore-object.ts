// SPDX-License-Identifier: Apache-2.0
import { apiPaths, fillApiPath, type RestoreObjectRequest } from '@stowage/contracts';
import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { objectKeys } from './object-keys';
import type { ObjectTarget } from './set-object-retention';

/** POST /api/v1/buckets/{bucket}/objects/restore?prefix&version_id (issue 19; S3 API: RestoreObject). */
export function useRestoreObject(
  bucket: string,
  object: ObjectTarget,
): UseMutationResult<void, Error, RestoreObjectRequest> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RestoreObjectRequest) =>
      apiRequest(fillApiPath(apiPaths.objectRestore, { bucket }), {
        method: 'POST',
        query: { prefix: object.name, version_id: object.version_id },
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: objectKeys.object(bucket, object.name) }),
  });
}
