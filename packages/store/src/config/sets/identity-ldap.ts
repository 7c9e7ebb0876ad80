// SPDX-License-Identifier: Apache-2.0
import type { ConfigSetDef } from '../registry.js';
import { COMMENT_KEY, optionalKey, requiredKey } from './keys.js';

/** `identity_ldap`: Active Directory / LDAP sign-in, read by the STS on each request (applies at once). */
export const identityLdap: ConfigSetDef = {
  subSys: 'identity_ldap',
  description: 'enable LDAP SSO support',
  multipleTargets: false,
  apply: 'dynamic',
  keys: [
    requiredKey('server_addr', 'AD/LDAP server address e.g. "myldapserver.com:636"', 'address', true),
    optionalKey(
      'lookup_bind_dn',
      'string',
      'DN for LDAP read-only service account used to perform DN and group lookups',
      '',
      true,
    ),
    optionalKey(
      'lookup_bind_password',
      'string',
      'Password for LDAP read-only service account used to perform DN and group lookups',
      '',
      true,
    ),
    optionalKey(
      'user_dn_search_base_dn',
      'string',
      '";" separated list of user search base DNs e.g. "dc=myldapserver,dc=com"',
    ),
    optionalKey('user_dn_search_filter', 'string', 'Search filter to lookup user DN'),
    optionalKey(
      'group_search_filter',
      'string',
      'search filter for groups e.g. "(&(objectclass=groupOfNames)(memberUid=%s))"',
    ),
    optionalKey(
      'group_search_base_dn',
      'string',
      '";" separated list of group search base DNs e.g. "dc=myldapserver,dc=com"',
    ),
    optionalKey('tls_skip_verify', 'on|off', 'trust server TLS without verification', 'off'),
    optionalKey('server_insecure', 'on|off', 'allow plain text connection to AD/LDAP server', 'off'),
    optionalKey('server_starttls', 'on|off', 'use StartTLS connection to AD/LDAP server', 'off'),
    COMMENT_KEY,
  ],
};
