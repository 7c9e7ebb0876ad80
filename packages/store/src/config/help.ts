// SPDX-License-Identifier: Apache-2.0
import type { ConfigHelp } from '@stowage/madmin';
import { configError } from './changes.js';
import { envName } from './env.js';
import type { ConfigSetDef } from './registry.js';

/**
 * `help-config-kv` as MinIO answers it (madmin-go decodes it with DisallowUnknownFields, so exactly
 * these fields): `subSys` '' lists every set as a key; a set lists its keys; `key` narrows to one key;
 * `envOnly` names each key by the environment variable that overrides it. A set the store does not
 * implement is listed with the reason in its description.
 */
export function configHelp(
  sets: readonly ConfigSetDef[],
  subSys: string,
  key: string,
  envOnly: boolean,
): ConfigHelp {
  if (subSys === '') {
    return {
      subSys: '',
      description: '',
      multipleTargets: false,
      keysHelp: sets.map((s) => ({
        key: s.subSys,
        description: describe(s),
        optional: false,
        type: '',
        multipleTargets: s.multipleTargets,
      })),
    };
  }
  const name = subSys.split(':')[0] ?? '';
  const def = sets.find((s) => s.subSys === name);
  if (!def) throw configError(`unknown sub-system '${name}'`);
  let keys = def.keys;
  if (key !== '') {
    keys = keys.filter((k) => k.key === key);
    if (keys.length === 0) throw configError(`unknown key '${key}' for sub-system '${name}'`);
  }
  return {
    subSys: def.subSys,
    description: describe(def),
    multipleTargets: def.multipleTargets,
    keysHelp: keys.map((k) => ({
      key: envOnly ? envName(def.subSys, k.key) : k.key,
      description: k.description,
      optional: k.optional,
      type: k.type,
      multipleTargets: false,
    })),
  };
}

function describe(def: ConfigSetDef): string {
  return def.unsupported === undefined
    ? def.description
    : `${def.description} (not supported by this server: ${def.unsupported})`;
}
