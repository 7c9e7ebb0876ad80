// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { ldapDnProblem, setLdapPoliciesRequestSchema } from './ldap-entities.js';

describe('LDAP DN rule', () => {
  it('accepts type=value parts (names or OIDs), escaped commas and spaces after commas', () => {
    expect(ldapDnProblem('cn=staff,ou=groups,dc=example,dc=com')).toBeNull();
    expect(ldapDnProblem('uid=alice, ou=people, dc=example')).toBeNull();
    expect(ldapDnProblem('cn=Smith\\, John,ou=people,dc=example')).toBeNull();
    expect(ldapDnProblem('2.5.4.3=x,dc=example')).toBeNull();
  });

  it('refuses a blank value, a plain name and an empty part', () => {
    expect(ldapDnProblem('  ')).toBe('A DN is required');
    expect(ldapDnProblem('alice')).toMatch(/^Enter a distinguished name such as/);
    expect(ldapDnProblem('cn=staff,,dc=example')).toMatch(/^Enter a distinguished name/);
    expect(ldapDnProblem('cn=,dc=example')).toMatch(/^Enter a distinguished name/);
  });

  it('the request needs a user or group DN and policy names', () => {
    const ok = { entityType: 'group', dn: 'cn=staff,dc=example', policies: ['readonly'] };
    expect(setLdapPoliciesRequestSchema.safeParse(ok).success).toBe(true);
    expect(setLdapPoliciesRequestSchema.safeParse({ ...ok, policies: [] }).success).toBe(true);
    expect(setLdapPoliciesRequestSchema.safeParse({ ...ok, entityType: 'role' }).success).toBe(false);
    expect(setLdapPoliciesRequestSchema.safeParse({ ...ok, policies: [' '] }).success).toBe(false);
    expect(setLdapPoliciesRequestSchema.safeParse({ ...ok, dn: 'staff' }).success).toBe(false);
  });
});
