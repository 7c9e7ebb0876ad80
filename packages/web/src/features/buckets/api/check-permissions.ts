// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type HasPermissionResponse,
  hasPermissionResponseSchema,
  type PermissionQuery,
} from '@stowage/contracts';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { bucketKeys } from '@/shared/buckets/bucket-keys';

/** POST /api/v1/has-permission (spec 1 §6): which of these actions the signed-in identity may do. */
export function checkPermissions(
  actions: PermissionQuery[],
  signal?: AbortSignal,
): Promise<HasPermissionResponse> {
  return apiRequest(apiPaths.hasPermission, {
    method: 'POST',
    body: { actions },
    schema: hasPermissionResponseSchema,
    signal,
  });
}

/** The answers as a map id → can; undefined while loading (buttons stay hidden until known). */
export function usePermissions(actions: PermissionQuery[]): UseQueryResult<Record<string, boolean>> {
  return useQuery({
    queryKey: bucketKeys.permissions(JSON.stringify(actions)),
    queryFn: async ({ signal }) => {
      const res = await checkPermissions(actions, signal);
      return Object.fromEntries(res.permissions.map((p) => [p.id, p.can]));
    },
    staleTime: 30_000,
  });
}
