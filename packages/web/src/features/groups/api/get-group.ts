// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type Group, groupSchema } from '@stowage/contracts';
import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { identityKeys } from '@/shared/identity/identity-keys';

/** GET /api/v1/group?name= (spec 2 §7). */
export function getGroup(name: string, signal?: AbortSignal): Promise<Group> {
  return apiRequest(apiPaths.group, { query: { name }, schema: groupSchema, signal });
}

export const groupQueryOptions = (name: string) =>
  queryOptions({ queryKey: identityKeys.group(name), queryFn: ({ signal }) => getGroup(name, signal) });

export function useGroup(name: string | null): UseQueryResult<Group> {
  return useQuery({ ...groupQueryOptions(name ?? ''), enabled: name !== null });
}
