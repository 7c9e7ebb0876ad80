// SPDX-License-Identifier: Apache-2.0
import { apiPaths, fillApiPath, listObjectsResponseSchema, type ObjectItem } from '@stowage/contracts';
import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/shared/api/api-error';
import { apiRequest } from '@/shared/api/client';
import { objectKeys } from './object-keys';

/**
 * GET /api/v1/buckets/{bucket}/objects?prefix={name}&with_metadata=true[&version_id]: the object's current
 * version (or the version named) with tags, retention, legal hold and user metadata (spec 1 §7, file mode).
 */
export async function getObjectMetadata(
  bucket: string,
  name: string,
  versionId: string | undefined,
  signal?: AbortSignal,
): Promise<ObjectItem> {
  const answer = await apiRequest(fillApiPath(apiPaths.objects, { bucket }), {
    query: {
      prefix: name,
      with_metadata: true,
      ...(versionId === undefined ? {} : { version_id: versionId }),
    },
    schema: listObjectsResponseSchema,
    signal,
  });
  const item = answer.objects[0];
  if (item === undefined) throw new ApiError('The specified object does not exist', undefined, 404);
  return item;
}

export const getObjectMetadataQueryOptions = (bucket: string, name: string, versionId?: string) =>
  queryOptions({
    queryKey: objectKeys.metadata(bucket, name, versionId),
    queryFn: ({ signal }) => getObjectMetadata(bucket, name, versionId, signal),
    // A missing object (e.g. its current version is a delete marker) is an answer, not a hiccup.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });

/** The current version's metadata, or with `versionId` that version's (a past version in rewind). */
export function useObjectMetadata(
  bucket: string,
  name: string,
  { enabled = true, versionId }: { enabled?: boolean; versionId?: string } = {},
): UseQueryResult<ObjectItem> {
  return useQuery({ ...getObjectMetadataQueryOptions(bucket, name, versionId), enabled });
}
