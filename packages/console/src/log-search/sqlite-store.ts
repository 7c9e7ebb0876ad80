import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { AUDIT_COLUMNS, type AuditRow, type AuditSearch, type AuditStore, searchSql } from './audit-rows.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS audit_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  time TEXT NOT NULL,
  api_name TEXT NOT NULL,
  bucket TEXT NOT NULL,
  object TEXT NOT NULL,
  remote_host TEXT NOT NULL,
  request_id TEXT NOT NULL,
  user_agent TEXT NOT NULL,
  response_status TEXT NOT NULL,
  response_status_code INTEGER NOT NULL,
  request_content_length INTEGER NOT NULL,
  response_content_length INTEGER NOT NULL,
  time_to_response_ns INTEGER NOT NULL,
  record TEXT NOT NULL,
  UNIQUE (request_id, time)
);
CREATE INDEX IF NOT EXISTS audit_log_time ON audit_log (time, id);
CREATE INDEX IF NOT EXISTS audit_log_bucket ON audit_log (bucket, object);
CREATE INDEX IF NOT EXISTS audit_log_api ON audit_log (api_name);
CREATE INDEX IF NOT EXISTS audit_log_request ON audit_log (request_id);
`;

/**
 * Audit records in SQLite (`node:sqlite`): one file, write-ahead log, each batch of records one
 * transaction (all or none), a record delivered twice kept once.
 */
export class SqliteAuditStore implements AuditStore {
  readonly label: string;
  private readonly db: DatabaseSync;

  constructor(file: string) {
    mkdirSync(path.dirname(file), { recursive: true });
    this.db = new DatabaseSync(file);
    this.db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;');
    this.db.exec(SCHEMA);
    this.label = `SQLite ${file}`;
  }

  async insert(rows: readonly AuditRow[]): Promise<void> {
    if (rows.length === 0) return;
    const insert = this.db.prepare(
      `INSERT OR IGNORE INTO audit_log (${AUDIT_COLUMNS.join(', ')}) VALUES (${AUDIT_COLUMNS.map(() => '?').join(', ')})`,
    );
    this.db.exec('BEGIN');
    try {
      for (const row of rows) insert.run(...AUDIT_COLUMNS.map((c) => row[c]));
      this.db.exec('COMMIT');
    } catch (err) {
      this.db.exec('ROLLBACK');
      throw err;
    }
  }

  async search(s: AuditSearch): Promise<AuditRow[]> {
    const { sql, params } = searchSql(s, () => '?');
    const rows = this.db
      .prepare(`SELECT ${AUDIT_COLUMNS.join(', ')} FROM audit_log ${sql}`)
      .all(...(params as (string | number)[]));
    return rows as unknown as AuditRow[];
  }

  async prune(before: Date): Promise<number> {
    const r = this.db.prepare('DELETE FROM audit_log WHERE time < ?').run(before.toISOString());
    return Number(r.changes);
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
