// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type ConfigWriteResponse, configWriteResponseSchema } from '@stowage/contracts';
import { z } from 'zod';
import type { RouteContext, ZodApp } from '../route-context.js';
import { configErrorResponses, configNameParamsSchema } from './config-support.js';

/**
 * POST /api/v1/configs/{name}/reset (Restore Defaults): deletes the saved values of the set (or
 * `set:target`), so the defaults — or the environment — apply again (`del-config-kv`).
 */
export function registerResetConfig(app: ZodApp, _ctx: RouteContext): void {
  app.post(
    apiPaths.configReset,
    {
      schema: {
        tags: ['configuration'],
        summary: 'Restore a configuration set to its defaults',
        params: configNameParamsSchema,
        body: z.unknown().optional(),
        response: { 200: configWriteResponseSchema, ...configErrorResponses },
      },
    },
    async (request): Promise<ConfigWriteResponse> => {
      const result = await request.session.admin.delConfigKV(request.params.name);
      return { restart: result.restartRequired };
    },
  );
}
