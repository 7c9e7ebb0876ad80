// SPDX-License-Identifier: Apache-2.0
import type { TenantSecurityResponse, UpdateTenantSecurityRequest } from '@stowage/contracts';
import { OperatorError } from '../driver.js';
import { certificateInfo, decodePem, readCertificate } from './certs.js';
import type { TenantRecord } from './files.js';
import { pairMatches } from './tenant-launch.js';

/** The Security tab of a tenant: autocert and its custom certificates. */
export function securityView(t: TenantRecord): TenantSecurityResponse {
  return {
    autoCert: t.tls.enabled && t.tls.autoCert,
    customCertificates: {
      minio: t.tls.custom.map((c) => certificateInfo(c.name, c.crt)),
      minioCAs: t.tls.cas.map((c) => certificateInfo(c.name, c.crt)),
    },
  };
}

/** Next free `{tenant}-{kind}-{n}` secret name. */
function nextName(t: TenantRecord, kind: string, taken: ReadonlySet<string>): string {
  for (let n = 1; ; n++) {
    const name = `${t.name}-${kind}-${n}`;
    if (!taken.has(name)) return name;
  }
}

/**
 * Applies a Save of the Security tab to `t` (in place): removes the listed secrets, adds the new pairs
 * (each key must match its certificate) and CAs, sets autocert. TLS stays on while autocert or a pair is.
 */
export function applySecurity(t: TenantRecord, req: UpdateTenantSecurityRequest): void {
  const drop = new Set(req.customCertificates.secretsToBeDeleted ?? []);
  const custom = t.tls.custom.filter((c) => !drop.has(c.name));
  const cas = t.tls.cas.filter((c) => !drop.has(c.name));
  const taken = new Set([...custom, ...cas].map((c) => c.name));
  for (const [i, pair] of (req.customCertificates.minio ?? []).entries()) {
    const { pem } = readCertificate(pair.crt, `certificate of pair ${i + 1}`);
    const key = decodePem(pair.key);
    if (!pairMatches(pem, key)) {
      throw new OperatorError(
        400,
        'The private key does not match its certificate',
        `Pair ${i + 1}: the key is not the certificate's key`,
      );
    }
    const name = (pair as { name?: string }).name ?? nextName(t, 'certificate', taken);
    taken.add(name);
    custom.push({ name, crt: pem, key });
  }
  for (const [i, ca] of (req.customCertificates.minioCAs ?? []).entries()) {
    const { pem } = readCertificate(ca, `CA certificate ${i + 1}`);
    const name = nextName(t, 'ca-certificate', taken);
    taken.add(name);
    cas.push({ name, crt: pem });
  }
  t.tls = { enabled: req.autoCert || custom.length > 0, autoCert: req.autoCert, custom, cas };
}
