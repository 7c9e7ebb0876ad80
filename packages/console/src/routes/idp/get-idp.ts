// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type ConfigDetail, configDetailSchema, idpConfigParamsSchema } from '@stowage/contracts';
import { configErrorResponses, toKeyHelp } from '../configs/config-support.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { idpSubSys } from './idp-support.js';

/**
 * GET /api/v1/idp/{type}/{name}: one configuration (madmin GetIDPConfig) in the shape of a configuration
 * set's detail — the help of every key and the values, those the environment decides marked — so the
 * web app's configuration form edits it. A name that does not exist is a 404.
 */
export function registerGetIdp(app: ZodApp, _ctx: RouteContext): void {
  app.get(
    apiPaths.idpConfig,
    {
      schema: {
        tags: ['identity'],
        summary: 'One identity provider configuration: its keys, help and values',
        params: idpConfigParamsSchema,
        response: { 200: configDetailSchema, ...configErrorResponses },
      },
    },
    async (request): Promise<ConfigDetail> => {
      const { type, name } = request.params;
      const admin = request.session.admin;
      const [cfg, help] = await Promise.all([
        admin.getIdpConfig(type, name),
        admin.helpConfigKV(idpSubSys[type]),
      ]);
      const helps = (help.keysHelp ?? [])
        .filter((h) => h.key !== 'comment' && h.key !== 'enable')
        .map((h) => toKeyHelp(idpSubSys[type], h));
      const envNames = new Map(helps.map((h) => [h.key, h.env ?? h.key]));
      const keyValues = (cfg.info ?? []).map((i) => ({
        key: i.key,
        value: i.value,
        ...(i.isEnv ? { envOverride: { name: envNames.get(i.key) ?? i.key, value: i.value } } : {}),
      }));
      return {
        name,
        description: help.description,
        multipleTargets: type === 'openid',
        help: helps,
        key_values: keyValues,
        targets: [],
      };
    },
  );
}
