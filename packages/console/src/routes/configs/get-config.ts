// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type ConfigDetail, configDetailSchema } from '@stowage/contracts';
import { apiErrors } from '../../errors/api-http-error.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import {
  configErrorResponses,
  configNameParamsSchema,
  splitConfigName,
  toKeyHelp,
} from './config-support.js';
import { parseConfigText } from './config-text.js';

/**
 * GET /api/v1/configs/{name} (spec 2 §7 `key_values`): the help of every key, so the web app can generate
 * the form, and the saved values with their environment overrides. For `set:target` the values are that
 * target's; every configured target of a multi-target set is listed too.
 */
export function registerGetConfig(app: ZodApp, _ctx: RouteContext): void {
  app.get(
    apiPaths.config,
    {
      schema: {
        tags: ['configuration'],
        summary: 'One configuration set: its keys, help and values',
        params: configNameParamsSchema,
        response: { 200: configDetailSchema, ...configErrorResponses },
      },
    },
    async (request): Promise<ConfigDetail> => {
      const admin = request.session.admin;
      const { subSys, target } = splitConfigName(request.params.name);
      const help = await admin.helpConfigKV(subSys);
      const parsed = parseConfigText(await admin.getConfigKV(subSys)).filter((p) => p.subSys === subSys);
      const targets = parsed.map((p) => ({ target: p.target, key_values: p.kv }));
      const current = targets.find((t) => t.target === target);
      if (target !== '' && current === undefined) {
        throw apiErrors.notFound(`The configuration ${subSys} has no target named ${target}.`);
      }
      return {
        name: request.params.name,
        description: help.description,
        multipleTargets: help.multipleTargets,
        help: (help.keysHelp ?? []).map((h) => toKeyHelp(subSys, h)),
        key_values: current?.key_values ?? [],
        targets,
      };
    },
  );
}
