// SPDX-License-Identifier: Apache-2.0
import type { EnvOverrides } from './env.js';
import { entryOf } from './maps.js';
import type { ConfigSetDef, ResolvedSet } from './registry.js';

/**
 * The stored configuration: only the values an administrator saved, per set and target ('' = the
 * default target). Defaults and environment overrides are applied when a set is resolved, never stored.
 * On the drives it is JSON `{"version":1,"sets":{"region":{"_":{"name":"eu-west-1"}}}}` (`_` = the
 * default target, as in MinIO's config.json).
 */
export type ConfigDoc = Map<string, Map<string, Map<string, string>>>;

const DEFAULT_TARGET = '_';
const VERSION = 1;

/** A copy of one set's targets and values. */
export function cloneTargets(
  targets: ReadonlyMap<string, ReadonlyMap<string, string>>,
): Map<string, Map<string, string>> {
  return new Map([...targets].map(([t, kv]) => [t, new Map(kv)]));
}

export function cloneDoc(doc: ConfigDoc): ConfigDoc {
  return new Map([...doc].map(([s, targets]) => [s, cloneTargets(targets)]));
}

/** The stored values of one target, created when missing. */
export function targetValues(doc: ConfigDoc, subSys: string, target: string): Map<string, string> {
  return entryOf(
    entryOf(doc, subSys, () => new Map()),
    target,
    () => new Map(),
  );
}

export function docToJson(doc: ConfigDoc): Buffer {
  const sets: Record<string, Record<string, Record<string, string>>> = {};
  for (const [subSys, targets] of [...doc].sort(([a], [b]) => a.localeCompare(b))) {
    const out: Record<string, Record<string, string>> = {};
    for (const [target, kv] of targets) {
      if (kv.size > 0) out[target === '' ? DEFAULT_TARGET : target] = Object.fromEntries(kv);
    }
    if (Object.keys(out).length > 0) sets[subSys] = out;
  }
  return Buffer.from(JSON.stringify({ version: VERSION, sets }, null, 1));
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Parses the stored JSON; throws with the problem when it is not a configuration document. */
export function docFromJson(raw: Buffer): ConfigDoc {
  const value: unknown = JSON.parse(raw.toString('utf8'));
  if (!isRecord(value) || value.version !== VERSION || !isRecord(value.sets)) {
    throw new Error(`not a version ${VERSION} configuration document`);
  }
  const doc: ConfigDoc = new Map();
  for (const [subSys, targets] of Object.entries(value.sets)) {
    if (!isRecord(targets)) throw new Error(`set '${subSys}' is not an object`);
    for (const [target, kv] of Object.entries(targets)) {
      if (!isRecord(kv)) throw new Error(`target '${subSys}:${target}' is not an object`);
      const values = targetValues(doc, subSys, target === DEFAULT_TARGET ? '' : target);
      for (const [k, v] of Object.entries(kv)) {
        if (typeof v !== 'string') throw new Error(`value of '${subSys}:${target} ${k}' is not a string`);
        values.set(k, v);
      }
    }
  }
  return doc;
}

/** Values of one target: defaults, then stored values, then environment overrides. */
export function resolveSet(
  def: ConfigSetDef,
  target: string,
  doc: ConfigDoc,
  env: EnvOverrides,
): ResolvedSet {
  const stored = doc.get(def.subSys)?.get(target);
  const overrides = env.get(def.subSys)?.get(target);
  const values: Record<string, string> = {};
  const fromEnv: Record<string, string> = {};
  for (const k of def.keys) {
    const e = overrides?.get(k.key);
    values[k.key] = e ? e.value : (stored?.get(k.key) ?? k.default);
    if (e) fromEnv[k.key] = e.name;
  }
  return { target, values, fromEnv };
}

/** The targets of a set: the default target first, then named ones stored or given by the environment. */
export function targetNames(def: ConfigSetDef, doc: ConfigDoc, env: EnvOverrides): string[] {
  if (!def.multipleTargets) return [''];
  const named = new Set<string>();
  for (const t of doc.get(def.subSys)?.keys() ?? []) if (t !== '') named.add(t);
  for (const t of env.get(def.subSys)?.keys() ?? []) if (t !== '') named.add(t);
  return ['', ...[...named].sort()];
}
