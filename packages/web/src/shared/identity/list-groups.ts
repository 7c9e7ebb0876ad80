// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type ListGroupsResponse, listGroupsResponseSchema } from '@stowage/contracts';
import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api/client';
import { identityKeys } from './identity-keys';

/** GET /api/v1/groups (spec 2 §7): the group list and the group pickers of the user dialogs. */
export function listGroups(signal?: AbortSignal): Promise<ListGroupsResponse> {
  return apiRequest(apiPaths.groups, { schema: listGroupsResponseSchema, signal });
}

export const listGroupsQueryOptions = queryOptions({
  queryKey: identityKeys.groupList(),
  queryFn: ({ signal }) => listGroups(signal),
});

export function useGroups(enabled = true): UseQueryResult<ListGroupsResponse> {
  return useQuery({ ...listGroupsQueryOptions, enabled });
}
