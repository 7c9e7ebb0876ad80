// SPDX-License-Identifier: Apache-2.0
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { type OperatorCa, writeCertsDir } from './certs.js';
import type { OperatorLayout, StoredPool, TenantRecord } from './files.js';
import type { LaunchSpec } from './supervisor.js';

/** How the console starts a store server: `node <store>/dist/cli/main.js server …` by default. */
export interface ServerCommand {
  command: string;
  /** Arguments before `server` (the script path). */
  prefix: string[];
}

/** The folder of one pool's drives in its storage class root. */
export function poolDir(
  classRoot: string,
  t: Pick<TenantRecord, 'namespace' | 'name'>,
  pool: StoredPool,
): string {
  return path.join(classRoot, t.namespace, t.name, pool.name);
}

/** The folder of all of a tenant's volumes in one class root; its path marks the tenant's process. */
export function tenantVolumesDir(classRoot: string, t: Pick<TenantRecord, 'namespace' | 'name'>): string {
  return path.join(classRoot, t.namespace, t.name);
}

/** Drive count of a pool: every server's volumes (one process serves them all). */
export function poolDrives(p: StoredPool): number {
  return p.servers * p.volumes_per_server;
}

/** A pool as the server command's argument: MinIO's ellipses with a size suffix (`…/d{1...4}:100Gi`). */
export function poolArgument(classRoot: string, t: TenantRecord, p: StoredPool): string {
  const n = poolDrives(p);
  const drives = n === 1 ? 'd1' : `d{1...${n}}`;
  return `${path.join(poolDir(classRoot, t, p), drives)}:${p.size}`;
}

/** The folder of the tenant's first pool's class, which its server's command line names: its marker. */
export function processMarker(
  t: TenantRecord,
  classRoot: (cls: string) => string,
  layout: OperatorLayout,
): string {
  const first = t.pools[0];
  return `${first ? tenantVolumesDir(classRoot(first.storageClass), t) : layout.tenantDir(t.namespace, t.name)}${path.sep}`;
}

/** TLS is on when asked for and a certificate exists (autocert or a custom pair). */
export function tlsActive(t: TenantRecord): boolean {
  return t.tls.enabled && (t.tls.autoCert || t.tls.custom.length > 0);
}

/** Checks that a custom pair's key belongs to its certificate. */
export function pairMatches(crt: string, key: string): boolean {
  try {
    return new X509Certificate(crt).checkPrivateKey(createPrivateKey(key));
  } catch {
    return false;
  }
}

/**
 * Builds the launch of a tenant's server: its pools as drive arguments, its port, its certs dir (the
 * first custom pair or the operator-issued one, the operator CA and custom CAs in CAs/) and its env.
 */
export async function buildLaunch(
  t: TenantRecord,
  layout: OperatorLayout,
  classRoot: (cls: string) => string,
  server: ServerCommand,
  ca: OperatorCa,
  autoPair: () => Promise<{ crt: string; key: string }>,
): Promise<LaunchSpec> {
  const args = [...server.prefix, 'server', '--address', `127.0.0.1:${t.port}`];
  // Always a certs dir of the tenant's own (empty without TLS): the server's default is ~/.minio/certs.
  const dir = layout.certsDir(t.namespace, t.name);
  args.push('--certs-dir', dir);
  if (!tlsActive(t)) {
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true, mode: 0o700 });
  } else {
    const custom = t.tls.custom[0];
    const pair = custom?.key !== undefined ? { crt: custom.crt, key: custom.key } : await autoPair();
    const cas = [
      { name: 'operator-ca', pem: await ca.certificate() },
      ...t.tls.cas.map((c) => ({ name: c.name, pem: c.crt })),
    ];
    await writeCertsDir(dir, pair, cas);
  }
  for (const p of t.pools) {
    const root = classRoot(p.storageClass);
    await mkdir(poolDir(root, t, p), { recursive: true });
    args.push(poolArgument(root, t, p));
  }
  return {
    command: server.command,
    args,
    env: { ...t.env, MINIO_ROOT_USER: t.rootUser, MINIO_ROOT_PASSWORD: t.rootPassword },
    logFile: layout.logFile(t.namespace, t.name),
    marker: processMarker(t, classRoot, layout),
  };
}

/** A free loopback port (bound and released; the tenant binds it next). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}
