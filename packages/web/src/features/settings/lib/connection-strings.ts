// SPDX-License-Identifier: Apache-2.0
/**
 * The Postgres and MySQL builders of Lambda Notifications (spec 2 "Settings"): fields → MinIO's
 * `connection_string` (libpq `key=value` pairs) or `dsn_string` (Go's `user:password@tcp(host:port)/dbname`),
 * and back, so a typed string fills the fields when the manual toggle is turned off. Pure, unit-tested.
 */

export type PostgresFields = {
  host: string;
  port: string;
  dbname: string;
  user: string;
  password: string;
  sslmode: string;
};

export const SSL_MODES = ['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full'] as const;

function pgValue(v: string): string {
  return v === '' || /[\s'\\]/.test(v) ? `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'` : v;
}

/** `host=… port=… dbname=… user=… password=… sslmode=…`, leaving out empty fields. */
export function buildPostgres(f: PostgresFields): string {
  return (['host', 'port', 'dbname', 'user', 'password', 'sslmode'] as const)
    .filter((k) => f[k] !== '')
    .map((k) => `${k}=${pgValue(f[k])}`)
    .join(' ');
}

/** Reads `key=value` pairs (values optionally single-quoted); unknown keys are ignored. */
export function parsePostgres(text: string): PostgresFields {
  const out: PostgresFields = { host: '', port: '', dbname: '', user: '', password: '', sslmode: '' };
  const re = /(\w+)\s*=\s*(?:'((?:\\.|[^'\\])*)'|(\S*))/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const key = m[1] as keyof PostgresFields;
    if (key in out) out[key] = m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : (m[3] ?? '');
  }
  return out;
}

export type MysqlFields = {
  host: string;
  port: string;
  dbname: string;
  user: string;
  password: string;
};

/** `user:password@tcp(host:port)/dbname`. */
export function buildMysql(f: MysqlFields): string {
  const auth = f.user ? `${f.user}${f.password ? `:${f.password}` : ''}@` : '';
  return `${auth}tcp(${f.host}${f.port ? `:${f.port}` : ''})/${f.dbname}`;
}

/** Reads a DSN back into fields; undefined when the text is not one. */
export function parseMysql(text: string): MysqlFields | undefined {
  const m = /^(?:([^:@]*)(?::(.*))?@)?tcp\(([^):]*)(?::(\d+))?\)\/([^?]*)/.exec(text.trim());
  if (!m) return undefined;
  return { user: m[1] ?? '', password: m[2] ?? '', host: m[3] ?? '', port: m[4] ?? '', dbname: m[5] ?? '' };
}
