// SPDX-License-Identifier: Apache-2.0
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { createSecureContext, getCACertificates, setDefaultCACertificates } from 'node:tls';
import { CliError } from './cli-error.js';

/**
 * A certs folder in MinIO's layout: `public.crt` (the server's certificate, chain after it),
 * `private.key` (its unencrypted PEM key) and optionally `CAs/*` (more CA certificates, PEM). Used by
 * `stowage server --certs-dir` and by `npm start` (STOWAGE_CERTS_DIR).
 */
export interface CertsDir {
  cert: Buffer;
  key: Buffer;
  /** PEM text of `CAs/*` (may be empty): the certificates a client of this server should trust besides the cert. */
  cas: Buffer[];
}

async function readOptional(file: string): Promise<Buffer | null> {
  try {
    return await fsp.readFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new CliError(`cannot read ${file}: ${(err as Error).message}`);
  }
}

function reason(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '';
}

/**
 * Loads and checks the key pair of a certs folder. Returns null when the folder holds neither file
 * (plain HTTP, as MinIO); throws a CliError naming the file when one is missing, unparsable, or the key
 * does not belong to the certificate.
 */
export async function loadCertsDir(dir: string): Promise<CertsDir | null> {
  const certFile = path.join(dir, 'public.crt');
  const keyFile = path.join(dir, 'private.key');
  const [cert, key] = await Promise.all([readOptional(certFile), readOptional(keyFile)]);
  if (!cert && !key) return null;
  if (!key) throw new CliError(`TLS: ${certFile} has no private key beside it (${keyFile} is missing)`);
  if (!cert) throw new CliError(`TLS: ${keyFile} has no certificate beside it (${certFile} is missing)`);
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(cert);
  } catch (err) {
    throw new CliError(`TLS: ${certFile} is not a PEM certificate (${reason(err)})`);
  }
  let privateKey: ReturnType<typeof createPrivateKey>;
  try {
    privateKey = createPrivateKey(key);
  } catch (err) {
    throw new CliError(`TLS: ${keyFile} is not an unencrypted PEM private key (${reason(err)})`);
  }
  if (!x509.checkPrivateKey(privateKey)) {
    throw new CliError(`TLS: ${keyFile} is not the key of the certificate ${certFile} (${x509.subject})`);
  }
  const casDir = path.join(dir, 'CAs');
  const names = await fsp.readdir(casDir).catch(() => [] as string[]);
  const cas: Buffer[] = [];
  for (const name of names.sort()) {
    const file = path.join(casDir, name);
    if (!(await fsp.stat(file)).isFile()) continue;
    const pem = await fsp.readFile(file);
    try {
      new X509Certificate(pem);
    } catch (err) {
      throw new CliError(`TLS: ${file} is not a PEM certificate (${reason(err)})`);
    }
    cas.push(pem);
  }
  try {
    createSecureContext({ cert, key, ...(cas.length > 0 ? { ca: cas } : {}) });
  } catch (err) {
    throw new CliError(`TLS: ${certFile} and ${keyFile} cannot serve TLS (${reason(err)})`);
  }
  return { cert, key, cas };
}

/**
 * Adds the certificate and `CAs/` to the roots this process trusts for its own outgoing TLS (as MinIO
 * trusts its certs folder): the console reaching its embedded store, webhooks and notification targets.
 */
export function trustCertsDir(certs: CertsDir): void {
  const extra = [certs.cert, ...certs.cas].map((b) => b.toString('utf8'));
  setDefaultCACertificates([...getCACertificates('default'), ...extra]);
}
