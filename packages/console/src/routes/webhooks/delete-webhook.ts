// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type ConfigWriteResponse,
  configWriteResponseSchema,
  webhookParamsSchema,
  webhookSubSys,
} from '@stowage/contracts';
import { z } from 'zod';
import { apiErrors } from '../../errors/api-http-error.js';
import { configErrorResponses } from '../configs/config-support.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { webhookExists } from './webhook-support.js';

/** DELETE /api/v1/webhooks/{logger|audit}/{name}: removes the target (`del-config-kv`). */
export function registerDeleteWebhook(app: ZodApp, _ctx: RouteContext): void {
  app.delete(
    apiPaths.webhook,
    {
      schema: {
        tags: ['webhooks'],
        summary: 'Delete a logger or audit webhook target',
        params: webhookParamsSchema,
        body: z.unknown().optional(),
        response: { 200: configWriteResponseSchema, ...configErrorResponses },
      },
    },
    async (request): Promise<ConfigWriteResponse> => {
      const { kind, name } = request.params;
      const admin = request.session.admin;
      if (!(await webhookExists(admin, kind, name))) {
        throw apiErrors.notFound(`No ${kind} webhook named ${name} is configured.`);
      }
      const result = await admin.delConfigKV(`${webhookSubSys[kind]}:${name}`);
      return { restart: result.restartRequired };
    },
  );
}
