// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type ConfigWriteResponse,
  type CreateWebhookRequest,
  configWriteResponseSchema,
  fillApiPath,
  type ListWebhooksResponse,
  listWebhooksResponseSchema,
  type UpdateWebhookRequest,
  type WebhookKind,
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

/** Query keys of the webhook pages. */
export const webhookKeys = {
  all: ['webhooks'] as const,
  list: (kind: WebhookKind) => [...webhookKeys.all, kind] as const,
};

/** GET /api/v1/webhooks/{kind}: the targets with their online/offline state. */
export function listWebhooks(kind: WebhookKind, signal?: AbortSignal): Promise<ListWebhooksResponse> {
  return apiRequest(fillApiPath(apiPaths.webhooks, { kind }), { schema: listWebhooksResponseSchema, signal });
}

export function useWebhooks(kind: WebhookKind): UseQueryResult<ListWebhooksResponse> {
  return useQuery({ queryKey: webhookKeys.list(kind), queryFn: ({ signal }) => listWebhooks(kind, signal) });
}

/** What a webhook write does: add, edit or delete one target. */
export type WebhookWrite =
  | { op: 'create'; body: CreateWebhookRequest }
  | { op: 'update'; name: string; body: UpdateWebhookRequest }
  | { op: 'delete'; name: string };

/** POST, PUT or DELETE /api/v1/webhooks/{kind}[/{name}]. */
export function writeWebhook(kind: WebhookKind, write: WebhookWrite): Promise<ConfigWriteResponse> {
  const schema = configWriteResponseSchema;
  if (write.op === 'create') {
    return apiRequest(fillApiPath(apiPaths.webhooks, { kind }), { method: 'POST', body: write.body, schema });
  }
  const path = fillApiPath(apiPaths.webhook, { kind, name: write.name });
  if (write.op === 'update') return apiRequest(path, { method: 'PUT', body: write.body, schema });
  return apiRequest(path, { method: 'DELETE', schema });
}

export function useWebhookWrite(
  kind: WebhookKind,
): UseMutationResult<ConfigWriteResponse, ApiError, WebhookWrite> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (write) => writeWebhook(kind, write),
    onSuccess: (answer) => {
      noteConfigWrite(answer);
      return queryClient.invalidateQueries({ queryKey: webhookKeys.list(kind) });
    },
  });
}
