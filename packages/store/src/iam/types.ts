// SPDX-License-Identifier: Apache-2.0
/**
 * The contract between request authentication (../auth, SigV4) and identity management (this folder).
 * The IAM subsystem owns users, groups, policies, service accounts and STS sessions; the S3 and admin
 * handlers only ask it who a key belongs to and whether an action is allowed.
 */

export type IdentityKind = 'root' | 'user' | 'service-account' | 'sts' | 'anonymous';

export interface Identity {
  kind: IdentityKind;
  /** The access key that signed the request ('' for anonymous). */
  accessKey: string;
  /** For service accounts and STS sessions: the user they act for. For users and root: themselves. */
  parentUser: string;
  /** Extra claims usable in policy variables (jwt:*, ldap:*). */
  claims?: Record<string, string>;
}

export interface ResolvedCredentials {
  secretKey: string;
  /** STS sessions must present this token as X-Amz-Security-Token. */
  sessionToken?: string;
  identity: Identity;
}

export interface AuthorizationRequest {
  identity: Identity;
  /** e.g. 's3:GetObject', 'admin:ListUsers'. */
  action: string;
  bucket?: string;
  key?: string;
  /** Condition keys (s3:prefix, aws:SourceIp, s3:x-amz-server-side-encryption, …). */
  conditions: Record<string, string[]>;
}

export interface CredentialStore {
  /** null when the key is unknown, disabled, or expired (STS). */
  lookup(accessKey: string): Promise<ResolvedCredentials | null>;
}

export interface Authorizer {
  isAllowed(req: AuthorizationRequest): Promise<boolean>;
}
