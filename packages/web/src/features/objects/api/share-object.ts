// SPDX-License-Identifier: Apache-2.0
import { apiPaths, fillApiPath } from '@stowage/contracts';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/shared/api/client';
import { objectKeys } from './object-keys';

/**
 * GET /api/v1/buckets/{bucket}/objects/share?prefix&version_id&expires={ms}ms → the presigned URL as text
 * (spec 1 §7). `expires` is the `shareExpiresParam` of the chosen duration.
 */
export function shareObject(
  bucket: string,
  object: { name: string; version_id?: string | undefined },
  expires: string,
  signal?: AbortSignal,
): Promise<string> {
  return apiRequest(fillApiPath(apiPaths.objectShare, { bucket }), {
    query: { prefix: object.name, version_id: object.version_id, expires },
    responseType: 'text',
    schema: z.string().trim().pipe(z.url()),
    signal,
  });
}

/**
 * The share URL for one duration. Links are never reused from the cache: a presigned link's clock starts
 * when it is made, so a link made an hour ago would expire an hour early.
 */
export function useShareUrl(
  bucket: string,
  object: { name: string; version_id?: string | undefined },
  expiresMs: number,
  enabled: boolean,
): UseQueryResult<string> {
  return useQuery({
    queryKey: objectKeys.share(bucket, object.name, object.version_id, expiresMs),
    queryFn: ({ signal }) => shareObject(bucket, object, `${expiresMs}ms`, signal),
    enabled,
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
