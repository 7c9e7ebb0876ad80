// SPDX-License-Identifier: Apache-2.0
import { assumeRoleWithLDAPIdentity, MadminError, type StsCredentials } from '@stowage/madmin';
import type { SignInCredentials } from '../clients/sign-in.js';
import { issuedCredentials } from '../clients/store-clients.js';
import type { StoreEndpoint } from '../clients/store-endpoint.js';

/** The directory refused the user: the server's reason (wrong password, no policy, …). */
export interface LdapRefusal {
  refused: string;
}

/**
 * STS AssumeRoleWithLDAPIdentity with the form's username and password. AccessDenied is a refusal the
 * caller reports (or falls back to access keys on); anything else (the directory unreachable) is thrown.
 */
export async function ldapSignIn(
  endpoint: StoreEndpoint,
  username: string,
  password: string,
  durationSeconds: number,
): Promise<SignInCredentials | LdapRefusal> {
  try {
    const c = await assumeRoleWithLDAPIdentity({
      endpoint: endpoint.url,
      ldapUsername: username,
      ldapPassword: password,
      durationSeconds,
    });
    return stsSignIn(c, durationSeconds, endpoint);
  } catch (err) {
    if (err instanceof MadminError && err.code === 'AccessDenied') return { refused: err.message };
    throw err;
  }
}

/** A session's credentials from an STS answer of an identity-provider sign-in (LDAP, OpenID). */
export function stsSignIn(
  c: StsCredentials,
  durationSeconds: number,
  endpoint: StoreEndpoint,
): SignInCredentials {
  return { ...issuedCredentials(c, durationSeconds, endpoint.s3Region), mode: 'sts' };
}
