// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type ConfigWriteResponse,
  configWriteResponseSchema,
  createWebhookRequestSchema,
  webhookKindParamsSchema,
  webhookSubSys,
} from '@stowage/contracts';
import { apiErrors } from '../../errors/api-http-error.js';
import { configErrorResponses } from '../configs/config-support.js';
import { formatConfigLine } from '../configs/config-text.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { webhookExists, webhookKeyValues } from './webhook-support.js';

/** POST /api/v1/webhooks/{logger|audit} (Add Webhook Configuration): a new, enabled target. */
export function registerCreateWebhook(app: ZodApp, _ctx: RouteContext): void {
  app.post(
    apiPaths.webhooks,
    {
      schema: {
        tags: ['webhooks'],
        summary: 'Add a logger or audit webhook target',
        params: webhookKindParamsSchema,
        body: createWebhookRequestSchema,
        response: { 201: configWriteResponseSchema, ...configErrorResponses },
      },
    },
    async (request, reply): Promise<ConfigWriteResponse> => {
      const { kind } = request.params;
      const admin = request.session.admin;
      const { name, ...settings } = request.body;
      if (await webhookExists(admin, kind, name)) {
        throw apiErrors.conflict(
          'Webhook already exists',
          `A ${kind} webhook named ${name} is already configured; edit it or choose another name.`,
        );
      }
      const line = formatConfigLine(`${webhookSubSys[kind]}:${name}`, webhookKeyValues(settings));
      const result = await admin.setConfigKV(line);
      reply.code(201);
      return { restart: result.restartRequired };
    },
  );
}
