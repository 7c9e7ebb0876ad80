// SPDX-License-Identifier: Apache-2.0
import path from 'node:path';
import { freePort, makeScratch, requireBinary, run, startDaemon, unprivileged } from '../daemon.js';
import type { StartedService } from '../service.js';

/** What a test needs to connect; `dsn` is Go's MySQL DSN (MinIO's `notify_mysql dsn_string`). */
export interface MariadbInfo {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
  dsn: string;
}

/**
 * Debian's MariaDB: a data dir of its own (mariadb-install-db) in the scratch dir, TCP on 127.0.0.1
 * only, a user `stowage` with a password owning database `stowage`. Runs as `nobody` when root.
 */
export async function start(scratchDir: string): Promise<StartedService> {
  const mariadbd = requireBinary('/usr/sbin/mariadbd', 'mariadb-server');
  const runAs = unprivileged();
  makeScratch(scratchDir, runAs);
  const data = path.join(scratchDir, 'data');
  const env = { HOME: scratchDir };
  await run(
    '/usr/bin/mariadb-install-db',
    ['--no-defaults', `--datadir=${data}`, '--auth-root-authentication-method=normal', '--skip-test-db'],
    { runAs, env },
  );
  const port = await freePort();
  const daemon = startDaemon(
    mariadbd,
    [
      '--no-defaults',
      `--datadir=${data}`,
      `--port=${port}`,
      '--bind-address=127.0.0.1',
      `--socket=${path.join(scratchDir, 'mysqld.sock')}`,
      `--pid-file=${path.join(scratchDir, 'mysqld.pid')}`,
      '--skip-log-bin',
      '--innodb-flush-log-at-trx-commit=0',
      '--innodb-buffer-pool-size=32M',
    ],
    { runAs, env },
  );
  const client = (sql: string) =>
    run('/usr/bin/mariadb', [
      '--no-defaults',
      '-h',
      '127.0.0.1',
      '-P',
      String(port),
      '-u',
      'root',
      '-e',
      sql,
    ]);
  await daemon.waitReady(() => client('SELECT 1').then(() => true));
  const user = 'stowage';
  const password = 'stowage-test-password';
  const database = 'stowage';
  await client(
    `CREATE DATABASE ${database}; CREATE USER '${user}'@'%' IDENTIFIED BY '${password}'; GRANT ALL ON ${database}.* TO '${user}'@'%';`,
  );
  return {
    info: {
      host: '127.0.0.1',
      port,
      user,
      password,
      database,
      dsn: `${user}:${password}@tcp(127.0.0.1:${port})/${database}`,
    } satisfies MariadbInfo,
    stop: () => daemon.stop('SIGTERM'),
  };
}
