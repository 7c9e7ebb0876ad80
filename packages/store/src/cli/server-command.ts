// SPDX-License-Identifier: Apache-2.0
import { constants, promises as fsp } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { PoolSpec } from '../core/options.js';
import { SYS_DIR } from '../object-layer/drive.js';
import { heapGrowingPercent } from '../perf/heap-growth.js';
import { type StoreHandle, startStore } from '../server.js';
import { loadCertsDir, trustCertsDir } from './certs-dir.js';
import { CliError } from './cli-error.js';
import { parseDriveArgs } from './drive-args.js';
import { resolveRootCredentials } from './root-credentials.js';

/**
 * `stowage server [--address HOST:PORT] [--certs-dir DIR] DRIVES...`: the store as a server of its own.
 * Node-local files (durable queues of notifications, replication and webhooks) live in
 * `<first drive of the first pool>/.stowage.sys/node/`; generated root credentials are kept in
 * `.stowage.sys/root-credentials.json` on every drive.
 */

export const SERVER_USAGE = `Usage: stowage server [--address HOST:PORT] [--certs-dir DIR] DRIVES...

Serves S3, STS and MinIO's admin API over the drive folders given.

DRIVES   drive folders, MinIO's syntax: /data/d{1...4} expands to /data/d1 … /data/d4; with ellipses
         each argument is one server pool (/data/p1/d{1...4} /data/p2/d{1...6}), without them all
         arguments are one pool. A pool needs ≥ 2 drives; a single drive (no parity) only alone.
         :SIZE makes sized volumes: /data/d{1...4}:100Gi (Ki Mi Gi Ti, K M G T, or bytes).

Options:
  --address HOST:PORT   where to listen (default :9000 = every interface; 127.0.0.1:0 = a free port)
  --certs-dir DIR       public.crt + private.key (+ CAs/) there serve HTTPS only (default ~/.minio/certs)
  -h, --help            this help

Environment: MINIO_ROOT_USER / MINIO_ROOT_PASSWORD (generated, printed once and kept on the drives when
absent), MINIO_* configuration variables, STOWAGE_HEAP_GROWING_PERCENT (default 200: V8's heap may grow
to 3× what a full collection left alive; 0 = V8's own heuristic, for hosts short of memory).`;

/** `HOST:PORT`, `:PORT` (every interface) or `[v6]:PORT`. */
export function parseAddress(text: string): { host: string; port: number } {
  const m = /^(?:\[([^\]]+)\]|([^:]*)):(\d{1,5})$/.exec(text);
  const port = m ? Number(m[3]) : Number.NaN;
  if (!m || port > 65535) {
    throw new CliError(`bad --address "${text}": give HOST:PORT or :PORT (e.g. :9000, 127.0.0.1:9000)`);
  }
  const host = m[1] ?? m[2] ?? '';
  return { host: host === '' ? '0.0.0.0' : host, port };
}

/** Creates missing drive folders (as MinIO does) and checks each is a readable, writable folder. */
async function checkDriveFolders(pools: PoolSpec[]): Promise<void> {
  for (const drive of pools.flatMap((p) => p.drives)) {
    try {
      await fsp.mkdir(drive.path, { recursive: true });
      const st = await fsp.stat(drive.path);
      if (!st.isDirectory()) throw new Error('not a folder');
      await fsp.access(drive.path, constants.R_OK | constants.W_OK);
    } catch (err) {
      const why = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
      throw new CliError(`drive folder ${drive.path} cannot be read and written (${why})`);
    }
  }
}

export interface ServerRun {
  handle: StoreHandle;
  /** Lines to print once the server is up. */
  banner: string[];
}

/** Parses the command line, opens the drives and starts listening. */
export async function startServerCommand(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): Promise<ServerRun | 'help'> {
  let parsed: ReturnType<typeof parseServerArgs>;
  try {
    parsed = parseServerArgs(argv);
  } catch (err) {
    if (err instanceof CliError) throw err;
    throw new CliError((err as Error).message);
  }
  if (parsed.values.help) return 'help';
  heapGrowingPercent(env); // an invalid value stops here, before any drive folder is made
  const { host, port } = parseAddress(parsed.values.address ?? ':9000');
  const pools = parseDriveArgs(parsed.positionals);
  const explicitCerts = parsed.values['certs-dir'];
  const certsDir = path.resolve(explicitCerts ?? path.join(os.homedir(), '.minio', 'certs'));
  if (explicitCerts !== undefined) {
    const st = await fsp.stat(certsDir).catch(() => null);
    if (!st?.isDirectory()) throw new CliError(`--certs-dir ${certsDir} is not a folder`);
  }
  const tls = await loadCertsDir(certsDir);
  if (tls) trustCertsDir(tls);
  await checkDriveFolders(pools);
  const drives = pools.flatMap((p) => p.drives);
  const first = drives[0]?.path as string;
  const creds = await resolveRootCredentials(
    env,
    drives.map((d) => path.join(d.path, SYS_DIR, 'root-credentials.json')),
  );
  let handle: StoreHandle;
  try {
    handle = await startStore({
      dataDir: path.join(first, SYS_DIR, 'node'),
      drives: drives.length,
      pools,
      port,
      host,
      rootUser: creds.rootUser,
      rootPassword: creds.rootPassword,
      env,
      ...(tls ? { tls: { cert: tls.cert, key: tls.key, cas: tls.cas } } : {}),
    });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new CliError(`address ${host}:${port} is already in use`);
    if (code === 'EADDRNOTAVAIL' || code === 'EACCES') {
      throw new CliError(`cannot listen on ${host}:${port} (${code})`);
    }
    throw err;
  }
  const banner = [
    `API: ${handle.url}`,
    `RootUser: ${creds.rootUser}`,
    ...(creds.generated
      ? [`RootPass: ${creds.rootPassword}`, `(generated on first start and kept in ${creds.keptIn})`]
      : []),
    `Drives: ${pools.map((p, i) => `pool ${i + 1}: ${p.drives.length}`).join(', ')}${tls ? `; TLS from ${certsDir}` : ''}`,
  ];
  return { handle, banner };
}

function parseServerArgs(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      address: { type: 'string' },
      'certs-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
