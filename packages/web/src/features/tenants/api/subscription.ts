// SPDX-License-Identifier: Apache-2.0
import { apiPaths, fillApiPath, type SubscriptionInfo, subscriptionInfoSchema } from '@stowage/contracts';
import {
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { ApiError } from '@/shared/api/api-error';
import { apiRequest } from '@/shared/api/client';
import { tenantKeys } from '@/shared/operator/tenant-keys';

/** GET /api/v1/subscription/info; a failure means "no subscription" (spec 3 §8: silently ignored). */
export function useSubscriptionInfo(): UseQueryResult<SubscriptionInfo | null, ApiError> {
  return useQuery({
    queryKey: tenantKeys.subscription(),
    queryFn: ({ signal }) =>
      apiRequest(apiPaths.subscriptionInfo, { schema: subscriptionInfoSchema, signal }).catch(() => null),
  });
}

/** POST /api/v1/subscription/namespaces/{ns}/tenants/{name}/activate; the tenant and subscription reload. */
export function useActivateTenant(ns: string, tenant: string): UseMutationResult<void, ApiError, void> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(fillApiPath(apiPaths.subscriptionActivate, { ns, tenant }), { method: 'POST' }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: tenantKeys.tenant(ns, tenant) }),
        queryClient.invalidateQueries({ queryKey: tenantKeys.subscription() }),
      ]),
  });
}
