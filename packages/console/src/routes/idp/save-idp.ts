// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type ConfigWriteResponse,
  configWriteResponseSchema,
  createIdpRequestSchema,
  idpConfigParamsSchema,
  idpParamsSchema,
  setConfigRequestSchema,
} from '@stowage/contracts';
import { apiErrors } from '../../errors/api-http-error.js';
import { configErrorResponses } from '../configs/config-support.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { idpBody } from './idp-support.js';

function once(kvs: readonly { key: string }[]): void {
  const seen = new Set<string>();
  for (const { key } of kvs) {
    if (seen.has(key)) throw apiErrors.badRequest(`The key ${key} is given more than once.`);
    seen.add(key);
  }
}

/**
 * POST /api/v1/idp/{type} adds a configuration (madmin AddOrUpdateIDPConfig, add: a name in use is a
 * 409), PUT /api/v1/idp/{type}/{name} updates one (the keys given; a missing name is a 404). The server
 * checks the values against its help and refuses a bad one with nothing saved; the answer says whether
 * a restart is needed.
 */
export function registerSaveIdp(app: ZodApp, _ctx: RouteContext): void {
  app.post(
    apiPaths.idp,
    {
      schema: {
        tags: ['identity'],
        summary: 'Add an identity provider configuration',
        params: idpParamsSchema,
        body: createIdpRequestSchema,
        response: { 200: configWriteResponseSchema, ...configErrorResponses },
      },
    },
    async (request): Promise<ConfigWriteResponse> => {
      const { name, key_values } = request.body;
      if (request.params.type === 'ldap' && name !== '_') {
        throw apiErrors.badRequest('The server keeps one LDAP configuration: its name is _.');
      }
      once(key_values);
      const r = await request.session.admin.addOrUpdateIdpConfig(
        request.params.type,
        name,
        idpBody(key_values),
        false,
      );
      return { restart: r.restartRequired };
    },
  );
  app.put(
    apiPaths.idpConfig,
    {
      schema: {
        tags: ['identity'],
        summary: 'Update an identity provider configuration',
        params: idpConfigParamsSchema,
        body: setConfigRequestSchema,
        response: { 200: configWriteResponseSchema, ...configErrorResponses },
      },
    },
    async (request): Promise<ConfigWriteResponse> => {
      const { type, name } = request.params;
      once(request.body.key_values);
      const r = await request.session.admin.addOrUpdateIdpConfig(
        type,
        name,
        idpBody(request.body.key_values),
        true,
      );
      return { restart: r.restartRequired };
    },
  );
}
