// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type ListUsersResponse, listUsersResponseSchema } from '@stowage/contracts';
import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api/client';
import { identityKeys } from './identity-keys';

/** GET /api/v1/users (spec 2 §7): the user list and the member pickers of the group dialogs. */
export function listUsers(signal?: AbortSignal): Promise<ListUsersResponse> {
  return apiRequest(apiPaths.users, { schema: listUsersResponseSchema, signal });
}

export const listUsersQueryOptions = queryOptions({
  queryKey: identityKeys.userList(),
  queryFn: ({ signal }) => listUsers(signal),
});

export function useUsers(enabled = true): UseQueryResult<ListUsersResponse> {
  return useQuery({ ...listUsersQueryOptions, enabled });
}
