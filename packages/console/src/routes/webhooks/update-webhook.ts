// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type ConfigWriteResponse,
  configWriteResponseSchema,
  updateWebhookRequestSchema,
  webhookParamsSchema,
  webhookSubSys,
} from '@stowage/contracts';
import { apiErrors } from '../../errors/api-http-error.js';
import { configErrorResponses } from '../configs/config-support.js';
import { formatConfigLine } from '../configs/config-text.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { webhookExists, webhookKeyValues } from './webhook-support.js';

/** PUT /api/v1/webhooks/{logger|audit}/{name}: changes a target's endpoint, token or queue settings. */
export function registerUpdateWebhook(app: ZodApp, _ctx: RouteContext): void {
  app.put(
    apiPaths.webhook,
    {
      schema: {
        tags: ['webhooks'],
        summary: 'Edit a logger or audit webhook target',
        params: webhookParamsSchema,
        body: updateWebhookRequestSchema,
        response: { 200: configWriteResponseSchema, ...configErrorResponses },
      },
    },
    async (request): Promise<ConfigWriteResponse> => {
      const { kind, name } = request.params;
      const admin = request.session.admin;
      if (!(await webhookExists(admin, kind, name))) {
        throw apiErrors.notFound(`No ${kind} webhook named ${name} is configured.`);
      }
      const line = formatConfigLine(`${webhookSubSys[kind]}:${name}`, webhookKeyValues(request.body));
      const result = await admin.setConfigKV(line);
      return { restart: result.restartRequired };
    },
  );
}
