// SPDX-License-Identifier: Apache-2.0
import { apiPaths, CONFIG_EXPORT_FILE_NAME } from '@stowage/contracts';
import { z } from 'zod';
import type { RouteContext, ZodApp } from '../route-context.js';
import { configErrorResponses } from './config-support.js';

/**
 * GET /api/v1/configs/export: the whole configuration as the text file `mc admin config export` writes
 * (`get-config`), offered as a download.
 */
export function registerExportConfig(app: ZodApp, _ctx: RouteContext): void {
  app.get(
    apiPaths.configExport,
    {
      schema: {
        tags: ['configuration'],
        summary: 'Export the whole configuration as a text file',
        response: { 200: z.string().describe('The configuration text'), ...configErrorResponses },
      },
    },
    async (request, reply) => {
      const text = await request.session.admin.getConfig();
      return reply
        .header('Content-Type', 'text/plain; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${CONFIG_EXPORT_FILE_NAME}"`)
        .header('Cache-Control', 'no-store')
        .send(text);
    },
  );
}
