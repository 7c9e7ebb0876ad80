// SPDX-License-Identifier: Apache-2.0
import { chownSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort, makeScratch, requireBinary, run, startDaemon, unprivileged } from '../daemon.js';
import type { StartedService } from '../service.js';

/** What a test needs to connect; `url` is a libpq connection string. */
export interface PostgresInfo {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
  url: string;
}

/** The newest PostgreSQL server Debian installed (`/usr/lib/postgresql/<major>/bin`). */
function binDir(): string {
  const root = '/usr/lib/postgresql';
  let majors: string[] = [];
  try {
    majors = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  } catch {
    // reported below with the package to install
  }
  return path.join(root, majors[0] ?? 'NONE', 'bin');
}

/**
 * Debian's PostgreSQL: a cluster of its own (initdb) in the scratch dir, password (SCRAM) auth, listening
 * on 127.0.0.1 only with no Unix socket, one database `stowage`. Runs as `nobody` when the tests run as
 * root, since postgres refuses to run as root.
 */
export async function start(scratchDir: string): Promise<StartedService> {
  const bin = binDir();
  const postgres = requireBinary(path.join(bin, 'postgres'), 'postgresql');
  const runAs = unprivileged();
  makeScratch(scratchDir, runAs);
  const data = path.join(scratchDir, 'data');
  const pwfile = path.join(scratchDir, 'pwfile');
  const user = 'stowage';
  const password = 'stowage-test-password';
  const database = 'stowage';
  writeFileSync(pwfile, password, { mode: 0o600 });
  if (runAs) chownSync(pwfile, runAs.uid, runAs.gid);
  const env = { HOME: scratchDir, LC_ALL: 'C', PGPASSWORD: password };
  await run(
    path.join(bin, 'initdb'),
    [
      '-D',
      data,
      '-U',
      user,
      `--pwfile=${pwfile}`,
      '--auth=scram-sha-256',
      '-E',
      'UTF8',
      '--no-locale',
      '--no-sync',
    ],
    { runAs, env },
  );
  const port = await freePort();
  const daemon = startDaemon(
    postgres,
    [
      '-D',
      data,
      '-p',
      String(port),
      '-h',
      '127.0.0.1',
      '-k',
      '',
      '-c',
      'fsync=off',
      '-c',
      'max_connections=200',
    ],
    { runAs, env },
  );
  const connect = ['-h', '127.0.0.1', '-p', String(port), '-U', user];
  await daemon.waitReady(() =>
    run(path.join(bin, 'pg_isready'), [...connect, '-d', 'postgres'], { env }).then(() => true),
  );
  await run(path.join(bin, 'createdb'), [...connect, database], { env });
  return {
    info: {
      host: '127.0.0.1',
      port,
      user,
      password,
      database,
      url: `postgres://${user}:${password}@127.0.0.1:${port}/${database}`,
    } satisfies PostgresInfo,
    // SIGINT: PostgreSQL's fast shutdown (rolls back open sessions, then exits cleanly).
    stop: () => daemon.stop('SIGINT'),
  };
}
