// SPDX-License-Identifier: Apache-2.0
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, connect as netConnect } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import type { StartedService } from '../service.js';

const SLAPD = '/usr/sbin/slapd';
const SLAPADD = '/usr/sbin/slapadd';
const SCHEMA = '/etc/ldap/schema';
const run = promisify(execFile);

export const LDAP_BASE = 'dc=stowage,dc=test';

/** The seeded directory: people, groups, and a read-only lookup account. */
export const LDAP_DIRECTORY = {
  base: LDAP_BASE,
  usersBase: `ou=people,${LDAP_BASE}`,
  groupsBase: `ou=groups,${LDAP_BASE}`,
  lookup: { dn: `cn=lookup,${LDAP_BASE}`, password: 'lookup-secret' },
  users: {
    alice: { dn: `uid=alice,ou=people,${LDAP_BASE}`, password: 'alice-secret' },
    bob: { dn: `uid=bob,ou=people,${LDAP_BASE}`, password: 'bob-secret' },
    carol: { dn: `uid=carol,ou=people,${LDAP_BASE}`, password: 'carol-secret' },
  },
  groups: {
    /** bob is a member. */
    auditors: `cn=auditors,ou=groups,${LDAP_BASE}`,
    /** alice and carol are members. */
    staff: `cn=staff,ou=groups,${LDAP_BASE}`,
  },
} as const;

/** What tests get from `testService<SlapdInfo>('slapd')`. */
export interface SlapdInfo {
  /** host:port of plain LDAP (StartTLS offered). */
  serverAddr: string;
  /** host:port of LDAPS (a self-signed certificate: tls_skip_verify). */
  tlsServerAddr: string;
  directory: typeof LDAP_DIRECTORY;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

function seedLdif(): string {
  const d = LDAP_DIRECTORY;
  const person = (uid: string, cn: string, password: string): string =>
    `dn: uid=${uid},${d.usersBase}\nobjectClass: inetOrgPerson\nuid: ${uid}\ncn: ${cn}\nsn: ${cn.split(' ')[1]}\n` +
    `mail: ${uid}@stowage.test\nuserPassword: ${password}\n`;
  return [
    `dn: ${LDAP_BASE}\nobjectClass: dcObject\nobjectClass: organization\ndc: stowage\no: Stowage tests\n`,
    `dn: ${d.usersBase}\nobjectClass: organizationalUnit\nou: people\n`,
    `dn: ${d.groupsBase}\nobjectClass: organizationalUnit\nou: groups\n`,
    `dn: ${d.lookup.dn}\nobjectClass: organizationalRole\nobjectClass: simpleSecurityObject\ncn: lookup\n` +
      `userPassword: ${d.lookup.password}\n`,
    person('alice', 'Alice Liddell', d.users.alice.password),
    person('bob', 'Bob Auditor', d.users.bob.password),
    person('carol', 'Carol Nopolicy', d.users.carol.password),
    `dn: ${d.groups.auditors}\nobjectClass: groupOfNames\ncn: auditors\nmember: ${d.users.bob.dn}\n`,
    `dn: ${d.groups.staff}\nobjectClass: groupOfNames\ncn: staff\nmember: ${d.users.alice.dn}\n` +
      `member: ${d.users.carol.dn}\n`,
  ].join('\n');
}

function config(dir: string): string {
  return [
    ...['core', 'cosine', 'inetorgperson', 'nis'].map((s) => `include ${SCHEMA}/${s}.schema`),
    `pidfile ${dir}/slapd.pid`,
    'modulepath /usr/lib/ldap',
    'moduleload back_mdb',
    `TLSCertificateFile ${dir}/cert.pem`,
    `TLSCertificateKeyFile ${dir}/key.pem`,
    'database mdb',
    'maxsize 16777216',
    `suffix "${LDAP_BASE}"`,
    `rootdn "cn=admin,${LDAP_BASE}"`,
    `directory ${dir}/data`,
    // Passwords: only for binding. Everything else: readable by bound accounts (the lookup account).
    'access to attrs=userPassword by anonymous auth by * none',
    'access to * by users read by * none',
    '',
  ].join('\n');
}

async function waitForPort(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`slapd exited (${child.exitCode}): ${log()}`);
    const ok = await new Promise<boolean>((resolve) => {
      const sock = netConnect(port, '127.0.0.1');
      sock.once('connect', () => {
        sock.destroy();
        resolve(true);
      });
      sock.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`slapd did not listen on ${port} within 20 s: ${log()}`);
}

/**
 * Debian's slapd on free ports (LDAP with StartTLS, and LDAPS), its own configuration and MDB database
 * in the scratch dir, seeded with {@link LDAP_DIRECTORY} by slapadd before it starts.
 */
export async function start(scratchDir: string): Promise<StartedService> {
  if (!existsSync(SLAPD)) {
    throw new Error('slapd is not installed: apt-get install slapd (scripts/system-deps.sh does)');
  }
  await mkdir(path.join(scratchDir, 'data'), { recursive: true });
  await run('/usr/bin/openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=127.0.0.1',
    '-keyout',
    path.join(scratchDir, 'key.pem'),
    '-out',
    path.join(scratchDir, 'cert.pem'),
  ]);
  const conf = path.join(scratchDir, 'slapd.conf');
  await writeFile(conf, config(scratchDir));
  await writeFile(path.join(scratchDir, 'seed.ldif'), seedLdif());
  await run(SLAPADD, ['-f', conf, '-l', path.join(scratchDir, 'seed.ldif')]);
  const [port, tlsPort] = [await freePort(), await freePort()];
  let output = '';
  const child = spawn(
    SLAPD,
    ['-f', conf, '-h', `ldap://127.0.0.1:${port}/ ldaps://127.0.0.1:${tlsPort}/`, '-d', '0'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const keep = (b: Buffer): void => {
    output = (output + b.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  await waitForPort(port, child, () => output);
  await waitForPort(tlsPort, child, () => output);
  const info: SlapdInfo = {
    serverAddr: `127.0.0.1:${port}`,
    tlsServerAddr: `127.0.0.1:${tlsPort}`,
    directory: LDAP_DIRECTORY,
  };
  return {
    info: info as unknown as Record<string, unknown>,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
