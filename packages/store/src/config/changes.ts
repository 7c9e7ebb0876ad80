// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../core/errors.js';
import { type ConfigDoc, cloneDoc, resolveSet, targetNames, targetValues } from './document.js';
import type { EnvOverrides } from './env.js';
import { type KvLine, KvSyntaxError, parseKvText } from './kv-text.js';
import type { ConfigCheckContext, ConfigSetDef } from './registry.js';
import { checkTargetName, checkValue, keyDef } from './validate.js';

/**
 * Turning admin text (set-config-kv, del-config-kv, a full import) into the next stored configuration.
 * Everything is checked before anything is kept: an unknown set or key, a bad value or target, or an
 * unsupported set is an XMinioConfigError naming it, and the configuration stays as it was.
 */

/** The configuration a change would store, and the sets it touches. */
export interface Change {
  readonly next: ConfigDoc;
  readonly touched: ReadonlySet<string>;
}

export function configError(message: string): S3Error {
  return new S3Error('XMinioConfigError', message);
}

function parse(text: string, bareKeys: boolean): KvLine[] {
  try {
    return parseKvText(text, { bareKeys });
  } catch (err) {
    if (err instanceof KvSyntaxError) throw configError(err.message);
    throw err;
  }
}

function headOf(line: KvLine): string {
  return line.target === '' ? line.subSys : `${line.subSys}:${line.target}`;
}

/** The definition a line names; refuses unknown and unsupported sets and bad or misplaced targets. */
export function setOf(
  defs: ReadonlyMap<string, ConfigSetDef>,
  subSys: string,
  target: string,
  opts: { allowUnsupported?: boolean } = {},
): ConfigSetDef {
  const def = defs.get(subSys);
  if (!def) throw configError(`unknown sub-system '${subSys}'`);
  if (def.unsupported !== undefined && !opts.allowUnsupported) {
    throw configError(`sub-system '${subSys}' is not supported by this server: ${def.unsupported}`);
  }
  if (target !== '') {
    if (!def.multipleTargets) {
      throw configError(`sub-system '${subSys}' has no named targets (got '${subSys}:${target}')`);
    }
    const problem = checkTargetName(target);
    if (problem) throw configError(`${problem} in '${subSys}:${target}'`);
  }
  return def;
}

/** The definition of `key` in `def`; an error listing the valid keys when there is none. */
function keyOf(def: ConfigSetDef, key: string, head: string) {
  const k = keyDef(def, key);
  if (!k) {
    const valid = def.keys.map((x) => x.key).join(', ');
    throw configError(`unknown key '${key}' for '${head}' (valid keys: ${valid})`);
  }
  return k;
}

function setPairs(def: ConfigSetDef, line: KvLine, values: Map<string, string>): void {
  const head = headOf(line);
  for (const { key, value = '' } of line.pairs) {
    const k = keyOf(def, key, head);
    const problem = checkValue(k, value);
    if (problem) throw configError(`invalid value for '${head} ${key}': ${problem}`);
    values.set(key, value);
  }
}

/** `set-config-kv`: each line's pairs are merged into its target (other keys keep their values). */
export function setChange(defs: ReadonlyMap<string, ConfigSetDef>, doc: ConfigDoc, text: string): Change {
  const lines = parse(text, false);
  if (lines.length === 0) throw configError('no configuration given: expected subsys[:target] key=value');
  const next = cloneDoc(doc);
  const touched = new Set<string>();
  for (const line of lines) {
    const def = setOf(defs, line.subSys, line.target);
    if (line.pairs.length === 0) throw configError(`no key=value given for '${headOf(line)}'`);
    const values = targetValues(next, line.subSys, line.target);
    setPairs(def, line, values);
    // MinIO: a notification target line that omits `enable` turns the target on.
    if (def.subSys.startsWith('notify_') && !line.pairs.some((p) => p.key === 'enable')) {
      values.set('enable', 'on');
    }
    touched.add(def.subSys);
  }
  return { next, touched };
}

/**
 * `del-config-kv`: `subsys[:target]` resets a target to its defaults (a named target is removed);
 * `subsys[:target] key …` resets only those keys.
 */
export function delChange(
  defs: ReadonlyMap<string, ConfigSetDef>,
  doc: ConfigDoc,
  env: EnvOverrides,
  text: string,
): Change {
  const lines = parse(text, true);
  if (lines.length === 0) throw configError('no configuration given: expected subsys[:target]');
  const next = cloneDoc(doc);
  const touched = new Set<string>();
  for (const line of lines) {
    const def = setOf(defs, line.subSys, line.target);
    const head = headOf(line);
    const targets = next.get(def.subSys);
    const exists = targets?.has(line.target) || env.get(def.subSys)?.has(line.target);
    if (line.target !== '' && !exists) {
      throw new S3Error('XMinioAdminNoSuchConfigTarget', `no configuration target '${head}'`);
    }
    if (line.pairs.length === 0) targets?.delete(line.target);
    else {
      const values = targets?.get(line.target);
      for (const { key } of line.pairs) {
        keyOf(def, key, head);
        values?.delete(key);
      }
    }
    touched.add(def.subSys);
  }
  return { next, touched };
}

/** An unsupported set's line is ignored in an import when it sets nothing but empty or default values. */
function ignorableUnsupported(def: ConfigSetDef, line: KvLine): boolean {
  return line.pairs.every(
    ({ key, value = '' }) => value === '' || def.keys.some((k) => k.key === key && k.default === value),
  );
}

/**
 * `PUT /config` (import): the text replaces the whole stored configuration. Lines of sets the store does
 * not implement are accepted only when they configure nothing (as in an export of a default MinIO).
 */
export function importChange(defs: ReadonlyMap<string, ConfigSetDef>, text: string): Change {
  const next: ConfigDoc = new Map();
  for (const line of parse(text, false)) {
    const def = setOf(defs, line.subSys, line.target, { allowUnsupported: true });
    if (def.unsupported !== undefined) {
      if (ignorableUnsupported(def, line)) continue;
      throw configError(`sub-system '${def.subSys}' is not supported by this server: ${def.unsupported}`);
    }
    setPairs(def, line, targetValues(next, line.subSys, line.target));
  }
  const touched = new Set([...defs.values()].filter((d) => d.unsupported === undefined).map((d) => d.subSys));
  return { next, touched };
}

/** Runs each touched set's whole-set check on every target it would have; throws the first problem. */
export function validateChange(
  defs: ReadonlyMap<string, ConfigSetDef>,
  change: Change,
  env: EnvOverrides,
  store?: ConfigCheckContext,
): void {
  for (const subSys of change.touched) {
    const def = defs.get(subSys);
    if (!def?.validate) continue;
    for (const target of targetNames(def, change.next, env)) {
      const problem = def.validate(resolveSet(def, target, change.next, env), store);
      if (problem) throw configError(`'${target === '' ? subSys : `${subSys}:${target}`}': ${problem}`);
    }
  }
}
