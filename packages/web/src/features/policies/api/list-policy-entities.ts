// SPDX-License-Identifier: Apache-2.0
import { apiPaths, fillApiPath, policyEntityNamesSchema } from '@stowage/contracts';
import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { identityKeys } from '@/shared/identity/identity-keys';

/** GET /api/v1/policies/{name}/users or /groups (spec 2 §7): who has the policy. */
export function listPolicyEntities(
  name: string,
  kind: 'users' | 'groups',
  signal?: AbortSignal,
): Promise<string[]> {
  const pattern = kind === 'users' ? apiPaths.policyUsers : apiPaths.policyGroups;
  return apiRequest(fillApiPath(pattern, { name }), { schema: policyEntityNamesSchema, signal });
}

export const policyEntitiesQueryOptions = (name: string, kind: 'users' | 'groups') =>
  queryOptions({
    queryKey: kind === 'users' ? identityKeys.policyUsers(name) : identityKeys.policyGroups(name),
    queryFn: ({ signal }) => listPolicyEntities(name, kind, signal),
  });

export function usePolicyEntities(name: string, kind: 'users' | 'groups'): UseQueryResult<string[]> {
  return useQuery(policyEntitiesQueryOptions(name, kind));
}
