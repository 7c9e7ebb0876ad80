// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  fillApiPath,
  type ListObjectsResponse,
  listObjectsResponseSchema,
  type ObjectItem,
} from '@stowage/contracts';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type UseInfiniteQueryResult,
  useInfiniteQuery,
} from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { objectKeys } from './object-keys';

/**
 * Rows per page: one S3 ListObjectsV2 page. The first page is smaller, so the first rows of a huge prefix
 * show at once (a 200-row page answers about 5× faster than a 1,000-row one); later pages load ahead while
 * the user scrolls.
 */
export const FIRST_PAGE_SIZE = 200;
export const LIST_PAGE_SIZE = 1000;

/**
 * One page of one level under `prefix`: GET …/objects?prefix&cursor (current data), or
 * GET …/rewind/{isoDate}?prefix&cursor when `rewindDate` is set (spec 1 §7).
 */
export function listObjectsPage(
  bucket: string,
  prefix: string,
  rewindDate: string | undefined,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<ListObjectsResponse> {
  const path =
    rewindDate === undefined
      ? fillApiPath(apiPaths.objects, { bucket })
      : fillApiPath(apiPaths.rewind, { bucket, date: rewindDate });
  return apiRequest(path, {
    query: { prefix, cursor, limit: cursor === undefined ? FIRST_PAGE_SIZE : LIST_PAGE_SIZE },
    schema: listObjectsResponseSchema,
    signal,
  });
}

export const listObjectsQueryOptions = (bucket: string, prefix: string, rewindDate: string | undefined) =>
  infiniteQueryOptions({
    queryKey: objectKeys.listPages(bucket, prefix, rewindDate),
    queryFn: ({ pageParam, signal }) => listObjectsPage(bucket, prefix, rewindDate, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor,
  });

/** The listing of a folder, page by page (`fetchNextPage` as the user scrolls). */
export function useObjectList(
  bucket: string,
  prefix: string,
  rewindDate: string | undefined,
  enabled = true,
): UseInfiniteQueryResult<InfiniteData<ListObjectsResponse, unknown>> {
  return useInfiniteQuery({ ...listObjectsQueryOptions(bucket, prefix, rewindDate), enabled });
}

/** The loaded rows of all pages, in order. */
export function loadedObjects(data: InfiniteData<ListObjectsResponse> | undefined): ObjectItem[] {
  return data ? data.pages.flatMap((p) => p.objects) : [];
}
