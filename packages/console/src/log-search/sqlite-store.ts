// SPDX-License-Identifier: Apache-2.0
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import {
  AUDIT_COLUMNS,
  type AuditRow,
  type AuditSearch,
  type AuditStore,
  auditSchema,
  searchSql,
} from './audit-rows.js';

const SCHEMA = auditSchema('INTEGER PRIMARY KEY AUTOINCREMENT', 'INTEGER');
/** Most rows one INSERT statement takes (13 parameters each, well below SQLite's limit). */
const ROWS_PER_STATEMENT = 100;

/**
 * Audit records in SQLite (`node:sqlite`): one file, write-ahead log, each batch of records one
 * transaction (all or none), a record delivered twice kept once.
 */
export class SqliteAuditStore implements AuditStore {
  readonly label: string;
  private readonly db: DatabaseSync;
  /** One prepared multi-row INSERT per number of rows (a batch is usually the webhook's batch size). */
  private readonly inserts = new Map<number, StatementSync>();

  constructor(file: string) {
    mkdirSync(path.dirname(file), { recursive: true });
    this.db = new DatabaseSync(file);
    // NORMAL: a commit is in the write-ahead log when insert resolves, so it survives the process's crash
    // (AuditStore.insert); the log is flushed at checkpoints, not at each commit: a flush per batch (FULL)
    // would block the thread that serves requests, as node:sqlite runs synchronously.
    this.db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;');
    this.db.exec(SCHEMA);
    this.label = `SQLite ${file}`;
  }

  async insert(rows: readonly AuditRow[]): Promise<void> {
    if (rows.length === 0) return;
    this.db.exec('BEGIN');
    try {
      for (let at = 0; at < rows.length; at += ROWS_PER_STATEMENT) {
        const chunk = rows.slice(at, at + ROWS_PER_STATEMENT);
        const params: (string | number)[] = [];
        for (const row of chunk) for (const c of AUDIT_COLUMNS) params.push(row[c]);
        this.insertOf(chunk.length).run(...params);
      }
      this.db.exec('COMMIT');
    } catch (err) {
      this.db.exec('ROLLBACK');
      throw err;
    }
  }

  private insertOf(count: number): StatementSync {
    let stmt = this.inserts.get(count);
    if (!stmt) {
      const one = `(${AUDIT_COLUMNS.map(() => '?').join(', ')})`;
      stmt = this.db.prepare(
        `INSERT OR IGNORE INTO audit_log (${AUDIT_COLUMNS.join(', ')}) VALUES ${Array(count).fill(one).join(', ')}`,
      );
      this.inserts.set(count, stmt);
    }
    return stmt;
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
