// SPDX-License-Identifier: Apache-2.0
import { apiPaths, fillApiPath, type RgwUser, rgwUserSchema } from '@stowage/contracts';
import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { rgwKeys } from './rgw-keys';

/** GET /api/v1/rgw/users/{uid}: the user with keys, caps and quotas. */
export function getRgwUser(uid: string, signal?: AbortSignal): Promise<RgwUser> {
  return apiRequest(fillApiPath(apiPaths.rgwUser, { uid }), { schema: rgwUserSchema, signal });
}

export const rgwUserQueryOptions = (uid: string) =>
  queryOptions({ queryKey: rgwKeys.user(uid), queryFn: ({ signal }) => getRgwUser(uid, signal) });

export function useRgwUser(uid: string): UseQueryResult<RgwUser> {
  return useQuery(rgwUserQueryOptions(uid));
}
