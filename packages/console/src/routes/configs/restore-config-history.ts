// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type ConfigWriteResponse, configWriteResponseSchema } from '@stowage/contracts';
import { z } from 'zod';
import type { RouteContext, ZodApp } from '../route-context.js';
import { configErrorResponses } from './config-support.js';

/**
 * POST /api/v1/configs/history/{restoreId}/restore: puts the configuration back as it was before that
 * change (`restore-config-history-kv`); like an import it takes effect at the next restart.
 */
export function registerRestoreConfigHistory(app: ZodApp, _ctx: RouteContext): void {
  app.post(
    apiPaths.configHistoryRestore,
    {
      schema: {
        tags: ['configuration'],
        summary: 'Restore the configuration from its history',
        params: z.object({ restoreId: z.string().min(1).max(256) }),
        body: z.unknown().optional(),
        response: { 200: configWriteResponseSchema, ...configErrorResponses },
      },
    },
    async (request): Promise<ConfigWriteResponse> => {
      await request.session.admin.restoreConfigHistoryKV(request.params.restoreId);
      return { restart: true };
    },
  );
}
