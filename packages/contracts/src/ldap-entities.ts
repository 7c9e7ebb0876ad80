// SPDX-License-Identifier: Apache-2.0
import { z } from 'zod';

/** A directory user or group DN and the policies attached to it (issue 23, identity screens with LDAP). */
export const ldapEntitySchema = z
  .object({ dn: z.string(), policies: z.array(z.string()) })
  .meta({ id: 'LdapEntity' });
export type LdapEntity = z.infer<typeof ldapEntitySchema>;

/**
 * GET /api/v1/ldap-entities: the directory users and groups that have policies attached (the server's
 * `idp/ldap/policy-entities`, madmin-go GetLDAPPolicyEntities), sorted by DN.
 */
export const ldapEntitiesResponseSchema = z
  .object({ users: z.array(ldapEntitySchema), groups: z.array(ldapEntitySchema) })
  .meta({ id: 'LdapEntitiesResponse' });
export type LdapEntitiesResponse = z.infer<typeof ldapEntitiesResponseSchema>;

/**
 * Why a text is not a DN, or null: `type=value` parts (a type is a name or an OID) joined by commas, as
 * RFC 4514 writes them, e.g. `cn=staff,dc=example`; an escaped comma belongs to its value.
 */
export function ldapDnProblem(dn: string): string | null {
  const t = dn.trim();
  if (t === '') return 'A DN is required';
  const parts = t.split(/(?<!\\),/);
  if (parts.some((p) => !/^\s*([A-Za-z][\w-]*|\d+(\.\d+)*)\s*=\s*\S/.test(p))) {
    return 'Enter a distinguished name such as cn=staff,ou=groups,dc=example,dc=com';
  }
  return null;
}

/**
 * PUT /api/v1/ldap-entities/policies: makes `policies` the policies of the user or group DN, attaching
 * what is missing and detaching what is no longer listed (idp/ldap/policy/attach|detach). The DN must
 * name an entry of the directory; the answer is the DN with its policies afterwards.
 */
export const setLdapPoliciesRequestSchema = z
  .object({
    entityType: z.enum(['user', 'group']),
    dn: z
      .string()
      .max(1024)
      .superRefine((v, ctx) => {
        const problem = ldapDnProblem(v);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    policies: z.array(z.string().trim().min(1, 'A policy name is required')).max(1000),
  })
  .meta({ id: 'SetLdapPoliciesRequest' });
export type SetLdapPoliciesRequest = z.infer<typeof setLdapPoliciesRequestSchema>;
