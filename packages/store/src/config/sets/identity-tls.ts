// SPDX-License-Identifier: Apache-2.0
import type { ConfigSetDef } from '../registry.js';
import { COMMENT_KEY, optionalKey } from './keys.js';

/**
 * `identity_tls`: STS AssumeRoleWithCertificate, sign-in with an X.509 client certificate over TLS
 * (the subject's CN names the user and the policy). MinIO turns it on only with the environment
 * (MINIO_IDENTITY_TLS_ENABLE) and has one stored key, `skip_verify`; here `enable` is a stored key too,
 * so Settings can turn it on — the same variable still overrides it. Read per request by the STS, and the
 * TLS listener starts (or stops) asking for client certificates when it is saved: applies at once.
 */
export const identityTls: ConfigSetDef = {
  subSys: 'identity_tls',
  description: 'enable X.509 TLS certificate SSO support',
  multipleTargets: false,
  apply: 'dynamic',
  keys: [
    optionalKey(
      'enable',
      'on|off',
      "enable STS AssumeRoleWithCertificate: the TLS listener asks clients for a certificate (default: 'off')",
      'off',
    ),
    optionalKey(
      'skip_verify',
      'on|off',
      "trust client certificates without verification (default: 'off')",
      'off',
    ),
    COMMENT_KEY,
  ],
};
