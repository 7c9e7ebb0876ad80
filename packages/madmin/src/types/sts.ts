// SPDX-License-Identifier: Apache-2.0
// Types of STS AssumeRole (PROTOCOL-NOTES §3; minio-go pkg/credentials/assume_role.go).
import type { AdminTransportOptions } from '../transport.js';
import type { PolicyDocument } from './policies.js';

/** Temporary credentials, with the XML element names of `AssumeRoleResult/Credentials`. */
export interface StsCredentials {
  AccessKeyId: string;
  SecretAccessKey: string;
  SessionToken: string;
  /** RFC 3339. */
  Expiration: string;
}

export interface AssumeRoleOptions {
  /** `http(s)://host:port`. */
  endpoint: string;
  accessKey: string;
  secretKey: string;
  /** 900..31536000; the server's default (3600) when omitted. */
  durationSeconds?: number;
  /** Session policy (JSON text or document) that narrows the caller's rights. */
  policy?: string | PolicyDocument;
  /** Signing region; empty like the console when omitted. */
  region?: string;
  signal?: AbortSignal;
  /** See {@link AdminTransportOptions.fetch}. */
  fetch?: typeof fetch;
  /** See {@link AdminTransportOptions.timeoutMs}. */
  timeoutMs?: number;
}

/** Options shared by the unsigned identity-provider flavours of AssumeRole. */
interface IdentityStsOptions {
  endpoint: string;
  /** 900..31536000; bounded by the token's own expiry for web identities. */
  durationSeconds?: number;
  policy?: string | PolicyDocument;
  signal?: AbortSignal;
}

export interface AssumeRoleWithWebIdentityOptions extends IdentityStsOptions {
  /** The OpenID Connect ID token (JWT). */
  webIdentityToken: string;
  webIdentityAccessToken?: string;
  /** Selects the OpenID configuration when several are set up. */
  roleArn?: string;
}

export interface AssumeRoleWithLDAPIdentityOptions extends IdentityStsOptions {
  ldapUsername: string;
  ldapPassword: string;
}
