// SPDX-License-Identifier: Apache-2.0
import type { PolicyEntitiesResult } from '@stowage/madmin';
import { S3Error } from '../../core/errors.js';
import { ldapSettings } from '../../sts/identity-settings.js';
import type { AdminOperation } from '../call.js';

/** Is `dn` one of the bases or under one of them (DNs compared without case and spaces after commas)? */
export function underBase(dn: string, bases: readonly string[]): boolean {
  const norm = (s: string): string => s.toLowerCase().replace(/,\s+/g, ',');
  const d = norm(dn);
  return bases.some((b) => {
    const base = norm(b);
    return base !== '' && (d === base || d.endsWith(`,${base}`));
  });
}

/**
 * Admin API: GetLDAPPolicyEntities — `GET /idp/ldap/policy-entities?user=&group=&policy=` (each may
 * repeat) → **E** `{timestamp, userMappings, groupMappings, policyMappings}`, as MinIO lists them: only
 * the mappings of user DNs under the user search bases and group DNs under the group search bases (the
 * built-in users' and groups' mappings are left out); no filter lists all. Without LDAP configured the
 * call is refused (XMinioIAMActionNotAllowed), as MinIO refuses it.
 */
export const listLdapPolicyEntities: AdminOperation = async (call) => {
  const settings = ldapSettings(call.ctx.config);
  if (!settings) {
    throw new S3Error(
      'XMinioIAMActionNotAllowed',
      'LDAP is not configured on this server (identity_ldap): there are no LDAP policy mappings to list',
    );
  }
  const isUser = (dn: string): boolean => underBase(dn, settings.userDnSearchBaseDns);
  const isGroup = (dn: string): boolean => underBase(dn, settings.groupSearchBaseDns);
  const pick = (k: string): string[] => call.query.getAll(k).filter((v) => v !== '');
  const all = call.ctx.iam.policyEntities({
    users: pick('user'),
    groups: pick('group'),
    policies: pick('policy'),
  });
  const result: PolicyEntitiesResult = { timestamp: all.timestamp };
  const userMappings = all.userMappings?.filter((m) => isUser(m.user)) ?? [];
  const groupMappings = all.groupMappings?.filter((m) => isGroup(m.group)) ?? [];
  const policyMappings = (all.policyMappings ?? [])
    .map((m) => ({ policy: m.policy, users: m.users.filter(isUser), groups: m.groups.filter(isGroup) }))
    .filter((m) => m.users.length > 0 || m.groups.length > 0);
  if (userMappings.length > 0) result.userMappings = userMappings;
  if (groupMappings.length > 0) result.groupMappings = groupMappings;
  if (policyMappings.length > 0) result.policyMappings = policyMappings;
  return call.encrypted(result);
};
