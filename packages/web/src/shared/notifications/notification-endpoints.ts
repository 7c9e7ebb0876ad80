// SPDX-License-Identifier: Apache-2.0
import {
  type AddNotificationEndpointRequest,
  apiPaths,
  type ConfigWriteResponse,
  configWriteResponseSchema,
  fillApiPath,
  type ListNotificationEndpointsResponse,
  listNotificationEndpointsResponseSchema,
  type NotificationServiceId,
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
import { noteConfigWrite } from '@/shared/system/server-restart';

const endpointsKey = ['notification-endpoints'] as const;

/** GET /api/v1/admin/notification_endpoints (spec 2 §7): the targets with their status. */
export function listNotificationEndpoints(signal?: AbortSignal): Promise<ListNotificationEndpointsResponse> {
  return apiRequest(apiPaths.notificationEndpoints, {
    schema: listNotificationEndpointsResponseSchema,
    signal,
  });
}

export function useNotificationEndpoints(enabled = true): UseQueryResult<ListNotificationEndpointsResponse> {
  return useQuery({
    queryKey: endpointsKey,
    queryFn: ({ signal }) => listNotificationEndpoints(signal),
    enabled,
  });
}

/** Add (POST) or remove (DELETE) one target. */
export type NotificationEndpointWrite =
  | { op: 'add'; body: AddNotificationEndpointRequest }
  | { op: 'delete'; service: NotificationServiceId; accountId: string };

export function writeNotificationEndpoint(write: NotificationEndpointWrite): Promise<ConfigWriteResponse> {
  const schema = configWriteResponseSchema;
  if (write.op === 'add') {
    return apiRequest(apiPaths.notificationEndpoints, { method: 'POST', body: write.body, schema });
  }
  const path = fillApiPath(apiPaths.notificationEndpoint, {
    service: write.service,
    accountId: write.accountId,
  });
  return apiRequest(path, { method: 'DELETE', schema });
}

export function useNotificationEndpointWrite(): UseMutationResult<
  ConfigWriteResponse,
  ApiError,
  NotificationEndpointWrite
> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: writeNotificationEndpoint,
    onSuccess: (answer) => {
      noteConfigWrite(answer);
      return queryClient.invalidateQueries({ queryKey: endpointsKey });
    },
  });
}
