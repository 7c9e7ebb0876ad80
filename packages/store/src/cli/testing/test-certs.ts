// SPDX-License-Identifier: Apache-2.0
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
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
  /** The CA's private key (PEM file), for certificates a test signs with it. */
  caKeyFile: string;
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
  const ca = await makeCert(dir, 'ca', { subject: '/CN=Stowage test CA' });
  const server = await makeCert(dir, 'server', {
    subject: '/CN=localhost',
    ca,
    extensions: ['subjectAltName=IP:127.0.0.1,DNS:localhost'],
  });
  await writeFile(path.join(certsDir, 'public.crt'), server.cert);
  await writeFile(path.join(certsDir, 'private.key'), server.key);
  await writeFile(path.join(certsDir, 'CAs', 'ca.crt'), ca.cert);
  return {
    certsDir,
    caFile: ca.certFile,
    caKeyFile: ca.keyFile,
    ca: ca.cert,
    cert: server.cert,
    key: server.key,
  };
}

/** A certificate and its key, as files and as PEM. */
export interface TestKeyPair {
  certFile: string;
  keyFile: string;
  cert: Buffer;
  key: Buffer;
}

export interface CertOptions {
  /** The subject, e.g. `/CN=alice/O=team` (`/O=team` for one without a CN). */
  subject: string;
  /** The issuing CA; self-signed when absent. */
  ca?: { certFile: string; keyFile: string };
  /** Days of validity; -1 (with a `ca`) makes a certificate that has already expired. Default 2. */
  days?: number;
  /** X.509v3 extensions, one per line (e.g. `extendedKeyUsage=clientAuth`, `subjectAltName=IP:127.0.0.1`). */
  extensions?: string[];
}

/**
 * A key pair made with openssl in `dir` under `name` (`<name>.crt`, `<name>.key`) with the extensions
 * given: signed by `ca`, or self-signed as `openssl req -x509` makes it (a CA certificate too, so a peer
 * can trust it directly) — servers' certificates (a subjectAltName) and client ones (an
 * extendedKeyUsage) alike.
 */
export async function makeCert(dir: string, name: string, opts: CertOptions): Promise<TestKeyPair> {
  const certFile = path.join(dir, `${name}.crt`);
  const keyFile = path.join(dir, `${name}.key`);
  const days = String(opts.days ?? 2);
  const newKey = ['-newkey', 'rsa:2048', '-nodes', '-subj', opts.subject, '-keyout', keyFile];
  if (opts.ca) {
    const extFile = path.join(dir, `${name}.ext`);
    const csr = path.join(dir, `${name}.csr`);
    await writeFile(extFile, `${(opts.extensions ?? []).join('\n')}\n`);
    await exec(OPENSSL, ['req', ...newKey, '-out', csr]);
    // A random serial (not -CAcreateserial's file), so certificates can be signed in parallel.
    const serial = `0x${randomBytes(16).toString('hex')}`;
    const signer = ['-CA', opts.ca.certFile, '-CAkey', opts.ca.keyFile, '-set_serial', serial];
    await exec(OPENSSL, [
      'x509',
      '-req',
      '-in',
      csr,
      ...signer,
      '-days',
      days,
      '-extfile',
      extFile,
      '-out',
      certFile,
    ]);
  } else {
    const addext = (opts.extensions ?? []).flatMap((e) => ['-addext', e]);
    await exec(OPENSSL, ['req', '-x509', ...newKey, '-days', days, ...addext, '-out', certFile]);
  }
  return { certFile, keyFile, cert: await readFile(certFile), key: await readFile(keyFile) };
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
