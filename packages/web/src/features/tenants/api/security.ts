// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  fillApiPath,
  type TenantSecurityResponse,
  tenantSecurityResponseSchema,
  type UpdateTenantSecurityRequest,
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

/** GET .../tenants/{name}/security: autocert and the custom certificates. */
export function useTenantSecurity(
  ns: string,
  tenant: string,
): UseQueryResult<TenantSecurityResponse, ApiError> {
  return useQuery({
    queryKey: tenantKeys.tenantPart(ns, tenant, 'security'),
    queryFn: ({ signal }) =>
      apiRequest(fillApiPath(apiPaths.tenantSecurity, { ns, tenant }), {
        schema: tenantSecurityResponseSchema,
        signal,
      }),
  });
}

/** POST .../security (Save and Restart); the tenant and its security reload. */
export function useSaveTenantSecurity(
  ns: string,
  tenant: string,
): UseMutationResult<void, ApiError, UpdateTenantSecurityRequest> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body) =>
      apiRequest(fillApiPath(apiPaths.tenantSecurity, { ns, tenant }), { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenantKeys.tenant(ns, tenant) }),
  });
}
