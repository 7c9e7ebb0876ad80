// SPDX-License-Identifier: Apache-2.0
import { parseGoDuration } from './duration.js';
import type { ConfigKeyDef, ConfigKeyType, ConfigSetDef } from './registry.js';

/**
 * Checks of one value against its key's type (MinIO's help types), then the key's own `validate`. Each
 * check returns the problem in words (for the admin error message), or undefined when the value is valid.
 */

const ON_OFF = new Set(['on', 'off', 'true', 'false', 'yes', 'no', '1', '0']);

/** `host:port` (`[v6]:port` for IPv6); the host may not be empty, the port is 1–65535. */
function checkAddress(value: string): string | undefined {
  const m = /^(\[[0-9A-Fa-f:.]+\]|[^\s:[\]]+):(\d{1,5})$/.exec(value);
  if (!m) return `'${value}' is not an address of the form host:port`;
  const port = Number(m[2]);
  if (port < 1 || port > 65535) return `port ${m[2]} of '${value}' is out of range (1-65535)`;
  return undefined;
}

function checkUrl(value: string, kind: 'url' | 'uri'): string | undefined {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    return `'${value}' is not a valid ${kind.toUpperCase()}`;
  }
  if (kind === 'url' && u.host === '') return `'${value}' is not a valid URL: it has no host`;
  return undefined;
}

const TYPE_CHECKS: Readonly<Record<ConfigKeyType, (value: string, def: ConfigKeyDef) => string | undefined>> =
  {
    string: () => undefined,
    sentence: () => undefined,
    comment: () => undefined,
    'on|off': (v) => (ON_OFF.has(v.toLowerCase()) ? undefined : `'${v}' is not 'on' or 'off'`),
    number: (v) => (/^-?\d+(\.\d+)?$/.test(v) ? undefined : `'${v}' is not a number`),
    duration: (v) =>
      parseGoDuration(v) === null ? `'${v}' is not a duration (e.g. 500ms, 30s, 1h2m3s)` : undefined,
    url: (v) => checkUrl(v, 'url'),
    uri: (v) => checkUrl(v, 'uri'),
    address: checkAddress,
    path: (v) => (v.startsWith('/') ? undefined : `'${v}' is not an absolute path`),
    csv: (v) =>
      v.split(',').some((item) => item.trim() === '') ? `'${v}' has an empty item in its list` : undefined,
    enum: (v, def) =>
      (def.values ?? []).includes(v)
        ? undefined
        : `'${v}' is not one of ${(def.values ?? []).map((x) => `'${x}'`).join(', ')}`,
  };

/** Types where '' means "not set" and passes; on|off and enum need one of their values. */
const EMPTY_NEEDS_VALUE = new Set<ConfigKeyType>(['on|off', 'enum']);

/** The problem with `value` for `key` (type, then the key's own check), or undefined. */
export function checkValue(def: ConfigKeyDef, value: string): string | undefined {
  if (/[\r\n]/.test(value)) return 'values cannot span several lines';
  if (/\s/.test(value) && value.includes('"') && value.includes("'")) {
    return 'a value with spaces cannot hold both kinds of quotes';
  }
  if (value === '' && !(EMPTY_NEEDS_VALUE.has(def.type) && !(def.values ?? []).includes(''))) {
    return undefined;
  }
  const problem = TYPE_CHECKS[def.type](value, def);
  if (problem !== undefined) return problem;
  return def.validate?.(value);
}

/** A key of a set, or undefined. */
export function keyDef(set: ConfigSetDef, key: string): ConfigKeyDef | undefined {
  return set.keys.find((k) => k.key === key);
}

/** Target names: letters, digits, `_` and `-` (they also form environment variable suffixes). */
export function checkTargetName(target: string): string | undefined {
  if (target === '_') return "'_' names the default target";
  return /^[A-Za-z0-9_-]{1,64}$/.test(target)
    ? undefined
    : `target name '${target}' must be 1-64 letters, digits, '_' or '-'`;
}
