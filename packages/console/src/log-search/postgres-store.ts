// SPDX-License-Identifier: Apache-2.0
import pg from 'pg';
import {
  AUDIT_COLUMNS,
  type AuditRow,
  type AuditSearch,
  type AuditStore,
  auditSchema,
  searchSql,
} from './audit-rows.js';

const SCHEMA = auditSchema('BIGSERIAL PRIMARY KEY', 'BIGINT');

/**
 * Audit records in PostgreSQL (`pg`, a pool): times kept as ISO 8601 text in UTC, which sorts as time
 * does; each batch of records one transaction; a record delivered twice kept once.
 */
export class PostgresAuditStore implements AuditStore {
  readonly label = 'PostgreSQL';

  private constructor(private readonly pool: pg.Pool) {}

  static async open(dsn: string): Promise<PostgresAuditStore> {
    const pool = new pg.Pool({ connectionString: dsn, max: 4 });
    try {
      await pool.query(SCHEMA);
    } catch (err) {
      await pool.end();
      throw err;
    }
    return new PostgresAuditStore(pool);
  }

  async insert(rows: readonly AuditRow[]): Promise<void> {
    if (rows.length === 0) return;
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const values = rows.map(
        (_, r) => `(${AUDIT_COLUMNS.map((_c, i) => `$${r * AUDIT_COLUMNS.length + i + 1}`).join(', ')})`,
      );
      await client.query(
        `INSERT INTO audit_log (${AUDIT_COLUMNS.join(', ')}) VALUES ${values.join(', ')} ON CONFLICT DO NOTHING`,
        rows.flatMap((row) => AUDIT_COLUMNS.map((c) => row[c])),
      );
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  async search(s: AuditSearch): Promise<AuditRow[]> {
    const { sql, params } = searchSql(s, (n) => `$${n}`);
    const r = await this.pool.query(`SELECT ${AUDIT_COLUMNS.join(', ')} FROM audit_log ${sql}`, params);
    return r.rows as AuditRow[];
  }

  async prune(before: Date): Promise<number> {
    const r = await this.pool.query('DELETE FROM audit_log WHERE time < $1', [before.toISOString()]);
    return r.rowCount ?? 0;
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
