// SPDX-License-Identifier: Apache-2.0
import { createHmac } from 'node:crypto';
import path from 'node:path';
import { ConfigError, parseDuration } from './env.js';

/** Audit log search settings (issue 22), read from the environment. */
export interface LogSearchConfig {
  /** CONSOLE_LOG_SEARCH_POSTGRES_DSN: keep records in PostgreSQL; null = SQLite. */
  postgresDsn: string | null;
  /** CONSOLE_LOG_SEARCH_DB: the SQLite file (default `<data dir>/.console/audit.db`). */
  sqliteFile: string;
  /** CONSOLE_LOG_SEARCH_RETENTION: records older than this are removed (default 168h, a week). */
  retentionMs: number;
  /** The auth_token the server's audit webhook must send. */
  token: string;
  /** Register the console as the embedded store's audit webhook (true with the embedded store). */
  registerEmbedded: boolean;
}

function read(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const v = env[name]?.trim();
  return v === undefined || v === '' ? undefined : v;
}

/**
 * With the embedded store, log search is on unless CONSOLE_LOG_SEARCH=off, and its token is derived from
 * the session key (stable across restarts, so records queued by the store still get in). With an external
 * MinIO it is on when CONSOLE_LOG_SEARCH_TOKEN is set: that is the auth_token to give MinIO's
 * `audit_webhook` (README "Audit log search"). null when off.
 */
export function loadLogSearchConfig(
  env: NodeJS.ProcessEnv,
  base: { dataDir: string; embedded: boolean; sessionKey: Buffer },
): LogSearchConfig | null {
  const switchText = (read(env, 'CONSOLE_LOG_SEARCH') ?? 'on').toLowerCase();
  if (!['on', 'off'].includes(switchText)) {
    throw new ConfigError('CONSOLE_LOG_SEARCH', `must be on or off (got "${switchText}")`);
  }
  const givenToken = read(env, 'CONSOLE_LOG_SEARCH_TOKEN');
  if (givenToken !== undefined && givenToken.length < 16) {
    throw new ConfigError('CONSOLE_LOG_SEARCH_TOKEN', 'must be at least 16 characters');
  }
  if (switchText === 'off' || (!base.embedded && givenToken === undefined)) return null;
  const retentionText = read(env, 'CONSOLE_LOG_SEARCH_RETENTION') ?? '168h';
  const retentionSeconds = parseDuration(retentionText);
  if (retentionSeconds === null || retentionSeconds < 3600) {
    throw new ConfigError(
      'CONSOLE_LOG_SEARCH_RETENTION',
      `must be a duration of at least 1h such as 168h (got "${retentionText}")`,
    );
  }
  const dsn = read(env, 'CONSOLE_LOG_SEARCH_POSTGRES_DSN');
  if (dsn !== undefined && !/^postgres(ql)?:\/\//.test(dsn)) {
    throw new ConfigError('CONSOLE_LOG_SEARCH_POSTGRES_DSN', 'must be a postgres:// or postgresql:// URL');
  }
  return {
    postgresDsn: dsn ?? null,
    sqliteFile: read(env, 'CONSOLE_LOG_SEARCH_DB') ?? path.join(base.dataDir, '.console', 'audit.db'),
    retentionMs: retentionSeconds * 1000,
    token:
      givenToken ?? createHmac('sha256', base.sessionKey).update('stowage audit log search').digest('hex'),
    registerEmbedded: base.embedded,
  };
}
