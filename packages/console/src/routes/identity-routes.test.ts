// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  fillApiPath,
  listPoliciesResponseSchema,
  listUsersResponseSchema,
  passwordTooShortMessage,
  policySchema,
  userSchema,
} from '@stowage/contracts';
import { describe, expect, it } from 'vitest';
import { bucketPolicy, expectError, q, useIdentityRig } from '../testing/identity-rig.js';

/**
 * Route tests of the identity calls (issue 8, spec 2 §7) against a real embedded store: policies and
 * users — every route, its validation failures and the effects seen by real S3 clients. Groups, service
 * accounts, passwords and a non-admin caller: `identity-accounts-routes.test.ts`.
 */
describe('identity routes against the embedded store', () => {
  const rig = useIdentityRig();
  const { login, call, s3As } = rig;

  describe('policies', () => {
    it('creates, lists, reads, saves and deletes a policy; names may contain slashes', async () => {
      const created = await call(rig.root, 'POST', apiPaths.policies, {
        name: 'team/red-only',
        policy: bucketPolicy('red'),
      });
      expect(created.statusCode, created.body).toBe(201);
      const policy = policySchema.parse(created.json());
      expect(policy.name).toBe('team/red-only');
      expect(JSON.parse(policy.policy).Statement).toHaveLength(2);

      const list = listPoliciesResponseSchema.parse((await call(rig.root, 'GET', apiPaths.policies)).json());
      expect(list.policies.map((p) => p.name)).toContain('team/red-only');
      expect(list.policies.map((p) => p.name)).toContain('readwrite');
      const limited = listPoliciesResponseSchema.parse(
        (await call(rig.root, 'GET', `${apiPaths.policies}?limit=2`)).json(),
      );
      expect(limited.policies).toHaveLength(2);
      expect(limited.total).toBe(list.total);

      const got = await call(rig.root, 'GET', q(apiPaths.policy, 'team/red-only'));
      expect(policySchema.parse(got.json()).policy).toBe(policy.policy);

      // Save the JSON of the existing policy: now it allows blue as well.
      const both = JSON.parse(bucketPolicy('red'));
      both.Statement[0].Resource.push('arn:aws:s3:::blue');
      both.Statement[1].Resource.push('arn:aws:s3:::blue/*');
      const saved = await call(
        rig.root,
        'PUT',
        fillApiPath(apiPaths.policyByName, { name: 'team/red-only' }),
        {
          policy: JSON.stringify(both),
        },
      );
      expect(saved.statusCode, saved.body).toBe(200);
      expect(JSON.parse(policySchema.parse(saved.json()).policy).Statement[0].Resource).toContain(
        'arn:aws:s3:::blue',
      );
      const info = await rig.rootAdmin.infoCannedPolicy('team/red-only');
      expect(JSON.stringify(info.Policy)).toContain('arn:aws:s3:::blue/*');

      expect((await call(rig.root, 'DELETE', q(apiPaths.policy, 'team/red-only'))).statusCode).toBe(204);
      expectError(await call(rig.root, 'GET', q(apiPaths.policy, 'team/red-only')), 404);
    });

    it('refuses blank names, bad JSON, malformed policies, duplicates and saving an unknown policy', async () => {
      expectError(
        await call(rig.root, 'POST', apiPaths.policies, { name: '  ', policy: '{}' }),
        400,
        /required/,
      );
      expectError(
        await call(rig.root, 'POST', apiPaths.policies, { name: 'broken', policy: '{"Version": ' }),
        400,
        /not valid JSON/,
      );
      expectError(
        await call(rig.root, 'POST', apiPaths.policies, { name: 'array', policy: '[]' }),
        400,
        /must be a JSON object/,
      );
      expectError(
        await call(rig.root, 'POST', apiPaths.policies, {
          name: 'nonsense',
          policy: JSON.stringify({ Version: '2012-10-17', Statement: [{ Effect: 'Maybe' }] }),
        }),
        400,
      );
      expectError(
        await call(rig.root, 'POST', apiPaths.policies, { name: 'readwrite', policy: bucketPolicy('red') }),
        409,
        /already exists/,
      );
      expectError(
        await call(rig.root, 'PUT', fillApiPath(apiPaths.policyByName, { name: 'no-such-policy' }), {
          policy: bucketPolicy('red'),
        }),
        404,
      );
      expectError(
        await call(rig.root, 'PUT', fillApiPath(apiPaths.policyByName, { name: 'readwrite' }), {
          policy: 'nope',
        }),
        400,
        /not valid JSON/,
      );
    });

    it('lists the users and groups of a policy and sets policies on users and groups', async () => {
      await rig.rootAdmin.addCannedPolicy('blue-only', bucketPolicy('blue'));
      await rig.rootAdmin.addUser('pia', 'pia-secret-1');
      await rig.rootAdmin.updateGroupMembers({ group: 'painters', members: ['pia'], isRemove: false });

      const setUser = await call(rig.root, 'PUT', apiPaths.setPolicy, {
        name: ['blue-only'],
        entityName: 'pia',
        entityType: 'user',
      });
      expect(setUser.statusCode, setUser.body).toBe(204);
      const setGroup = await call(rig.root, 'PUT', apiPaths.setPolicy, {
        name: ['blue-only', 'readonly'],
        entityName: 'painters',
        entityType: 'group',
      });
      expect(setGroup.statusCode, setGroup.body).toBe(204);

      const users = await call(rig.root, 'GET', fillApiPath(apiPaths.policyUsers, { name: 'blue-only' }));
      expect(users.json()).toEqual(['pia']);
      const groups = await call(rig.root, 'GET', fillApiPath(apiPaths.policyGroups, { name: 'blue-only' }));
      expect(groups.json()).toEqual(['painters']);
      expect(
        (await call(rig.root, 'GET', fillApiPath(apiPaths.policyUsers, { name: 'readonly' }))).json(),
      ).toEqual([]);
      expectError(await call(rig.root, 'GET', fillApiPath(apiPaths.policyUsers, { name: 'missing' })), 404);

      expectError(
        await call(rig.root, 'PUT', apiPaths.setPolicy, {
          name: ['x'],
          entityName: 'pia',
          entityType: 'robot',
        }),
        400,
      );
      expectError(
        await call(rig.root, 'PUT', apiPaths.setPolicy, {
          name: ['no-such-policy'],
          entityName: 'pia',
          entityType: 'user',
        }),
        404,
      );
      // An empty list clears.
      await call(rig.root, 'PUT', apiPaths.setPolicy, { name: [], entityName: 'pia', entityType: 'user' });
      expect((await rig.rootAdmin.getUserInfo('pia')).policyName ?? '').toBe('');
    });
  });

  describe('users', () => {
    it('creates a user with groups and policies, and that user sees only what the policy allows', async () => {
      await rig.rootAdmin.addCannedPolicy('red-only', bucketPolicy('red'));
      const res = await call(rig.root, 'POST', apiPaths.users, {
        accessKey: 'ralph',
        secretKey: 'ralph-secret-1',
        groups: ['red-team'],
        policies: ['red-only'],
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(userSchema.parse(res.json())).toEqual({
        accessKey: 'ralph',
        status: 'enabled',
        memberOf: ['red-team'],
        policy: ['red-only'],
        hasPolicy: true,
      });

      const ralph = await login('ralph', 'ralph-secret-1');
      const buckets = (await call(ralph, 'GET', apiPaths.buckets)).json() as { buckets: { name: string }[] };
      expect(buckets.buckets.map((b) => b.name)).toEqual(['red']);
      await expect(s3As('ralph', 'ralph-secret-1').statObject('blue', 'b.txt')).rejects.toThrow();
    });

    it('lists and reads users; names may contain slashes', async () => {
      const created = await call(rig.root, 'POST', apiPaths.users, {
        accessKey: 'ops/sam',
        secretKey: 'sam-secret-1',
      });
      expect(created.statusCode, created.body).toBe(201);
      const list = listUsersResponseSchema.parse((await call(rig.root, 'GET', apiPaths.users)).json());
      expect(list.users.map((u) => u.accessKey)).toEqual(expect.arrayContaining(['ops/sam', 'ralph']));
      expect(list.total).toBe(list.users.length);
      const ralph = list.users.find((u) => u.accessKey === 'ralph');
      expect(ralph).toEqual({
        accessKey: 'ralph',
        status: 'enabled',
        policy: ['red-only'],
        memberOf: ['red-team'],
      });

      const sam = userSchema.parse((await call(rig.root, 'GET', q(apiPaths.user, 'ops/sam'))).json());
      expect(sam).toEqual({
        accessKey: 'ops/sam',
        status: 'enabled',
        memberOf: [],
        policy: [],
        hasPolicy: false,
      });
      expectError(await call(rig.root, 'GET', q(apiPaths.user, 'nobody-here')), 404);
      expectError(await call(rig.root, 'GET', apiPaths.user), 400);
    });

    it('refuses short secrets, blank access keys and existing names', async () => {
      expectError(
        await call(rig.root, 'POST', apiPaths.users, { accessKey: 'shorty', secretKey: 'short' }),
        400,
        passwordTooShortMessage,
      );
      expectError(
        await call(rig.root, 'POST', apiPaths.users, { accessKey: ' ', secretKey: 'long-enough-1' }),
        400,
        /Access key is required/,
      );
      expectError(
        await call(rig.root, 'POST', apiPaths.users, { accessKey: 'ralph', secretKey: 'other-secret-1' }),
        409,
        /already exists/,
      );
      // The existing user's secret was not reset.
      await login('ralph', 'ralph-secret-1');
    });

    it('updates status, groups and policies; a disabled user is refused on the next call', async () => {
      const ralph = await login('ralph', 'ralph-secret-1');
      expect((await call(ralph, 'GET', apiPaths.buckets)).statusCode).toBe(200);

      const res = await call(rig.root, 'PUT', q(apiPaths.user, 'ralph'), {
        status: 'disabled',
        groups: ['blue-team'],
        policies: ['red-only', 'readonly'],
      });
      expect(res.statusCode, res.body).toBe(200);
      const updated = userSchema.parse(res.json());
      expect({ ...updated, policy: [...updated.policy].sort() }).toEqual({
        accessKey: 'ralph',
        status: 'disabled',
        memberOf: ['blue-team'],
        policy: ['readonly', 'red-only'].sort(),
        hasPolicy: true,
      });
      expect((await rig.rootAdmin.getGroupDescription('red-team')).members).toEqual([]);

      // The existing session of the disabled user stops working, and signing in again is refused.
      const after = await call(ralph, 'GET', apiPaths.buckets);
      expect([401, 403]).toContain(after.statusCode);
      const again = await rig.app.inject({
        method: 'POST',
        url: apiPaths.login,
        payload: { accessKey: 'ralph', secretKey: 'ralph-secret-1' },
      });
      expect(again.statusCode).toBe(401);

      const enabled = await call(rig.root, 'PUT', q(apiPaths.user, 'ralph'), {
        status: 'enabled',
        groups: ['blue-team'],
      });
      expect(userSchema.parse(enabled.json()).status).toBe('enabled');
      expectError(
        await call(rig.root, 'PUT', q(apiPaths.user, 'ralph'), { status: 'sleepy', groups: [] }),
        400,
      );
      expectError(
        await call(rig.root, 'PUT', q(apiPaths.user, 'ghost'), { status: 'enabled', groups: [] }),
        404,
      );
    });

    it('adds users to groups in bulk and needs at least one group', async () => {
      await rig.rootAdmin.addUser('bulk-a', 'bulk-a-secret');
      await rig.rootAdmin.addUser('bulk-b', 'bulk-b-secret');
      const res = await call(rig.root, 'PUT', apiPaths.usersGroupsBulk, {
        groups: ['bulk-1', 'bulk-2'],
        users: ['bulk-a', 'bulk-b'],
      });
      expect(res.statusCode, res.body).toBe(204);
      for (const g of ['bulk-1', 'bulk-2']) {
        expect((await rig.rootAdmin.getGroupDescription(g)).members?.sort()).toEqual(['bulk-a', 'bulk-b']);
      }
      expectError(
        await call(rig.root, 'PUT', apiPaths.usersGroupsBulk, { groups: [], users: ['bulk-a'] }),
        400,
        'You need to select at least one group to assign.',
      );
      expectError(
        await call(rig.root, 'PUT', apiPaths.usersGroupsBulk, {
          groups: ['bulk-1'],
          users: ['nobody-at-all'],
        }),
        404,
      );
    });

    it('deletes users but refuses to delete or disable the signed-in user', async () => {
      await rig.rootAdmin.addUser('admin-ann', 'admin-ann-secret');
      await rig.rootAdmin.setPolicy('consoleAdmin', 'admin-ann', false);
      const ann = await login('admin-ann', 'admin-ann-secret');
      expectError(
        await call(ann, 'DELETE', q(apiPaths.user, 'admin-ann')),
        400,
        'You cannot delete yourself',
      );
      expectError(
        await call(ann, 'PUT', q(apiPaths.user, 'admin-ann'), { status: 'disabled', groups: [] }),
        400,
        'You cannot disable yourself',
      );
      expect((await rig.rootAdmin.getUserInfo('admin-ann')).status).toBe('enabled');

      expect((await call(ann, 'DELETE', q(apiPaths.user, 'bulk-b'))).statusCode).toBe(204);
      expectError(await call(rig.root, 'GET', q(apiPaths.user, 'bulk-b')), 404);
      expectError(await call(ann, 'DELETE', q(apiPaths.user, 'bulk-b')), 404);
    });
  });
});
