// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type ConfigWriteResponse,
  configWriteResponseSchema,
  setConfigRequestSchema,
} from '@stowage/contracts';
import { apiErrors } from '../../errors/api-http-error.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { configErrorResponses, configNameParamsSchema } from './config-support.js';
import { formatConfigLine } from './config-text.js';

/**
 * PUT /api/v1/configs/{name} (spec 2 §7): saves the given keys of one set (or `set:target`). The server
 * validates them against its help and refuses a bad key or value with nothing changed; the answer says
 * whether a restart is needed for the change to take effect (MinIO's `x-minio-config-applied`).
 */
export function registerSetConfig(app: ZodApp, _ctx: RouteContext): void {
  app.put(
    apiPaths.config,
    {
      schema: {
        tags: ['configuration'],
        summary: 'Save keys of a configuration set',
        params: configNameParamsSchema,
        body: setConfigRequestSchema,
        response: { 200: configWriteResponseSchema, ...configErrorResponses },
      },
    },
    async (request): Promise<ConfigWriteResponse> => {
      const seen = new Set<string>();
      for (const { key } of request.body.key_values) {
        if (seen.has(key)) throw apiErrors.badRequest(`The key ${key} is given more than once.`);
        seen.add(key);
      }
      const line = formatConfigLine(request.params.name, request.body.key_values);
      const result = await request.session.admin.setConfigKV(line);
      return { restart: result.restartRequired };
    },
  );
}
