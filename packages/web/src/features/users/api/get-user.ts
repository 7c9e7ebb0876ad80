// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type User, userSchema } from '@stowage/contracts';
import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { identityKeys } from '@/shared/identity/identity-keys';

/** GET /api/v1/user?name= (spec 2 §7); the name travels in the query, slashes and all. */
export function getUser(name: string, signal?: AbortSignal): Promise<User> {
  return apiRequest(apiPaths.user, { query: { name }, schema: userSchema, signal });
}

export const userQueryOptions = (name: string) =>
  queryOptions({ queryKey: identityKeys.user(name), queryFn: ({ signal }) => getUser(name, signal) });

export function useUser(name: string): UseQueryResult<User> {
  return useQuery(userQueryOptions(name));
}
