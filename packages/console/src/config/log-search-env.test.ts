// SPDX-License-Identifier: Apache-2.0
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditRow } from '../log-search/audit-rows.js';
import { SqliteAuditStore } from '../log-search/sqlite-store.js';
import { loadLogSearchConfig } from './log-search-env.js';

const key = Buffer.alloc(32, 1);
const base = { dataDir: '/data', embedded: true, sessionKey: key };

describe('log search configuration', () => {
  it('is on with the embedded store (SQLite in the data dir, a week, a stable token); off on request', () => {
    const c = loadLogSearchConfig({}, base);
    expect(c).toMatchObject({
      postgresDsn: null,
      sqliteFile: '/data/.console/audit.db',
      retentionMs: 168 * 3600_000,
      registerEmbedded: true,
    });
    expect(c?.token).toBe(loadLogSearchConfig({}, base)?.token);
    expect(c?.token).toHaveLength(64);
    expect(loadLogSearchConfig({ CONSOLE_LOG_SEARCH: 'off' }, base)).toBeNull();
  });

  it('with an external MinIO needs CONSOLE_LOG_SEARCH_TOKEN; PostgreSQL by DSN', () => {
    expect(loadLogSearchConfig({}, { ...base, embedded: false })).toBeNull();
    const c = loadLogSearchConfig(
      {
        CONSOLE_LOG_SEARCH_TOKEN: 'a-token-of-twenty-chars',
        CONSOLE_LOG_SEARCH_POSTGRES_DSN: 'postgres://u@h/db',
      },
      { ...base, embedded: false },
    );
    expect(c).toMatchObject({
      token: 'a-token-of-twenty-chars',
      postgresDsn: 'postgres://u@h/db',
      registerEmbedded: false,
    });
  });

  it('names the variable of a bad value', () => {
    expect(() => loadLogSearchConfig({ CONSOLE_LOG_SEARCH_RETENTION: '10m' }, base)).toThrow(
      /CONSOLE_LOG_SEARCH_RETENTION must be a duration of at least 1h/,
    );
    expect(() => loadLogSearchConfig({ CONSOLE_LOG_SEARCH_POSTGRES_DSN: 'mysql://x' }, base)).toThrow(
      /CONSOLE_LOG_SEARCH_POSTGRES_DSN/,
    );
    expect(() => loadLogSearchConfig({ CONSOLE_LOG_SEARCH_TOKEN: 'short' }, base)).toThrow(/at least 16/);
  });

  it('retention removes the records older than the limit', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'stowage-audit-retention-'));
    const store = new SqliteAuditStore(path.join(dir, 'a.db'));
    try {
      const record = (time: string, id: string) =>
        auditRow({ time, requestID: id, api: { name: 'PutObject' } });
      await store.insert(
        [record('2020-01-01T00:00:00Z', 'old'), record(new Date().toISOString(), 'new')].flatMap((r) =>
          r ? [r] : [],
        ),
      );
      expect(await store.prune(new Date(Date.now() - 3600_000))).toBe(1);
      const left = await store.search({ filters: [], pageSize: 10, pageNo: 0, order: 'timeAsc' });
      expect(left.map((r) => r.request_id)).toEqual(['new']);
    } finally {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
