// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  fillApiPath,
  type PodEvent,
  podEventsSchema,
  podLogSchema,
  type TenantPod,
  tenantPodsSchema,
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

/** GET .../tenants/{name}/pods (spec 3 §7). */
export function useTenantPods(ns: string, tenant: string): UseQueryResult<TenantPod[], ApiError> {
  return useQuery({
    queryKey: tenantKeys.tenantPart(ns, tenant, 'pods'),
    queryFn: ({ signal }) =>
      apiRequest(fillApiPath(apiPaths.tenantPods, { ns, tenant }), { schema: tenantPodsSchema, signal }),
  });
}

/** DELETE .../pods/{pod}: the process is killed and the supervisor brings it back. */
export function useDeletePod(ns: string, tenant: string): UseMutationResult<void, ApiError, string> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pod) =>
      apiRequest(fillApiPath(apiPaths.tenantPod, { ns, tenant, pod }), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenantKeys.tenant(ns, tenant) }),
  });
}

/** GET .../pods/{pod}: the pod's log, split into lines (spec 3 §7). */
export function usePodLog(ns: string, tenant: string, pod: string): UseQueryResult<string[], ApiError> {
  return useQuery({
    queryKey: tenantKeys.pod(ns, tenant, pod, 'log'),
    queryFn: async ({ signal }) => {
      const text = await apiRequest(fillApiPath(apiPaths.tenantPod, { ns, tenant, pod }), {
        schema: podLogSchema,
        responseType: 'text',
        signal,
      });
      return text.split('\n');
    },
  });
}

/** GET .../pods/{pod}/events. */
export function usePodEvents(ns: string, tenant: string, pod: string): UseQueryResult<PodEvent[], ApiError> {
  return useQuery({
    queryKey: tenantKeys.pod(ns, tenant, pod, 'events'),
    queryFn: ({ signal }) =>
      apiRequest(fillApiPath(apiPaths.tenantPodEvents, { ns, tenant, pod }), {
        schema: podEventsSchema,
        signal,
      }),
  });
}
