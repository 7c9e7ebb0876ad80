// SPDX-License-Identifier: Apache-2.0
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testService } from '../../../../../test-services/index.js';
import type { SlapdInfo } from '../../../../../test-services/services/slapd.js';
import { type ConsoleHarness, jsonCaller, startConsoleHarness } from '../../testing/console-harness.js';

// The identity screens' calls with LDAP against a real store and Debian's slapd: the session says
// "ldap-idp" and offers Users and Groups (not the user detail page), GET /api/v1/ldap-entities lists the
// directory DNs that have policies, PUT …/policies attaches and detaches so a DN holds exactly the listed
// policies, and a bad body or a DN the directory lacks is a clear {errorMessage, detailedError}.

let h: ConsoleHarness;
let ldap: SlapdInfo;
let call: ReturnType<typeof jsonCaller>;

const readBucket = (bucket: string) => ({
  Version: '2012-10-17',
  Statement: [{ Effect: 'Allow', Action: ['s3:ListBucket'], Resource: [`arn:aws:s3:::${bucket}`] }],
});

beforeAll(async () => {
  ldap = await testService<SlapdInfo>('slapd');
  const root = { accessKey: 'ldap-entities-root', secretKey: 'ldap-entities-root-secret' };
  h = await startConsoleHarness({
    drives: 1,
    rootUser: root.accessKey,
    rootPassword: root.secretKey,
    app: { sso: { serverAdmin: root } },
  });
  const d = ldap.directory;
  await h.admin.setConfigKV(
    `identity_ldap server_addr="${ldap.serverAddr}" server_insecure=on lookup_bind_dn="${d.lookup.dn}" ` +
      `lookup_bind_password="${d.lookup.password}" user_dn_search_base_dn="${d.usersBase}" ` +
      `user_dn_search_filter="(uid=%s)" group_search_base_dn="${d.groupsBase}" ` +
      `group_search_filter="(&(objectclass=groupOfNames)(member=%d))"`,
  );
  await h.admin.addCannedPolicy('staff-read', readBucket('staff'));
  await h.admin.addCannedPolicy('audit-read', readBucket('audit'));
  await h.admin.attachPolicyLDAP({ policies: ['audit-read'], user: d.users.bob.dn });
  call = jsonCaller(h.app, await h.login());
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('LDAP identity routes', { timeout: 60_000 }, () => {
  it('the session names LDAP mode and offers the directory lists, not the user detail page', async () => {
    const session = await call('GET', '/api/v1/session');
    const body = session.body as { features: string[]; pages: string[] };
    expect(body.features).toContain('ldap-idp');
    expect(body.pages).toEqual(expect.arrayContaining(['/users', '/groups']));
    expect(body.pages).not.toContain('/users/*');
  });

  it('lists the DNs that have policies and sets the policies of a group DN', async () => {
    const d = ldap.directory;
    expect((await call('GET', '/api/v1/ldap-entities')).body).toEqual({
      users: [{ dn: d.users.bob.dn, policies: ['audit-read'] }],
      groups: [],
    });
    // Given with other case and spacing, kept under the directory's spelling.
    const given = d.groups.staff.toUpperCase().replaceAll(',', ', ');
    const set = await call('PUT', '/api/v1/ldap-entities/policies', {
      entityType: 'group',
      dn: given,
      policies: ['staff-read', 'audit-read'],
    });
    expect(set).toMatchObject({
      status: 200,
      body: { dn: d.groups.staff, policies: ['audit-read', 'staff-read'] },
    });
    const fewer = await call('PUT', '/api/v1/ldap-entities/policies', {
      entityType: 'group',
      dn: d.groups.staff,
      policies: ['staff-read'],
    });
    expect(fewer.body).toEqual({ dn: d.groups.staff, policies: ['staff-read'] });
    expect((await h.admin.getLDAPPolicyEntities({ groups: [d.groups.staff] })).groupMappings).toEqual([
      { group: d.groups.staff, policies: ['staff-read'] },
    ]);
    // Clearing the list detaches everything: the DN leaves the list.
    await call('PUT', '/api/v1/ldap-entities/policies', {
      entityType: 'user',
      dn: d.users.bob.dn,
      policies: [],
    });
    expect((await call('GET', '/api/v1/ldap-entities')).body).toEqual({
      users: [],
      groups: [{ dn: d.groups.staff, policies: ['staff-read'] }],
    });
  });

  it('refuses a body that is not a DN, a DN the directory lacks and an unknown policy', async () => {
    const d = ldap.directory;
    const notDn = await call('PUT', '/api/v1/ldap-entities/policies', {
      entityType: 'user',
      dn: 'alice',
      policies: ['staff-read'],
    });
    expect(notDn.status).toBe(400);
    expect(notDn.body).toMatchObject({
      detailedError: expect.stringContaining(
        'Enter a distinguished name such as cn=staff,ou=groups,dc=example,dc=com',
      ),
    });
    const missing = await call('PUT', '/api/v1/ldap-entities/policies', {
      entityType: 'group',
      dn: `cn=nobody,${d.groupsBase}`,
      policies: ['staff-read'],
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      errorMessage: expect.any(String),
      detailedError: `the group DN 'cn=nobody,${d.groupsBase}' was not found in the LDAP directory`,
    });
    const unknown = await call('PUT', '/api/v1/ldap-entities/policies', {
      entityType: 'user',
      dn: d.users.alice.dn,
      policies: ['no-such-policy'],
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ detailedError: expect.stringContaining('no-such-policy') });
  });
});
