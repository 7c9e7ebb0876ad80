// SPDX-License-Identifier: Apache-2.0
import {
  apiErrorSchema,
  type ConfigKeyHelp,
  type ConfigKeyType,
  configKeyTypes,
  configNameSchema,
} from '@stowage/contracts';
import { type HelpKV, isSecretConfigKey } from '@stowage/madmin';
import { z } from 'zod';

/** Error answers every configuration route may give (documented in the OpenAPI output). */
export const configErrorResponses = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  502: apiErrorSchema,
  503: apiErrorSchema,
} as const;

/** `:name` of the single-set calls: a set, optionally `set:target`. */
export const configNameParamsSchema = z.object({ name: configNameSchema });

const knownTypes = new Set<string>(configKeyTypes);

/**
 * The help of one key of the set `subSys` as the contracts give it; a type the console does not know is
 * shown as text. Whether it is a secret MinIO's help does not send: madmin's list of MinIO's secret keys says.
 */
export function toKeyHelp(subSys: string, h: HelpKV): ConfigKeyHelp {
  const extra = h as HelpKV & { default?: unknown; env?: unknown; values?: unknown };
  return {
    key: h.key,
    type: (knownTypes.has(h.type) ? h.type : 'string') as ConfigKeyType,
    description: h.description,
    optional: h.optional,
    ...(typeof extra.default === 'string' ? { default: extra.default } : {}),
    ...(typeof extra.env === 'string' ? { env: extra.env } : {}),
    ...(Array.isArray(extra.values) ? { values: extra.values.map(String) } : {}),
    ...(isSecretConfigKey(subSys, h.key) ? { secret: true as const } : {}),
  };
}

/** Splits `set[:target]` into the set and its target ('' = the default target). */
export function splitConfigName(name: string): { subSys: string; target: string } {
  const colon = name.indexOf(':');
  return colon < 0
    ? { subSys: name, target: '' }
    : { subSys: name.slice(0, colon), target: name.slice(colon + 1) };
}
