// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type ConfigCheckResponse,
  configCheckResponseSchema,
  setConfigRequestSchema,
} from '@stowage/contracts';
import { apiErrors } from '../../errors/api-http-error.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { configErrorResponses, configNameParamsSchema, splitConfigName } from './config-support.js';

/**
 * POST /api/v1/configs/{name}/check (issue 23, beyond the spec): tests identity_openid or identity_ldap
 * values before they are saved — the server reads the provider's discovery document and keys, or
 * connects to the directory and binds as the lookup account — so the user knows it works before signing
 * out. The store's own admin call (`/idp/config/check`); other servers do not offer it.
 */
export function registerCheckConfig(app: ZodApp, _ctx: RouteContext): void {
  app.post(
    apiPaths.configCheck,
    {
      schema: {
        tags: ['configuration'],
        summary: 'Test an identity provider configuration before saving it',
        params: configNameParamsSchema,
        body: setConfigRequestSchema,
        response: { 200: configCheckResponseSchema, ...configErrorResponses },
      },
    },
    async (request): Promise<ConfigCheckResponse> => {
      const { subSys } = splitConfigName(request.params.name);
      if (subSys !== 'identity_openid' && subSys !== 'identity_ldap') {
        throw apiErrors.badRequest(`Only identity_openid and identity_ldap can be tested, not ${subSys}.`);
      }
      const keyValues = Object.fromEntries(request.body.key_values.map((kv) => [kv.key, kv.value]));
      return request.session.admin.checkIdentityConfig({ subSys, keyValues });
    },
  );
}
