// SPDX-License-Identifier: Apache-2.0
import { execFile } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { CertificateInfo } from '@stowage/contracts';
import { OperatorError } from '../driver.js';

const run = promisify(execFile);

/**
 * `openssl req -x509 -new` with a new P-256 key, unencrypted: the key to `keyFile`, the certificate to
 * `crtFile`; `more` says who signs it, for how long, its subject and extensions.
 */
async function newCertificate(keyFile: string, crtFile: string, more: readonly string[]): Promise<void> {
  await run('openssl', [
    'req',
    '-x509',
    '-new',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-keyout',
    keyFile,
    '-out',
    crtFile,
    ...more,
  ]);
}

/**
 * The operator's certificates, made with Debian's `openssl` command (no x509 library is in the
 * project, and OpenSSL is the tool administrators use for the same job). The operator keeps its own CA
 * (`<root>/ca/ca.crt`, `ca.key`) and issues each autocert tenant a server certificate for localhost and
 * 127.0.0.1; certificates are read back with Node's `X509Certificate`.
 */
export class OperatorCa {
  readonly #crt: string;
  readonly #key: string;
  #ready: Promise<void> | null = null;

  constructor(private readonly dir: string) {
    this.#crt = path.join(dir, 'ca.crt');
    this.#key = path.join(dir, 'ca.key');
  }

  /** PEM of the CA, created on first use. */
  async certificate(): Promise<string> {
    await this.#ensure();
    return readFile(this.#crt, 'utf8');
  }

  /** A key pair for `names` (DNS names and IPs), signed by the CA: PEM texts. */
  async issue(commonName: string, names: readonly string[]): Promise<{ crt: string; key: string }> {
    await this.#ensure();
    const work = path.join(
      this.dir,
      `issue-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    );
    await mkdir(work, { recursive: true, mode: 0o700 });
    try {
      const san = names.map((n) => (/^[\d.]+$|:/.test(n) ? `IP:${n}` : `DNS:${n}`)).join(',');
      await newCertificate(path.join(work, 'key.pem'), path.join(work, 'crt.pem'), [
        '-CA',
        this.#crt,
        '-CAkey',
        this.#key,
        '-days',
        '825',
        '-subj',
        `/O=Stowage tenants/CN=${commonName}`,
        '-addext',
        `subjectAltName=${san}`,
        '-addext',
        'basicConstraints=critical,CA:FALSE',
        '-addext',
        'keyUsage=critical,digitalSignature,keyEncipherment',
        '-addext',
        'extendedKeyUsage=serverAuth',
      ]);
      return {
        crt: await readFile(path.join(work, 'crt.pem'), 'utf8'),
        key: await readFile(path.join(work, 'key.pem'), 'utf8'),
      };
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  #ensure(): Promise<void> {
    this.#ready ??= (async () => {
      try {
        await readFile(this.#crt);
        return;
      } catch {
        // Not made yet.
      }
      await mkdir(this.dir, { recursive: true, mode: 0o700 });
      await newCertificate(this.#key, this.#crt, [
        '-days',
        '3650',
        '-subj',
        '/O=Stowage/CN=Stowage operator CA',
        '-addext',
        'basicConstraints=critical,CA:TRUE',
        '-addext',
        'keyUsage=critical,keyCertSign,cRLSign',
      ]);
    })();
    this.#ready.catch(() => {
      this.#ready = null;
    });
    return this.#ready;
  }
}

/** Decodes a base64 PEM from the UI (or takes PEM as it is) and checks it is a certificate. */
export function readCertificate(encoded: string, what: string): { pem: string; cert: X509Certificate } {
  const pem = decodePem(encoded);
  try {
    return { pem, cert: new X509Certificate(pem) };
  } catch (err) {
    throw new OperatorError(
      400,
      `The ${what} is not a PEM certificate`,
      err instanceof Error ? err.message : String(err),
    );
  }
}

export function decodePem(encoded: string): string {
  return encoded.includes('-----BEGIN') ? encoded : Buffer.from(encoded, 'base64').toString('utf8');
}

/** What the Security tab shows of a certificate. */
export function certificateInfo(name: string, pem: string): CertificateInfo {
  const cert = new X509Certificate(pem);
  const domains = (cert.subjectAltName ?? '')
    .split(',')
    .map((s) => s.trim().replace(/^(DNS|IP Address):/, ''))
    .filter((s) => s !== '');
  const cn = /CN=([^\n,]+)/.exec(cert.subject)?.[1];
  return {
    serialNumber: cert.serialNumber,
    name,
    domains: domains.length > 0 ? domains : cn ? [cn] : [],
    expiry: new Date(cert.validTo).toISOString(),
  };
}

/** Writes MinIO's certs layout: public.crt, private.key, CAs/*.crt. */
export async function writeCertsDir(
  dir: string,
  pair: { crt: string; key: string },
  cas: readonly { name: string; pem: string }[],
): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(path.join(dir, 'CAs'), { recursive: true, mode: 0o700 });
  await writeFile(path.join(dir, 'public.crt'), pair.crt, { mode: 0o600 });
  await writeFile(path.join(dir, 'private.key'), pair.key, { mode: 0o600 });
  for (const ca of cas) await writeFile(path.join(dir, 'CAs', `${ca.name}.crt`), ca.pem, { mode: 0o600 });
}
