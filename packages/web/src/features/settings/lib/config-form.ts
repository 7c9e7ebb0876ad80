// SPDX-License-Identifier: Apache-2.0
import type { ConfigDetail, ConfigKeyHelp, ConfigKeyType } from '@stowage/contracts';

/**
 * The Settings form generated from a config set's help (spec 2 §3 "Settings field definition": name,
 * label, required, tooltip, type, placeholder; §5 CSV rules). Pure, so the rules are unit-tested.
 */

/** One generated field. */
export interface ConfigField {
  /** The key (`requests_max`). */
  name: string;
  label: string;
  type: ConfigKeyType;
  required: boolean;
  /** The key's help text, shown as the field's tooltip. */
  tooltip: string;
  /** The default as placeholder when the server tells it, else a hint of the format. */
  placeholder: string;
  /** Choices of an `enum` field. */
  options: readonly string[];
  /** A password or token: masked until the person shows it. */
  secret: boolean;
  /** When an environment variable decides the value: its name and value (the field is read-only). */
  env?: { name: string; value: string };
}

/** The CSV debounce of spec 2 §5 / §9. */
export const CSV_DEBOUNCE_MS = 500;

const acronyms = new Set([
  'api',
  'url',
  'uri',
  'id',
  'tls',
  'dn',
  'sts',
  'ldap',
  'mime',
  'rrs',
  'ssl',
  'ca',
  'http2',
]);

/** `requests_max` → 'Requests Max', `tls_skip_verify` → 'TLS Skip Verify'. */
export function labelOf(key: string): string {
  return key
    .split('_')
    .filter((w) => w !== '')
    .map((w) => (acronyms.has(w) ? w.toUpperCase() : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');
}

const formatHints: Partial<Record<ConfigKeyType, string>> = {
  number: 'A number',
  csv: 'Comma-separated values',
  url: 'https://example.com',
  uri: 'scheme://host/path',
  address: 'host:port',
  duration: 'e.g. 10s, 5m, 1h',
  path: '/path/to/dir',
};

/** The field of one key, with its saved value and environment override. */
export function fieldOf(help: ConfigKeyHelp, envOverride?: { name: string; value: string }): ConfigField {
  const placeholder =
    help.default !== undefined && help.default !== ''
      ? help.default
      : (formatHints[help.type] ?? `Enter ${labelOf(help.key)}`);
  return {
    name: help.key,
    label: labelOf(help.key),
    type: help.type,
    required: !help.optional,
    tooltip: help.description,
    placeholder,
    options: help.type === 'on|off' ? ['on', 'off'] : (help.values ?? []),
    secret: help.secret === true,
    ...(envOverride ? { env: envOverride } : {}),
  };
}

/** The form of a set: its fields in help order and the initial values (saved, '' when none). */
export function formOf(detail: ConfigDetail): { fields: ConfigField[]; values: Record<string, string> } {
  const saved = new Map(detail.key_values.map((kv) => [kv.key, kv]));
  const fields = detail.help.map((h) => fieldOf(h, saved.get(h.key)?.envOverride));
  const values = Object.fromEntries(detail.help.map((h) => [h.key, saved.get(h.key)?.value ?? '']));
  return { fields, values };
}

/** CSV text → its entries, trimmed, empty ones dropped (spec 2 §5). */
export function parseCsv(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Entries → CSV text: empty entries dropped, joined with commas (spec 2 §5). */
export function joinCsv(entries: readonly string[]): string {
  return entries
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .join(',');
}

const durationPattern = /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/;
const numberPattern = /^-?\d+(\.\d+)?$/;

function isUrl(value: string, schemes?: readonly string[]): boolean {
  try {
    const u = new URL(value);
    return schemes === undefined || schemes.includes(u.protocol);
  } catch {
    return false;
  }
}

/** Why a value does not fit its field, or undefined when it does (an empty value is checked by `required`). */
export function fieldProblem(field: ConfigField, value: string): string | undefined {
  const v = value.trim();
  if (v === '') return undefined;
  switch (field.type) {
    case 'number':
      return numberPattern.test(v) ? undefined : `${field.label} must be a number`;
    case 'on|off':
      return ['on', 'off'].includes(v) ? undefined : `${field.label} must be on or off`;
    case 'url':
      return isUrl(v, ['http:', 'https:']) ? undefined : `${field.label} must be an http:// or https:// URL`;
    case 'uri':
      return isUrl(v) ? undefined : `${field.label} must be a URI such as scheme://host/path`;
    case 'address':
      return /^[^\s:]*:\d{1,5}$/.test(v) ? undefined : `${field.label} must be an address such as host:port`;
    case 'duration':
      return durationPattern.test(v) ? undefined : `${field.label} must be a duration such as 10s, 5m or 1h`;
    case 'enum':
      return field.options.length === 0 || field.options.includes(v)
        ? undefined
        : `${field.label} must be one of ${field.options.join(', ')}`;
    default:
      return undefined;
  }
}

/** Every problem of the form by key; empty when it can be saved. */
export function formProblems(
  fields: readonly ConfigField[],
  values: Record<string, string>,
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const f of fields) {
    if (f.env) continue;
    const problem = fieldProblem(f, values[f.name] ?? '');
    if (problem) problems[f.name] = problem;
  }
  return problems;
}

/**
 * The `key_values` of a save: empty values are dropped (spec 2 §5), as are keys the environment decides
 * (they cannot be changed here). CSV values are normalised (empty entries dropped).
 */
export function keyValuesToSave(
  fields: readonly ConfigField[],
  values: Record<string, string>,
): { key: string; value: string }[] {
  const out: { key: string; value: string }[] = [];
  for (const f of fields) {
    if (f.env) continue;
    const raw = values[f.name] ?? '';
    const value = f.type === 'csv' ? joinCsv(parseCsv(raw)) : raw.trim();
    if (value !== '') out.push({ key: f.name, value });
  }
  return out;
}
