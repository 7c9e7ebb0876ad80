// SPDX-License-Identifier: Apache-2.0
import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import https from 'node:https';
import path from 'node:path';
import { promisify } from 'node:util';
import * as Minio from 'minio';

const exec = promisify(execFile);
const OPENSSL = '/usr/bin/openssl';

export interface TestCerts {
  /** MinIO's layout: public.crt, private.key, CAs/ca.crt. */
  certsDir: string;
  /** The CA's certificate (PEM file) a client trusts. */
  caFile: string;
  ca: Buffer;
  cert: Buffer;
  key: Buffer;
}

/**
 * A test CA and a server certificate it signed for 127.0.0.1 and localhost, made with openssl in
 * `dir` (Debian's openssl package).
 */
export async function makeTestCerts(dir: string): Promise<TestCerts> {
  const certsDir = path.join(dir, 'certs');
  await mkdir(path.join(certsDir, 'CAs'), { recursive: true });
  const f = (name: string): string => path.join(dir, name);
  await exec(OPENSSL, [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=Stowage test CA',
    '-keyout',
    f('ca.key'),
    '-out',
    f('ca.crt'),
  ]);
  await exec(OPENSSL, [
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-subj',
    '/CN=localhost',
    '-keyout',
    path.join(certsDir, 'private.key'),
    '-out',
    f('server.csr'),
  ]);
  await writeFile(f('san.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  await exec(OPENSSL, [
    'x509',
    '-req',
    '-in',
    f('server.csr'),
    '-CA',
    f('ca.crt'),
    '-CAkey',
    f('ca.key'),
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    f('san.ext'),
    '-out',
    path.join(certsDir, 'public.crt'),
  ]);
  const ca = await readFile(f('ca.crt'));
  await writeFile(path.join(certsDir, 'CAs', 'ca.crt'), ca);
  return {
    certsDir,
    caFile: f('ca.crt'),
    ca,
    cert: await readFile(path.join(certsDir, 'public.crt')),
    key: await readFile(path.join(certsDir, 'private.key')),
  };
}

/** A second key pair (self-signed) for tests of a key that does not match its certificate. */
export async function makeOtherKey(dir: string): Promise<string> {
  const key = path.join(dir, 'other.key');
  await exec(OPENSSL, ['genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', key]);
  return key;
}

/** A minio SDK client of an `https://host:port` server whose certificate `ca` signed. */
export function tlsClient(url: string, accessKey: string, secretKey: string, ca: Buffer): Minio.Client {
  const u = new URL(url);
  return new Minio.Client({
    endPoint: u.hostname,
    port: Number(u.port),
    useSSL: true,
    accessKey,
    secretKey,
    region: 'us-east-1',
    transportAgent: new https.Agent({ ca }),
  });
}
