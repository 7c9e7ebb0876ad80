// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type ListPoliciesResponse,
  listPoliciesResponseSchema,
  POLICY_LIST_LIMIT,
} from '@stowage/contracts';
import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api/client';
import { identityKeys } from './identity-keys';

/** GET /api/v1/policies?limit=1000 (spec 2 §7, §9): the policy list and the policy pickers. */
export function listPolicies(signal?: AbortSignal): Promise<ListPoliciesResponse> {
  return apiRequest(apiPaths.policies, {
    query: { limit: POLICY_LIST_LIMIT },
    schema: listPoliciesResponseSchema,
    signal,
  });
}

export const listPoliciesQueryOptions = queryOptions({
  queryKey: identityKeys.policyList(),
  queryFn: ({ signal }) => listPolicies(signal),
});

export function usePolicies(enabled = true): UseQueryResult<ListPoliciesResponse> {
  return useQuery({ ...listPoliciesQueryOptions, enabled });
}
