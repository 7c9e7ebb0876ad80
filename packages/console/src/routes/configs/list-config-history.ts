// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type ConfigHistoryResponse,
  configHistoryQuerySchema,
  configHistoryResponseSchema,
} from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';
import { configErrorResponses } from './config-support.js';
import { redactConfigText } from './config-text.js';

/**
 * GET /api/v1/configs/history?count= : the last saved configuration changes, newest first; credentials in
 * the shown text are redacted (a restore puts back the full saved text).
 */
export function registerListConfigHistory(app: ZodApp, _ctx: RouteContext): void {
  app.get(
    apiPaths.configHistory,
    {
      schema: {
        tags: ['configuration'],
        summary: 'The history of configuration changes',
        querystring: configHistoryQuerySchema,
        response: { 200: configHistoryResponseSchema, ...configErrorResponses },
      },
    },
    async (request): Promise<ConfigHistoryResponse> => {
      const listed = await request.session.admin.listConfigHistoryKV(request.query.count);
      const entries = listed
        .map((e) => ({
          restoreId: e.restoreId,
          createTime: new Date(e.createTime).toISOString(),
          data: redactConfigText(e.data),
        }))
        .sort((a, b) => b.createTime.localeCompare(a.createTime));
      return { entries, total: entries.length };
    },
  );
}
