// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type ConfigWriteResponse,
  configWriteResponseSchema,
  idpConfigParamsSchema,
} from '@stowage/contracts';
import { configErrorResponses } from '../configs/config-support.js';
import type { RouteContext, ZodApp } from '../route-context.js';

/** DELETE /api/v1/idp/{type}/{name}: removes a configuration (madmin DeleteIDPConfig); missing is a 404. */
export function registerDeleteIdp(app: ZodApp, _ctx: RouteContext): void {
  app.delete(
    apiPaths.idpConfig,
    {
      schema: {
        tags: ['identity'],
        summary: 'Delete an identity provider configuration',
        params: idpConfigParamsSchema,
        response: { 200: configWriteResponseSchema, ...configErrorResponses },
      },
    },
    async (request): Promise<ConfigWriteResponse> => {
      const r = await request.session.admin.deleteIdpConfig(request.params.type, request.params.name);
      return { restart: r.restartRequired };
    },
  );
}
