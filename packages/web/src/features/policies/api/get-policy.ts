// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type Policy, policySchema } from '@stowage/contracts';
import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { identityKeys } from '@/shared/identity/identity-keys';

/** GET /api/v1/policy?name= (spec 2 §7). */
export function getPolicy(name: string, signal?: AbortSignal): Promise<Policy> {
  return apiRequest(apiPaths.policy, { query: { name }, schema: policySchema, signal });
}

export const policyQueryOptions = (name: string) =>
  queryOptions({ queryKey: identityKeys.policy(name), queryFn: ({ signal }) => getPolicy(name, signal) });

export function usePolicy(name: string): UseQueryResult<Policy> {
  return useQuery(policyQueryOptions(name));
}
