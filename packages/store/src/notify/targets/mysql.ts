// SPDX-License-Identifier: Apache-2.0
import mysql2 from 'mysql2/promise';
import { formatOf, isRemoval, recordsDocument, type TargetModule } from '../target.js';

/**
 * `notify_mysql` (MariaDB too): namespace format keeps one row per object (`key_name`, its SHA-256
 * `key_hash`, `value` JSON: upserted on writes and reads, deleted on removal); access format appends
 * `(event_time, event_data)`. MinIO's columns; the table is created when missing, with `key_hash` a
 * unique key rather than MinIO's `NOT NULL PRIMARY KEY` (MariaDB allows neither on a generated column).
 * A batch is one transaction.
 */

/** Reads Go's MySQL DSN `user:password@tcp(host:port)/dbname?param=value`. */
export function parseDsn(dsn: string): mysql2.PoolOptions {
  const m = /^(?:([^:@]*)(?::(.*))?@)?(?:(\w+)(?:\(([^)]*)\))?)?\/([^?]*)(?:\?(.*))?$/.exec(dsn.trim());
  if (!m) throw new Error(`'${dsn}' is not a MySQL DSN (user:password@tcp(host:port)/dbname)`);
  const [, user, password, net, address, database] = m;
  if (net && net !== 'tcp')
    throw new Error(`MySQL DSN: only tcp(host:port) addresses are supported, not ${net}`);
  const [host, port] = (address || '127.0.0.1:3306').split(/:(?=\d+$)/);
  return {
    host: host || '127.0.0.1',
    port: Number(port ?? 3306),
    ...(user ? { user } : {}),
    ...(password ? { password } : {}),
    ...(database ? { database } : {}),
  };
}

function dsnOf(v: Readonly<Record<string, string>>): string {
  if (v.dsn_string) return v.dsn_string;
  const auth = v.username ? `${v.username}${v.password ? `:${v.password}` : ''}@` : '';
  return `${auth}tcp(${v.host || '127.0.0.1'}:${v.port || '3306'})/${v.database ?? ''}`;
}

export const mysql: TargetModule = {
  atomicBatch: true,
  validate(v) {
    if (!v.table) return "'table' is required";
    if (!/^[\p{L}\p{N}_$]+$/u.test(v.table)) return `invalid MySQL table '${v.table}'`;
    try {
      parseDsn(dsnOf(v));
    } catch (err) {
      return (err as Error).message;
    }
    return undefined;
  },
  open(v) {
    const table = v.table ?? '';
    const format = formatOf(v);
    const pool = mysql2.createPool({
      ...parseDsn(dsnOf(v)),
      connectionLimit: Math.max(1, Number(v.max_open_connections) || 2),
      connectTimeout: 5000,
    });
    let tableReady = false;
    return {
      async send(events) {
        const conn = await pool.getConnection();
        let broken = false;
        try {
          if (!tableReady) {
            await conn.query(
              format === 'namespace'
                ? `CREATE TABLE IF NOT EXISTS ${table} (key_name VARCHAR(3072) NOT NULL, key_hash CHAR(64) GENERATED ALWAYS AS (SHA2(key_name, 256)) STORED, value JSON, UNIQUE KEY (key_hash)) CHARACTER SET = utf8mb4 COLLATE = utf8mb4_bin ROW_FORMAT = Dynamic`
                : `CREATE TABLE IF NOT EXISTS ${table} (event_time DATETIME NOT NULL, event_data JSON) ROW_FORMAT = Dynamic`,
            );
            tableReady = true;
          }
          await conn.beginTransaction();
          for (const e of events) {
            if (format === 'access') {
              await conn.execute(`INSERT INTO ${table} (event_time, event_data) VALUES (?, ?)`, [
                new Date(String(e.record.eventTime)),
                recordsDocument(e),
              ]);
            } else if (isRemoval(e.eventName)) {
              await conn.execute(`DELETE FROM ${table} WHERE key_hash = SHA2(?, 256)`, [e.key]);
            } else {
              await conn.execute(
                `INSERT INTO ${table} (key_name, value) VALUES (?, ?) ON DUPLICATE KEY UPDATE value = VALUES(value)`,
                [e.key, recordsDocument(e)],
              );
            }
          }
          await conn.commit();
        } catch (err) {
          broken = true;
          await conn.rollback().catch(() => undefined);
          throw err;
        } finally {
          if (broken) conn.destroy();
          else conn.release();
        }
      },
      async probe() {
        const conn = await pool.getConnection();
        try {
          await conn.ping();
        } finally {
          conn.release();
        }
      },
      close: () => pool.end(),
    };
  },
};
