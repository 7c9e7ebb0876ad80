// SPDX-License-Identifier: Apache-2.0
import { apiPaths, fillApiPath } from '@stowage/contracts';
import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { objectKeys } from './object-keys';
import type { ObjectTarget } from './set-object-retention';

/** PUT /api/v1/buckets/{bucket}/objects/tags?prefix&version_id with the whole tag set (S3 API: PutObjectTagging). */
export function setObjectTags(
  bucket: string,
  object: ObjectTarget,
  tags: Record<string, string>,
): Promise<void> {
  return apiRequest(fillApiPath(apiPaths.objectTags, { bucket }), {
    method: 'PUT',
    query: { prefix: object.name, version_id: object.version_id },
    body: { tags },
  });
}

export function useSetObjectTags(
  bucket: string,
  object: ObjectTarget,
): UseMutationResult<void, Error, Record<string, string>> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tags: Record<string, string>) => setObjectTags(bucket, object, tags),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: objectKeys.object(bucket, object.name) }),
  });
}
