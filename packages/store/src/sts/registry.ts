// SPDX-License-Identifier: Apache-2.0
import { assumeRole } from './assume-role.js';
import { assumeRoleWithCertificate } from './assume-role-with-certificate.js';
import { assumeRoleWithCustomToken } from './assume-role-with-custom-token.js';
import { assumeRoleWithLdapIdentity } from './assume-role-with-ldap-identity.js';
import { assumeRoleWithClientGrants, assumeRoleWithWebIdentity } from './assume-role-with-web-identity.js';
import type { StsAction } from './types.js';

/**
 * STS actions by their `Action` parameter. AssumeRoleWithWebIdentity (OpenID) and
 * AssumeRoleWithLDAPIdentity plug in here with their own files.
 */
export const STS_ACTIONS: Readonly<Record<string, StsAction>> = {
  AssumeRole: assumeRole,
  AssumeRoleWithWebIdentity: assumeRoleWithWebIdentity,
  AssumeRoleWithClientGrants: assumeRoleWithClientGrants,
  AssumeRoleWithLDAPIdentity: assumeRoleWithLdapIdentity,
  AssumeRoleWithCustomToken: assumeRoleWithCustomToken,
  AssumeRoleWithCertificate: assumeRoleWithCertificate,
};
