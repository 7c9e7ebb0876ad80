// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type CreateNamespaceRequest,
  type CreateTenantRequest,
  type CreateTenantResponse,
  createTenantResponseSchema,
  fillApiPath,
  maxAllocatableMemoryResponseSchema,
  type NodeLabels,
  nodeLabelsSchema,
  parityResponseSchema,
} from '@stowage/contracts';
import {
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { type ApiError, toApiError } from '@/shared/api/api-error';
import { apiRequest } from '@/shared/api/client';
import { listNamespaceTenants } from '@/shared/operator/list-tenants';
import { getStorageQuota, type StorageClassLimit, storageClassLimits } from '@/shared/operator/storage-quota';
import { tenantKeys } from '@/shared/operator/tenant-keys';
import type { NamespaceCheck } from '../lib/validation';

/** What the wizard learns about a namespace: whether it may hold the tenant, and its storage classes. */
export interface NamespaceInfo {
  check: NamespaceCheck;
  classes: StorageClassLimit[];
}

/**
 * Spec 3 §4, §5, §8: a namespace with a tenant cannot take another; one without storage classes (or whose
 * quota cannot be read) is not valid. A failing tenant lookup is 'Error validating if namespace already has
 * tenants'.
 */
async function checkNamespace(ns: string, signal: AbortSignal): Promise<NamespaceInfo> {
  try {
    const existing = await listNamespaceTenants(ns, signal);
    if (existing.tenants.length > 0) return { check: 'has-tenant', classes: [] };
  } catch (error) {
    const e = toApiError(error);
    if (e.status !== 404) {
      throw Object.assign(new Error('Error validating if namespace already has tenants'), { cause: e });
    }
  }
  try {
    const classes = storageClassLimits(await getStorageQuota(ns, signal));
    return { check: classes.length > 0 ? 'ok' : 'invalid', classes };
  } catch {
    return { check: 'invalid', classes: [] };
  }
}

export function useNamespaceInfo(ns: string): UseQueryResult<NamespaceInfo, Error> {
  return useQuery({
    queryKey: [...tenantKeys.quota(ns), 'check'],
    queryFn: ({ signal }) => checkNamespace(ns, signal),
    enabled: ns.trim() !== '',
    retry: false,
  });
}

/** POST /api/v1/namespace (the add-namespace modal). */
export function useCreateNamespace(): UseMutationResult<void, ApiError, CreateNamespaceRequest> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body) => apiRequest(apiPaths.namespace, { method: 'POST', body }),
    onSuccess: (_a, { name }) => queryClient.invalidateQueries({ queryKey: tenantKeys.quota(name) }),
  });
}

/** GET /api/v1/cluster/max-allocatable-memory?num_nodes={n}: bytes of memory a node can give. */
export function useMaxMemory(nodes: number): UseQueryResult<number, ApiError> {
  return useQuery({
    queryKey: tenantKeys.maxMemory(nodes),
    queryFn: async ({ signal }) =>
      (
        await apiRequest(apiPaths.maxAllocatableMemory, {
          query: { num_nodes: nodes },
          schema: maxAllocatableMemoryResponseSchema,
          signal,
        })
      ).max_memory,
    enabled: Number.isInteger(nodes) && nodes >= 1,
    retry: false,
  });
}

/** GET /api/v1/get-parity/{nodes}/{drivesPerServer}: the parity choices of the pool. */
export function useParityChoices(nodes: number, drives: number): UseQueryResult<string[], ApiError> {
  return useQuery({
    queryKey: tenantKeys.parity(nodes, drives),
    queryFn: ({ signal }) =>
      apiRequest(fillApiPath(apiPaths.parity, { nodes: String(nodes), drivesPerServer: String(drives) }), {
        schema: parityResponseSchema,
        signal,
      }),
    enabled: Number.isInteger(nodes) && nodes >= 2 && Number.isInteger(drives) && drives >= 1,
    retry: false,
  });
}

/** GET /api/v1/nodes/labels: label keys and their values, offered by the node selector rows. */
export function useNodeLabels(enabled: boolean): UseQueryResult<NodeLabels, ApiError> {
  return useQuery({
    queryKey: tenantKeys.nodeLabels(),
    queryFn: ({ signal }) => apiRequest(apiPaths.nodeLabels, { schema: nodeLabelsSchema, signal }),
    enabled,
  });
}

/** POST /api/v1/tenants: creates the tenant; the answer holds the credentials shown once. */
export function useCreateTenant(): UseMutationResult<CreateTenantResponse, ApiError, CreateTenantRequest> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body) =>
      apiRequest(apiPaths.tenants, { method: 'POST', body, schema: createTenantResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenantKeys.all }),
  });
}
