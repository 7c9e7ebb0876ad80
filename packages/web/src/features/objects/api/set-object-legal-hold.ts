// SPDX-License-Identifier: Apache-2.0
import { apiPaths, fillApiPath, type PutObjectLegalHoldRequest } from '@stowage/contracts';
import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { objectKeys } from './object-keys';
import type { ObjectTarget } from './set-object-retention';

/** PUT /api/v1/buckets/{bucket}/objects/legalhold?prefix&version_id (spec 1 §7; S3 API: PutObjectLegalHold). */
export function setObjectLegalHold(
  bucket: string,
  object: ObjectTarget,
  body: PutObjectLegalHoldRequest,
): Promise<void> {
  return apiRequest(fillApiPath(apiPaths.objectLegalHold, { bucket }), {
    method: 'PUT',
    query: { prefix: object.name, version_id: object.version_id },
    body,
  });
}

export function useSetObjectLegalHold(
  bucket: string,
  object: ObjectTarget,
): UseMutationResult<void, Error, PutObjectLegalHoldRequest> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutObjectLegalHoldRequest) => setObjectLegalHold(bucket, object, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: objectKeys.object(bucket, object.name) }),
  });
}
