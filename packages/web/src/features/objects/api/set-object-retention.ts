// SPDX-License-Identifier: Apache-2.0
import { apiPaths, fillApiPath, type PutObjectRetentionRequest } from '@stowage/contracts';
import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { objectKeys } from './object-keys';

export interface ObjectTarget {
  name: string;
  version_id?: string | undefined;
}

function target(o: ObjectTarget): Record<string, string | undefined> {
  return { prefix: o.name, version_id: o.version_id };
}

/** PUT /api/v1/buckets/{bucket}/objects/retention?prefix&version_id (spec 1 §7; S3 API: PutObjectRetention). */
export function setObjectRetention(
  bucket: string,
  object: ObjectTarget,
  body: PutObjectRetentionRequest,
): Promise<void> {
  return apiRequest(fillApiPath(apiPaths.objectRetention, { bucket }), {
    method: 'PUT',
    query: target(object),
    body,
  });
}

/** DELETE on the same path removes governance retention (spec 1 §4 "switching it off with governance"). */
export function removeObjectRetention(bucket: string, object: ObjectTarget): Promise<void> {
  return apiRequest(fillApiPath(apiPaths.objectRetention, { bucket }), {
    method: 'DELETE',
    query: target(object),
  });
}

/** `body` undefined removes the retention; the object detail reloads afterwards. */
export function useSetObjectRetention(
  bucket: string,
  object: ObjectTarget,
): UseMutationResult<void, Error, PutObjectRetentionRequest | undefined> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutObjectRetentionRequest | undefined) =>
      body === undefined ? removeObjectRetention(bucket, object) : setObjectRetention(bucket, object, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: objectKeys.object(bucket, object.name) }),
  });
}
