// SPDX-License-Identifier: Apache-2.0
import {
  type AddPoolRequest,
  apiPaths,
  fillApiPath,
  listPvcsResponseSchema,
  type Pvc,
} from '@stowage/contracts';
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

/** POST .../tenants/{name}/pools (Expand Tenant): the tenant restarts with the new pool. */
export function useAddPool(ns: string, tenant: string): UseMutationResult<void, ApiError, AddPoolRequest> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body) =>
      apiRequest(fillApiPath(apiPaths.tenantPools, { ns, tenant }), { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenantKeys.all }),
  });
}

/** GET .../tenants/{name}/pvcs: the tenant's volume claims. */
export function useTenantPvcs(ns: string, tenant: string): UseQueryResult<Pvc[], ApiError> {
  return useQuery({
    queryKey: tenantKeys.tenantPart(ns, tenant, 'pvcs'),
    queryFn: async ({ signal }) =>
      (
        await apiRequest(fillApiPath(apiPaths.tenantPvcs, { ns, tenant }), {
          schema: listPvcsResponseSchema,
          signal,
        })
      ).pvcs,
  });
}
