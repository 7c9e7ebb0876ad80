// SPDX-License-Identifier: Apache-2.0
import type https from 'node:https';
import { type ConfigService, isOn } from '../config/registry.js';

/** The listener's key pair and the certs folder's `CAs/`. */
export interface ListenerTls {
  cert: Buffer;
  key: Buffer;
  cas?: Buffer[];
}

/**
 * Makes the TLS listener ask for — never require — a client certificate while `identity_tls` is enabled
 * (MinIO does so with MINIO_IDENTITY_TLS_ENABLE), and stop asking when it is turned off, so a browser is
 * not prompted for a certificate it does not need. Client certificates are verified against the certs
 * folder's `CAs/` (Node's default roots when it has none); those CAs are the ones the certificate request
 * names, so a client (Go's crypto/tls among them) offers a certificate they issued. With `skip_verify`
 * the request names no CA, and any certificate is offered and accepted unverified, as in MinIO.
 *
 * Node's TLS server reads `requestCert` and `rejectUnauthorized` for each new connection and
 * `setSecureContext` replaces the CAs for the next handshakes: a saved change needs no restart. A
 * certificate that fails verification still connects; the STS answers InvalidClientCertificate.
 * Returns the unsubscribe.
 */
export function followIdentityTls(server: https.Server, config: ConfigService, tls: ListenerTls): () => void {
  if (!config.sets.some((s) => s.subSys === 'identity_tls')) return () => undefined;
  const listener = server as https.Server & { requestCert: boolean; rejectUnauthorized: boolean };
  const cas = tls.cas ?? [];
  let namingCas = false;
  return config.subscribe('identity_tls', (targets) => {
    const values = targets[0]?.values ?? {};
    const nameCas = cas.length > 0 && !isOn(values.skip_verify);
    if (nameCas !== namingCas) {
      server.setSecureContext({ cert: tls.cert, key: tls.key, ...(nameCas ? { ca: cas } : {}) });
      namingCas = nameCas;
    }
    listener.requestCert = isOn(values.enable);
    listener.rejectUnauthorized = false;
  });
}
