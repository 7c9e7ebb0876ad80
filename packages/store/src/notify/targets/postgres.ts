// SPDX-License-Identifier: Apache-2.0
import pg from 'pg';
import { formatOf, isRemoval, recordsDocument, type TargetModule } from '../target.js';

/**
 * `notify_postgres`: namespace format keeps one row per object (`key` = bucket/object, `value` =
 * `{"Records":[…]}`: upserted on writes and reads, deleted on removal); access format appends
 * `(event_time, event_data)` rows. The table is created when missing (MinIO's columns). A batch is one
 * transaction, so it is delivered whole or not at all.
 */

/** MinIO's table-name rule: a simple identifier or a double-quoted name without quotes inside. */
export function validTableName(name: string): boolean {
  return /^"[^"]+"$/.test(name) || /^[\p{L}_][\p{L}\p{N}_$]*$/u.test(name);
}

/**
 * Reads a libpq connection string — `key=value` pairs (`host=… port=… dbname=… user=… password=…
 * sslmode=…`, values optionally single-quoted) or a `postgres://` URL — into the pg client's settings.
 */
export function parseConnectionString(text: string): pg.ClientConfig {
  const trimmed = text.trim();
  if (/^postgres(ql)?:\/\//.test(trimmed)) return { connectionString: trimmed };
  const out: Record<string, string> = {};
  const re = /(\w+)\s*=\s*(?:'((?:\\.|[^'\\])*)'|(\S*))/g;
  for (let m = re.exec(trimmed); m; m = re.exec(trimmed)) {
    out[m[1]!] = m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : (m[3] ?? '');
  }
  const sslmode = out.sslmode ?? 'prefer';
  return {
    ...(out.host ? { host: out.host } : {}),
    ...(out.port ? { port: Number(out.port) } : {}),
    ...(out.dbname ? { database: out.dbname } : {}),
    ...(out.user ? { user: out.user } : {}),
    ...(out.password !== undefined ? { password: out.password } : {}),
    ...(sslmode === 'require' || sslmode === 'verify-ca' || sslmode === 'verify-full'
      ? { ssl: { rejectUnauthorized: sslmode !== 'require' } }
      : {}),
  };
}

export const postgres: TargetModule = {
  atomicBatch: true,
  validate(v) {
    if (!v.table) return "'table' is required";
    if (!validTableName(v.table)) return `invalid PostgreSQL table '${v.table}'`;
    if (!v.connection_string) return "'connection_string' is required";
    return undefined;
  },
  open(v) {
    const table = v.table ?? '';
    const format = formatOf(v);
    const pool = new pg.Pool({
      ...parseConnectionString(v.connection_string ?? ''),
      max: Math.max(1, Number(v.max_open_connections) || 2),
      connectionTimeoutMillis: 5000,
    });
    // An idle client losing its server (PostgreSQL restarted) must not crash the store.
    pool.on('error', () => undefined);
    let tableReady = false;
    const ensureTable = async (client: pg.PoolClient): Promise<void> => {
      if (tableReady) return;
      await client.query(
        format === 'namespace'
          ? `CREATE TABLE IF NOT EXISTS ${table} (key VARCHAR PRIMARY KEY, value JSONB)`
          : `CREATE TABLE IF NOT EXISTS ${table} (event_time TIMESTAMP WITH TIME ZONE NOT NULL, event_data JSONB)`,
      );
      tableReady = true;
    };
    return {
      async send(events) {
        const client = await pool.connect();
        let broken = false;
        try {
          await ensureTable(client);
          await client.query('BEGIN');
          for (const e of events) {
            if (format === 'access') {
              await client.query(`INSERT INTO ${table} (event_time, event_data) VALUES ($1, $2)`, [
                e.record.eventTime,
                recordsDocument(e),
              ]);
            } else if (isRemoval(e.eventName)) {
              await client.query(`DELETE FROM ${table} WHERE key = $1`, [e.key]);
            } else {
              await client.query(
                `INSERT INTO ${table} (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
                [e.key, recordsDocument(e)],
              );
            }
          }
          await client.query('COMMIT');
        } catch (err) {
          broken = true;
          await client.query('ROLLBACK').catch(() => undefined);
          throw err;
        } finally {
          client.release(broken);
        }
      },
      async probe() {
        const client = await pool.connect();
        try {
          await client.query('SELECT 1');
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  },
};
