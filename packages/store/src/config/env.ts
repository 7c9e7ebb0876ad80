// SPDX-License-Identifier: Apache-2.0
import { entryOf } from './maps.js';
import type { ConfigSetDef } from './registry.js';

/**
 * Environment overrides, MinIO's names: `MINIO_<SET>_<KEY>` for the default target and
 * `MINIO_<SET>_<KEY>_<TARGET>` for a named one (the target is the suffix exactly as written), e.g.
 * `MINIO_REGION_NAME`, `MINIO_LOGGER_WEBHOOK_ENDPOINT_primary`.
 */

/** One override: the variable's name and value. */
export interface EnvValue {
  readonly name: string;
  readonly value: string;
}

/** Overrides found in an environment: set → target ('' = default) → key → variable. */
export type EnvOverrides = ReadonlyMap<string, ReadonlyMap<string, ReadonlyMap<string, EnvValue>>>;

/** The variable that overrides `key` of `subSys` (and `target`, '' = default). */
export function envName(subSys: string, key: string, target = ''): string {
  const base = `MINIO_${subSys.toUpperCase()}_${key.toUpperCase()}`;
  return target === '' ? base : `${base}_${target}`;
}

/**
 * Every override in `env` for the given sets. A variable belongs to the set with the longest matching
 * prefix, then to the longest key it starts with; what follows the key (after `_`) names the target.
 */
export function findEnvOverrides(
  sets: readonly ConfigSetDef[],
  env: Readonly<Record<string, string | undefined>>,
): Map<string, Map<string, Map<string, EnvValue>>> {
  const out = new Map<string, Map<string, Map<string, EnvValue>>>();
  const bySet = [...sets]
    .filter((s) => s.unsupported === undefined)
    .sort((a, b) => b.subSys.length - a.subSys.length);
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || !name.startsWith('MINIO_')) continue;
    for (const set of bySet) {
      const prefix = `MINIO_${set.subSys.toUpperCase()}_`;
      if (!name.startsWith(prefix)) continue;
      const rest = name.slice(prefix.length);
      const keys = [...set.keys].sort((a, b) => b.key.length - a.key.length);
      let found: { key: string; target: string } | undefined;
      for (const k of keys) {
        const upper = k.key.toUpperCase();
        if (rest === upper) found = { key: k.key, target: '' };
        else if (set.multipleTargets && rest.startsWith(`${upper}_`) && rest.length > upper.length + 1) {
          found = { key: k.key, target: rest.slice(upper.length + 1) };
        }
        if (found) break;
      }
      if (!found) continue;
      const targets = entryOf(out, set.subSys, () => new Map<string, Map<string, EnvValue>>());
      entryOf(targets, found.target, () => new Map<string, EnvValue>()).set(found.key, { name, value });
      break;
    }
  }
  return out;
}
