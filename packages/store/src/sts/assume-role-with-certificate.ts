// SPDX-License-Identifier: Apache-2.0
import type { X509Certificate } from 'node:crypto';
import { S3Error } from '../core/errors.js';
import type { RequestTls } from '../core/request.js';
import { tlsIdentitySettings } from './identity-settings.js';
import { durationParam, externalPolicies } from './params.js';
import type { StsAction } from './types.js';

/** Extended key usages that allow client authentication (RFC 5280: clientAuth, anyExtendedKeyUsage). */
const CLIENT_AUTH_USAGES = new Set(['1.3.6.1.5.5.7.3.2', '2.5.29.37.0']);

/** OpenSSL's verification codes a client most often meets, in words. */
const VERIFY_REASONS: Readonly<Record<string, string>> = {
  CERT_HAS_EXPIRED: 'it has expired',
  CERT_NOT_YET_VALID: 'it is not valid yet',
  INVALID_PURPOSE: 'its extended key usage does not allow client authentication',
};

/** One attribute of a distinguished name as Node prints it (`CN=alice\nO=org`); '' when absent. */
function dnAttribute(dn: string, name: string): string {
  for (const line of dn.split('\n')) {
    if (line.startsWith(`${name}=`)) return line.slice(name.length + 1);
  }
  return '';
}

/**
 * The client's certificate, checked as MinIO checks it: present and not a CA; trusted by the listener's
 * CAs (OpenSSL verified the chain, key usage for client authentication and validity during the
 * handshake) unless `skip_verify` is on, in which case only its extended key usage must allow client
 * authentication; never expired either way.
 */
function clientCertificate(tls: RequestTls, skipVerify: boolean): X509Certificate {
  const cert = tls.peerCertificate;
  if (cert === null || cert.ca) {
    throw new S3Error(
      'MissingParameter',
      cert === null
        ? 'No client certificate provided: AssumeRoleWithCertificate needs a TLS client certificate'
        : 'No client certificate provided: the certificate presented is a CA certificate',
    );
  }
  if (!skipVerify && tls.authorizationError !== null) {
    const why =
      VERIFY_REASONS[tls.authorizationError] ?? `no CA of this server trusts it (${tls.authorizationError})`;
    throw new S3Error('InvalidClientCertificate', `The client certificate is invalid: ${why}`);
  }
  if (skipVerify && !(cert.keyUsage ?? []).some((u) => CLIENT_AUTH_USAGES.has(u))) {
    throw new S3Error('MissingParameter', 'certificate is not valid for client authentication');
  }
  if (cert.validToDate.getTime() <= Date.now()) {
    throw new S3Error('InvalidClientCertificate', 'The client certificate is invalid: it has expired');
  }
  return cert;
}

/**
 * AssumeRoleWithCertificate (anonymous, over TLS with a client certificate; `identity_tls` enabled): the
 * certificate's subject CN is the user and names the one canned policy the credentials get (MinIO maps
 * no groups). `DurationSeconds` 900 s–365 d (default 1 h), and never beyond the certificate's expiry.
 */
export const assumeRoleWithCertificate: StsAction = {
  requiresSignature: false,
  async handle(params, req, ctx) {
    const settings = tlsIdentitySettings(ctx.config);
    if (!settings.enabled) {
      throw new S3Error(
        'STSNotInitialized',
        "STS API 'AssumeRoleWithCertificate' is disabled: enable the identity_tls configuration",
      );
    }
    if (req.tls === undefined) {
      throw new S3Error(
        'InsecureConnection',
        'AssumeRoleWithCertificate needs a TLS connection: this request came over plain HTTP',
      );
    }
    const cert = clientCertificate(req.tls, settings.skipVerify);
    const cn = dnAttribute(cert.subject, 'CN');
    if (cn === '') throw new S3Error('MissingParameter', 'certificate subject CN cannot be empty');
    const requested = durationParam(params);
    const left = Math.floor((cert.validToDate.getTime() - Date.now()) / 1000);
    const policies = externalPolicies(ctx, [cn]);
    const credentials = await ctx.iam.createStsSession({
      parentUser: `tls=${cn}`,
      durationSeconds: Math.min(requested, left),
      claims: {
        'jwt:sub': cn,
        'jwt:aud': dnAttribute(cert.subject, 'O'),
        'jwt:iss': dnAttribute(cert.issuer, 'CN'),
      },
      externalPolicies: policies,
      source: 'AssumeRoleWithCertificate',
    });
    return { action: 'AssumeRoleWithCertificate', credentials };
  },
};
