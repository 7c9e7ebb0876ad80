// SPDX-License-Identifier: Apache-2.0
import { ApiHttpError, apiErrors } from '../../errors/api-http-error.js';

/**
 * MinIO's configuration text (PROTOCOL-NOTES §2 `get-config-kv`; madmin-go parse-config.go): one line per
 * set target, `subsys[:target] k=v k2="a b"`, each preceded by `# MINIO_…=…` lines for the keys the
 * environment overrides. Read for the Settings form and the webhook pages, written by their saves.
 */

/** One key of a parsed line; `envOverride` when a `# MINIO_…` line decides it. */
export interface ParsedKV {
  key: string;
  value: string;
  envOverride?: { name: string; value: string };
}

/** One `subsys[:target]` line with its env lines; target '' = the default target. */
export interface ParsedSubsys {
  subSys: string;
  target: string;
  kv: ParsedKV[];
}

const ENV_LINE = '# MINIO_';

/** The server answered text that is not configuration text: its fault, not the request's (502). */
function badText(detail: string): Error {
  return new ApiHttpError(
    502,
    'The storage server reported an error',
    `The server's configuration text could not be read: ${detail}`,
  );
}

function parseValue(text: string): [value: string, rest: string] {
  if (text.startsWith('"')) {
    const end = text.indexOf('"', 1);
    if (end < 0) throw badText(`unterminated quoted value in "${text}"`);
    return [text.slice(1, end), text.slice(end + 1).trim()];
  }
  const space = text.search(/\s/);
  return space < 0 ? [text, ''] : [text.slice(0, space), text.slice(space + 1).trim()];
}

function upsert(kvs: ParsedKV[], kv: ParsedKV): void {
  const found = kvs.find((k) => k.key === kv.key);
  if (found === undefined) kvs.push(kv);
  else if (kv.envOverride) found.envOverride = kv.envOverride;
  else found.value = kv.value;
}

function parseEnvLine(line: string, subSys: string, target: string): ParsedKV {
  const body = line.slice(2);
  const eq = body.indexOf('=');
  if (eq < 0) throw badText(`expected "# MINIO_…=…", got "${line}"`);
  const name = body.slice(0, eq);
  const prefix = `MINIO_${subSys.toUpperCase()}_`;
  if (!name.startsWith(prefix)) throw badText(`environment variable ${name} does not start with ${prefix}`);
  let key = name.slice(prefix.length);
  const suffix = `_${target}`;
  if (target !== '' && key.toUpperCase().endsWith(suffix.toUpperCase())) key = key.slice(0, -suffix.length);
  return { key: key.toLowerCase(), value: '', envOverride: { name, value: body.slice(eq + 1) } };
}

/** Parses configuration text into one entry per `subsys[:target]` line, in order. */
export function parseConfigText(text: string): ParsedSubsys[] {
  const out: ParsedSubsys[] = [];
  let envLines: string[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    if (line.startsWith(ENV_LINE)) {
      envLines.push(line);
      continue;
    }
    if (line.startsWith('#')) continue;
    const space = line.search(/\s/);
    const head = space < 0 ? line : line.slice(0, space);
    const colon = head.indexOf(':');
    const subSys = colon < 0 ? head : head.slice(0, colon);
    const target = colon < 0 ? '' : head.slice(colon + 1);
    const kv: ParsedKV[] = [];
    let rest = space < 0 ? '' : line.slice(space + 1).trim();
    while (rest !== '') {
      const eq = rest.indexOf('=');
      if (eq <= 0) throw badText(`expected key=value in "${line}"`);
      const key = rest.slice(0, eq).trim();
      const [value, after] = parseValue(rest.slice(eq + 1));
      upsert(kv, { key, value });
      rest = after;
    }
    for (const env of envLines) upsert(kv, parseEnvLine(env, subSys, target));
    envLines = [];
    out.push({ subSys, target, kv });
  }
  return out;
}

/** One value as MinIO's text needs it: quoted when empty or holding spaces. */
export function quoteConfigValue(key: string, value: string): string {
  if (/[\r\n]/.test(value)) throw apiErrors.badRequest(`The value of ${key} must be on one line.`);
  if (value !== '' && !/\s/.test(value) && !value.startsWith('"')) return value;
  if (value.includes('"')) {
    throw apiErrors.badRequest(
      `The value of ${key} cannot hold a double quote (") together with spaces: the configuration text has no escape for it.`,
    );
  }
  return `"${value}"`;
}

/** The `set-config-kv` text of one set target: `name k=v k2="a b"`. */
export function formatConfigLine(name: string, kvs: readonly { key: string; value: string }[]): string {
  return [name, ...kvs.map(({ key, value }) => `${key}=${quoteConfigValue(key, value)}`)].join(' ');
}

/** Keys whose values are credentials (MinIO's secret keys: auth tokens, passwords, secret keys). */
const SECRET_KEY = /(token|secret|password)/i;
export const REDACTED = '*redacted*';

/** The text with every credential's value replaced, for showing configuration text in the browser. */
export function redactConfigText(text: string): string {
  return parseConfigText(text)
    .map((p) =>
      formatConfigLine(
        p.target === '' ? p.subSys : `${p.subSys}:${p.target}`,
        p.kv.map(({ key, value }) => ({
          key,
          value: SECRET_KEY.test(key) && value !== '' ? REDACTED : value,
        })),
      ),
    )
    .join('\n');
}
