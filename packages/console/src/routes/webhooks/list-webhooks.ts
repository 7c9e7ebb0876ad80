// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type ListWebhooksResponse,
  listWebhooksResponseSchema,
  webhookKindParamsSchema,
} from '@stowage/contracts';
import { configErrorResponses } from '../configs/config-support.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { listWebhookTargets } from './webhook-support.js';

/** GET /api/v1/webhooks/{logger|audit}: the configured targets with their online/offline state. */
export function registerListWebhooks(app: ZodApp, _ctx: RouteContext): void {
  app.get(
    apiPaths.webhooks,
    {
      schema: {
        tags: ['webhooks'],
        summary: 'List the logger or audit webhook targets',
        params: webhookKindParamsSchema,
        response: { 200: listWebhooksResponseSchema, ...configErrorResponses },
      },
    },
    async (request): Promise<ListWebhooksResponse> => {
      const targets = await listWebhookTargets(request.session.admin, request.params.kind);
      return { targets, total: targets.length };
    },
  );
}
