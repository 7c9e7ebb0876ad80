// SPDX-License-Identifier: Apache-2.0
import { apiPaths, fillApiPath, listObjectsResponseSchema, type ObjectItem } from '@stowage/contracts';
import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/shared/api/api-error';
import { apiRequest } from '@/shared/api/client';
import { objectKeys } from './object-keys';

/**
 * Whether the key `name` is an object (file mode, spec 1 §4): GET …/objects?prefix={name}&with_metadata=true,
 * the object itself or null when there is none (404).
 */
export async function findObject(
  bucket: string,
  name: string,
  signal?: AbortSignal,
): Promise<ObjectItem | null> {
  try {
    const res = await apiRequest(fillApiPath(apiPaths.objects, { bucket }), {
      query: { prefix: name, with_metadata: true },
      schema: listObjectsResponseSchema,
      signal,
    });
    return res.objects[0] ?? null;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export const findObjectQueryOptions = (bucket: string, name: string) =>
  queryOptions({
    queryKey: objectKeys.exists(bucket, name),
    queryFn: ({ signal }) => findObject(bucket, name, signal),
  });

export function useFindObject(
  bucket: string,
  name: string,
  enabled: boolean,
): UseQueryResult<ObjectItem | null> {
  return useQuery({ ...findObjectQueryOptions(bucket, name), enabled });
}
