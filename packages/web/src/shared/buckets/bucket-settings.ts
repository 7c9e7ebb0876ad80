// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type BucketVersioning,
  bucketObjectLockingSchema,
  bucketVersioningSchema,
  fillApiPath,
} from '@stowage/contracts';
import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api/client';
import { bucketKeys } from './bucket-keys';

/**
 * A bucket's versioning and object locking: the one fetcher and the one query key of each, read by the
 * bucket admin screen and by the object browser and detail (Rewind, delete options, legal hold). Changing
 * either invalidates `bucketKeys.bucket(name)`, which covers both, so no screen keeps a stale copy.
 */

/** GET /api/v1/buckets/{bucket}/versioning. */
export function getBucketVersioning(bucket: string, signal?: AbortSignal): Promise<BucketVersioning> {
  return apiRequest(fillApiPath(apiPaths.bucketVersioning, { bucket }), {
    schema: bucketVersioningSchema,
    signal,
  });
}

/** The bucket's versioning, cached under `bucketKeys.versioning`. */
export const getBucketVersioningQueryOptions = (bucket: string) =>
  queryOptions({
    queryKey: bucketKeys.versioning(bucket),
    queryFn: ({ signal }) => getBucketVersioning(bucket, signal),
  });

/** The bucket's versioning; `enabled` false skips the request (e.g. outside distributed mode). */
export function useBucketVersioning(bucket: string, enabled = true): UseQueryResult<BucketVersioning> {
  return useQuery({ ...getBucketVersioningQueryOptions(bucket), enabled });
}

/** GET /api/v1/buckets/{bucket}/object-locking. */
export function getBucketObjectLocking(
  bucket: string,
  signal?: AbortSignal,
): Promise<{ object_locking_enabled: boolean }> {
  return apiRequest(fillApiPath(apiPaths.bucketObjectLocking, { bucket }), {
    schema: bucketObjectLockingSchema,
    signal,
  });
}

/** The bucket's object locking, cached under `bucketKeys.objectLocking`. */
export const getBucketObjectLockingQueryOptions = (bucket: string) =>
  queryOptions({
    queryKey: bucketKeys.objectLocking(bucket),
    queryFn: ({ signal }) => getBucketObjectLocking(bucket, signal),
  });

/** The bucket's object locking; `enabled` false skips the request. */
export function useBucketObjectLocking(
  bucket: string,
  enabled = true,
): UseQueryResult<{ object_locking_enabled: boolean }> {
  return useQuery({ ...getBucketObjectLockingQueryOptions(bucket), enabled });
}
