// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type BucketObjectAccess, hasPermissionResponseSchema } from '@stowage/contracts';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { objectKeys } from './object-keys';

const actions = { read: 's3:GetObject', write: 's3:PutObject', delete: 's3:DeleteObject' } as const;

/**
 * POST /api/v1/has-permission for the objects of some buckets (issue 35): whether the session may read,
 * write and delete them, so Copy, Move and Rename are disabled with the reason when it may not.
 */
export async function getObjectAccess(
  buckets: readonly string[],
  signal?: AbortSignal,
): Promise<Record<string, BucketObjectAccess>> {
  const res = await apiRequest(apiPaths.hasPermission, {
    method: 'POST',
    body: {
      actions: buckets.flatMap((b) =>
        Object.entries(actions).map(([k, action]) => ({ id: `${k}\n${b}`, action, bucket_name: b })),
      ),
    },
    schema: hasPermissionResponseSchema,
    signal,
  });
  const can = new Map(res.permissions.map((p) => [p.id, p.can]));
  return Object.fromEntries(
    buckets.map((b) => [
      b,
      {
        read: can.get(`read\n${b}`) === true,
        write: can.get(`write\n${b}`) === true,
        delete: can.get(`delete\n${b}`) === true,
      },
    ]),
  );
}

export function useObjectAccess(
  buckets: readonly string[],
): UseQueryResult<Record<string, BucketObjectAccess>> {
  const shown = [...new Set(buckets.filter((b) => b !== ''))].sort();
  return useQuery({
    queryKey: objectKeys.access(shown),
    queryFn: ({ signal }) => getObjectAccess(shown, signal),
    enabled: shown.length > 0,
    staleTime: 30_000,
  });
}
