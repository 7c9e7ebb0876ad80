// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type ListConfigsResponse, listConfigsResponseSchema } from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';
import { configErrorResponses } from './config-support.js';

/**
 * GET /api/v1/configs (spec 2 "Settings", Configurations): every config set the server knows, from its
 * help with an empty sub-system (MinIO lists the sets there), sorted by name.
 */
export function registerListConfigs(app: ZodApp, _ctx: RouteContext): void {
  app.get(
    apiPaths.configs,
    {
      schema: {
        tags: ['configuration'],
        summary: 'List the configuration sets',
        response: { 200: listConfigsResponseSchema, ...configErrorResponses },
      },
    },
    async (request): Promise<ListConfigsResponse> => {
      const help = await request.session.admin.helpConfigKV('');
      const configurations = (help.keysHelp ?? [])
        .map((h) => ({
          name: h.key,
          description: h.description,
          multipleTargets: h.multipleTargets ?? false,
        }))
        .sort((a, b) => a.name.localeCompare(b.name));
      return { configurations, total: configurations.length };
    },
  );
}
