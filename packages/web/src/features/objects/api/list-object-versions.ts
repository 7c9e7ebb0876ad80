// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  fillApiPath,
  listObjectsResponseSchema,
  OBJECT_LIST_MAX_PAGE,
  type ObjectItem,
} from '@stowage/contracts';
import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { objectKeys } from './object-keys';

/**
 * Every version and delete marker of one key, newest first (GET …/objects?prefix={name}&with_versions=true,
 * spec 1 §7), following the cursor across pages: one key rarely has more than a page of versions.
 */
export async function listObjectVersions(
  bucket: string,
  name: string,
  signal?: AbortSignal,
): Promise<ObjectItem[]> {
  const versions: ObjectItem[] = [];
  let cursor: string | undefined;
  do {
    const page = await apiRequest(fillApiPath(apiPaths.objects, { bucket }), {
      query: { prefix: name, with_versions: true, limit: OBJECT_LIST_MAX_PAGE, cursor },
      schema: listObjectsResponseSchema,
      signal,
    });
    versions.push(...page.objects);
    cursor = page.next_cursor;
  } while (cursor !== undefined);
  return versions;
}

export const listObjectVersionsQueryOptions = (bucket: string, name: string) =>
  queryOptions({
    queryKey: objectKeys.versions(bucket, name),
    queryFn: ({ signal }) => listObjectVersions(bucket, name, signal),
  });

export function useObjectVersions(
  bucket: string,
  name: string,
  enabled = true,
): UseQueryResult<ObjectItem[]> {
  return useQuery({ ...listObjectVersionsQueryOptions(bucket, name), enabled });
}
