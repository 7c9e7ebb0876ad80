// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type LdapEntitiesResponse,
  type LdapEntity,
  ldapEntitiesResponseSchema,
  ldapEntitySchema,
  setLdapPoliciesRequestSchema,
} from '@stowage/contracts';
import type { MadminClient } from '@stowage/madmin';
import { byName, identityErrorResponses } from '../identity-helpers.js';
import type { RouteContext, ZodApp } from '../route-context.js';

const byDn = (a: LdapEntity, b: LdapEntity): number => byName(a.dn, b.dn);

/** DNs compared as the directory does: without case, and without spaces after the commas. */
const sameDn = (a: string, b: string): boolean =>
  a.toLowerCase().replace(/,\s+/g, ',') === b.toLowerCase().replace(/,\s+/g, ',');

/** The server's LDAP mappings as DN lists, each sorted by DN with its policies sorted by name. */
async function ldapEntities(admin: MadminClient): Promise<LdapEntitiesResponse> {
  const r = await admin.getLDAPPolicyEntities();
  const entity = (dn: string, policies: string[]): LdapEntity => ({
    dn,
    policies: [...policies].sort(byName),
  });
  return {
    users: (r.userMappings ?? []).map((m) => entity(m.user, m.policies ?? [])).sort(byDn),
    groups: (r.groupMappings ?? []).map((m) => entity(m.group, m.policies ?? [])).sort(byDn),
  };
}

/**
 * The policies mapped to one user or group DN. The server keeps a mapping under the directory's
 * spelling of the DN, so the given one is matched without case and spacing.
 */
async function policiesOf(admin: MadminClient, dn: string, isGroup: boolean): Promise<LdapEntity> {
  const all = await ldapEntities(admin);
  return (isGroup ? all.groups : all.users).find((e) => sameDn(e.dn, dn)) ?? { dn, policies: [] };
}

/**
 * The identity screens' calls with LDAP (issue 23): users and groups live in the directory, so the
 * console lists the DNs that have policies (MinIO's idp/ldap/policy-entities) and assigns policies to a
 * DN (idp/ldap/policy/attach|detach). The server checks that the DN is in the directory.
 */
export function registerLdapEntityRoutes(app: ZodApp, _ctx: RouteContext): void {
  app.get(
    apiPaths.ldapEntities,
    {
      schema: {
        tags: ['ldap'],
        summary: 'List the LDAP users and groups that have policies',
        response: { 200: ldapEntitiesResponseSchema, ...identityErrorResponses },
      },
    },
    async (request): Promise<LdapEntitiesResponse> => ldapEntities(request.session.admin),
  );

  app.put(
    apiPaths.ldapEntityPolicies,
    {
      schema: {
        tags: ['ldap'],
        summary: 'Set the policies of an LDAP user or group DN',
        body: setLdapPoliciesRequestSchema,
        response: { 200: ldapEntitySchema, ...identityErrorResponses },
      },
    },
    async (request): Promise<LdapEntity> => {
      const admin = request.session.admin;
      const { entityType, policies } = request.body;
      const dn = request.body.dn.trim();
      const isGroup = entityType === 'group';
      const wanted = [...new Set(policies)];
      const current = (await policiesOf(admin, dn, isGroup)).policies;
      const target = isGroup ? { group: dn } : { user: dn };
      const attach = wanted.filter((p) => !current.includes(p));
      const detach = current.filter((p) => !wanted.includes(p));
      if (attach.length > 0) await admin.attachPolicyLDAP({ policies: attach, ...target });
      if (detach.length > 0) await admin.detachPolicyLDAP({ policies: detach, ...target });
      return policiesOf(admin, dn, isGroup);
    },
  );
}
