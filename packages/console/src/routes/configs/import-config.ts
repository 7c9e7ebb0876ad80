// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type ConfigWriteResponse,
  configWriteResponseSchema,
  importConfigRequestSchema,
} from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';
import { configErrorResponses } from './config-support.js';

/**
 * POST /api/v1/configs/import: replaces the whole configuration with an exported file (`set-config`, as
 * `mc admin config import`). The server checks all of it first and changes nothing when a line is bad;
 * a whole-configuration import takes effect at the next restart.
 */
export function registerImportConfig(app: ZodApp, _ctx: RouteContext): void {
  app.post(
    apiPaths.configImport,
    {
      schema: {
        tags: ['configuration'],
        summary: 'Import a whole configuration file',
        body: importConfigRequestSchema,
        response: { 200: configWriteResponseSchema, ...configErrorResponses },
      },
    },
    async (request): Promise<ConfigWriteResponse> => {
      await request.session.admin.setConfig(request.body.config);
      return { restart: true };
    },
  );
}
