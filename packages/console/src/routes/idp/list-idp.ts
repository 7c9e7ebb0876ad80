// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type IdpListResponse, idpListResponseSchema, idpParamsSchema } from '@stowage/contracts';
import { configErrorResponses, toKeyHelp } from '../configs/config-support.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { idpSubSys } from './idp-support.js';

/**
 * GET /api/v1/idp/{type} (Identity → OpenID / LDAP, as the community console): the server's
 * configurations of that kind (madmin ListIDPConfig; `_` is the default) and the help of their keys from
 * the server's configuration help, from which the web app builds the form.
 */
export function registerListIdp(app: ZodApp, _ctx: RouteContext): void {
  app.get(
    apiPaths.idp,
    {
      schema: {
        tags: ['identity'],
        summary: 'List the identity provider configurations of a kind, with the help of their keys',
        params: idpParamsSchema,
        response: { 200: idpListResponseSchema, ...configErrorResponses },
      },
    },
    async (request): Promise<IdpListResponse> => {
      const admin = request.session.admin;
      const [items, help] = await Promise.all([
        admin.listIdpConfig(request.params.type),
        admin.helpConfigKV(idpSubSys[request.params.type]),
      ]);
      return {
        description: help.description,
        results: items.map((i) => ({
          name: i.name,
          enabled: i.enabled,
          ...(i.roleARN ? { roleARN: i.roleARN } : {}),
        })),
        help: (help.keysHelp ?? [])
          .filter((h) => h.key !== 'comment' && h.key !== 'enable')
          .map((h) => toKeyHelp(idpSubSys[request.params.type], h)),
      };
    },
  );
}
