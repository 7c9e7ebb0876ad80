// SPDX-License-Identifier: Apache-2.0
/**
 * Persisted IAM records (JSON documents in the system store, one per entity). Times are ISO 8601 strings.
 * Secret keys are stored here and nowhere else; they never reach a log line.
 */

export type UserStatus = 'enabled' | 'disabled';
export type ServiceAccountStatus = 'on' | 'off';

export interface UserRecord {
  accessKey: string;
  secretKey: string;
  status: UserStatus;
  updatedAt: string;
}

export interface GroupRecord {
  name: string;
  members: string[];
  status: UserStatus;
  updatedAt: string;
}

export interface PolicyRecord {
  name: string;
  /** The document as the client wrote it. */
  policy: Record<string, unknown>;
  createDate: string;
  updateDate: string;
}

/** Policies attached to one user or group (names, in attach order). */
export interface PolicyMappingRecord {
  name: string;
  policies: string[];
  updatedAt: string;
}

export interface ServiceAccountRecord {
  accessKey: string;
  secretKey: string;
  parentUser: string;
  status: ServiceAccountStatus;
  /** Optional narrowing session policy as written; absent = the parent's policies apply unchanged. */
  sessionPolicy?: Record<string, unknown>;
  comment?: string;
  /**
   * Set when the parent is an external identity (OpenID subject, LDAP DN): the canned policies its STS
   * session had when the account was made, which apply instead of an internal user's mappings.
   */
  externalPolicies?: string[];
  createdAt: string;
  updatedAt: string;
}

/** A temporary credential issued by STS; kept until it expires so sessions survive a restart. */
export interface StsSessionRecord {
  accessKey: string;
  secretKey: string;
  sessionToken: string;
  parentUser: string;
  /** Epoch milliseconds. */
  expiration: number;
  sessionPolicy?: Record<string, unknown>;
  /** Extra claims (jwt:*, ldap:*) for policy variables. */
  claims?: Record<string, string>;
  /** Which STS action issued it (AssumeRole, AssumeRoleWithWebIdentity, …). */
  source: string;
  /**
   * Set for identities from an external provider (OpenID, LDAP): the parent is not an internal user,
   * and these canned policy names (from the token's claim or the directory's mappings) apply instead
   * of an internal user's mappings.
   */
  externalPolicies?: string[];
}
