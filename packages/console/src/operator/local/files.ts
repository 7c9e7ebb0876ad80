// SPDX-License-Identifier: Apache-2.0
import { appendFile, mkdir, open, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PodEvent } from '@stowage/contracts';
import type { SecretTools } from '../../config/secrets.js';

/**
 * The local driver's files. Under the operator root:
 *   namespaces/<ns>/namespace.json
 *   namespaces/<ns>/tenants/<tenant>/tenant.json   the tenant as created and edited (TenantRecord)
 *                                    state.json    the process: pid, port, state, restarts (TenantState)
 *                                    events.jsonl  supervisor events, one JSON per line, appended
 *                                    server.log    the server's own stdout and stderr
 *                                    certs/        public.crt, private.key, CAs/ (when TLS is on)
 * Volumes live in the storage class root: <classRoot>/<ns>/<tenant>/pool-<i>/d<j>.
 */

/** A pool as the local driver keeps it. */
export interface StoredPool {
  name: string;
  servers: number;
  volumes_per_server: number;
  /** Bytes per volume. */
  size: number;
  storageClass: string;
}

export interface StoredCert {
  /** Secret name shown in the Security tab and used to remove it. */
  name: string;
  crt: string;
  key?: string;
}

export interface TenantRecord {
  name: string;
  namespace: string;
  createdAt: string;
  image: string;
  pools: StoredPool[];
  /** EC parity of the STANDARD class; absent = the store's default. */
  parity?: number;
  port: number;
  rootUser: string;
  rootPassword: string;
  /** Environment passed to the server besides the root keys (identity, storage class, the YAML's env). */
  env: Record<string, string>;
  /** Built-in users still to create on the tenant (emptied once created). */
  pendingUsers: { access_key: string; secret_key: string }[];
  tls: { enabled: boolean; autoCert: boolean; custom: StoredCert[]; cas: StoredCert[] };
  features: { oidc: boolean; ldap: boolean; encryption: boolean; prometheus: boolean; logSearch: boolean };
}

export type ProcessState = 'Initialized' | 'Running' | 'Restarting' | 'Stopped';

export interface TenantState {
  pid: number | null;
  state: ProcessState;
  restarts: number;
  /** Epoch ms the current process started. */
  startedAt: number | null;
}

export class OperatorLayout {
  constructor(readonly root: string) {}

  namespacesDir(): string {
    return path.join(this.root, 'namespaces');
  }
  namespaceDir(ns: string): string {
    return path.join(this.namespacesDir(), ns);
  }
  tenantsDir(ns: string): string {
    return path.join(this.namespaceDir(ns), 'tenants');
  }
  tenantDir(ns: string, name: string): string {
    return path.join(this.tenantsDir(ns), name);
  }
  logFile(ns: string, name: string): string {
    return path.join(this.tenantDir(ns, name), 'server.log');
  }
  certsDir(ns: string, name: string): string {
    return path.join(this.tenantDir(ns, name), 'certs');
  }
  caDir(): string {
    return path.join(this.root, 'ca');
  }
}

export async function readJson<T>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** Writes JSON atomically (the store's temp-fsync-rename, handed in by main.ts as `SecretTools`). */
export async function writeJson(
  tools: Pick<SecretTools, 'writeFileAtomic'>,
  file: string,
  value: unknown,
): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await tools.writeFileAtomic(file, `${JSON.stringify(value, null, 2)}\n`);
}

/** Names of the sub-folders of `dir` ([] when it does not exist). */
export async function subfolders(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    return entries
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

/** Supervisor events of one tenant: appended as JSON lines, durable across console restarts. */
export class EventLog {
  constructor(
    private readonly file: string,
    private readonly namespace: string,
    private readonly object: string,
  ) {}

  async add(event_type: 'Normal' | 'Warning', reason: string, message: string): Promise<void> {
    const event: PodEvent = {
      namespace: this.namespace,
      last_seen: Math.floor(Date.now() / 1000),
      event_type,
      reason,
      object: this.object,
      message,
    };
    await mkdir(path.dirname(this.file), { recursive: true });
    await appendFile(this.file, `${JSON.stringify(event)}\n`);
  }

  async list(): Promise<PodEvent[]> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    const events: PodEvent[] = [];
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      try {
        events.push(JSON.parse(line) as PodEvent);
      } catch {
        // A line cut by a crash mid-append: skip it.
      }
    }
    return events.reverse();
  }
}

/** The last `max` bytes of a log file ('' when it does not exist yet). */
export async function tail(file: string, max: number): Promise<string> {
  let fh: Awaited<ReturnType<typeof open>>;
  try {
    fh = await open(file, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw err;
  }
  try {
    const { size } = await fh.stat();
    const length = Math.min(size, max);
    const buf = Buffer.alloc(length);
    await fh.read(buf, 0, length, size - length);
    return buf.toString('utf8');
  } finally {
    await fh.close();
  }
}
