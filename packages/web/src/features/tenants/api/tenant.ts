// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  fillApiPath,
  type TenantDetail,
  type TenantUsage,
  type TenantYaml,
  tenantDetailSchema,
  tenantUsageSchema,
  tenantYamlSchema,
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

const tenantPath = (ns: string, tenant: string): string => fillApiPath(apiPaths.tenant, { ns, tenant });

/** GET /api/v1/namespaces/{ns}/tenants/{name} (spec 3 §7). */
export function getTenant(ns: string, tenant: string, signal?: AbortSignal): Promise<TenantDetail> {
  return apiRequest(tenantPath(ns, tenant), { schema: tenantDetailSchema, signal });
}

/** The tenant detail; loaded once per tenant and kept while its tabs change (spec 3 §2). */
export function useTenant(ns: string, tenant: string): UseQueryResult<TenantDetail, ApiError> {
  return useQuery({
    queryKey: tenantKeys.tenant(ns, tenant),
    queryFn: ({ signal }) => getTenant(ns, tenant, signal),
  });
}

/** GET .../usage: disk_used of the tenant (the Summary's storage bar). */
export function useTenantUsage(ns: string, tenant: string): UseQueryResult<TenantUsage, ApiError> {
  return useQuery({
    queryKey: tenantKeys.tenantPart(ns, tenant, 'usage'),
    queryFn: ({ signal }) =>
      apiRequest(fillApiPath(apiPaths.tenantUsage, { ns, tenant }), { schema: tenantUsageSchema, signal }),
  });
}

/** DELETE /api/v1/namespaces/{ns}/tenants/{name}. */
export function useDeleteTenant(): UseMutationResult<void, ApiError, { ns: string; tenant: string }> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ns, tenant }) => apiRequest(tenantPath(ns, tenant), { method: 'DELETE' }),
    onSuccess: (_answer, { ns, tenant }) => {
      queryClient.removeQueries({ queryKey: tenantKeys.tenant(ns, tenant) });
      return queryClient.invalidateQueries({ queryKey: tenantKeys.all });
    },
  });
}

/** GET .../yaml: the tenant as a Tenant v2 document. */
export function useTenantYaml(ns: string, tenant: string): UseQueryResult<TenantYaml, ApiError> {
  return useQuery({
    queryKey: tenantKeys.tenantPart(ns, tenant, 'yaml'),
    queryFn: ({ signal }) =>
      apiRequest(fillApiPath(apiPaths.tenantYaml, { ns, tenant }), { schema: tenantYamlSchema, signal }),
    gcTime: 0,
  });
}

/** PUT .../yaml: applies the edited document; every tenant query reloads. */
export function useSaveTenantYaml(ns: string, tenant: string): UseMutationResult<void, ApiError, TenantYaml> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body) =>
      apiRequest(fillApiPath(apiPaths.tenantYaml, { ns, tenant }), { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenantKeys.tenant(ns, tenant) }),
  });
}
