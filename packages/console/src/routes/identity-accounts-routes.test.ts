// SPDX-License-Identifier: Apache-2.0
import {
  apiErrorSchema,
  apiPaths,
  fillApiPath,
  groupSchema,
  listGroupsResponseSchema,
  passwordTooShortMessage,
  serviceAccountCredentialsSchema,
  serviceAccountListSchema,
  userSchema,
} from '@stowage/contracts';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../session/session-cookie.js';
import {
  bucketPolicy,
  expectError,
  q,
  ROOT_PASSWORD,
  ROOT_USER,
  useIdentityRig,
} from '../testing/identity-rig.js';

/**
 * Route tests of the identity calls (issue 8, spec 2 §7) against a real embedded store: groups, service
 * accounts, passwords, and a non-admin calling admin routes. Policies and users: `identity-routes.test.ts`.
 */
describe('identity routes against the embedded store', () => {
  const rig = useIdentityRig();
  const { login, call, s3As } = rig;

  describe('groups', () => {
    it('creates, reads, updates and deletes a group', async () => {
      await rig.rootAdmin.addUser('gina', 'gina-secret-1');
      await rig.rootAdmin.addUser('gus', 'gus-secret-11');
      const created = await call(rig.root, 'POST', apiPaths.groups, {
        group: 'gardeners',
        members: ['gina'],
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(groupSchema.parse(created.json())).toEqual({
        name: 'gardeners',
        members: ['gina'],
        status: 'enabled',
        policy: '',
      });
      const list = listGroupsResponseSchema.parse((await call(rig.root, 'GET', apiPaths.groups)).json());
      expect(list.groups).toContain('gardeners');

      const updated = await call(rig.root, 'PUT', q(apiPaths.group, 'gardeners'), {
        members: ['gus'],
        status: 'disabled',
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(groupSchema.parse(updated.json())).toMatchObject({ members: ['gus'], status: 'disabled' });

      await call(rig.root, 'PUT', apiPaths.setPolicy, {
        name: ['readonly'],
        entityName: 'gardeners',
        entityType: 'group',
      });
      expect(
        groupSchema.parse((await call(rig.root, 'GET', q(apiPaths.group, 'gardeners'))).json()).policy,
      ).toBe('readonly');

      // Deleting a group that still has members works (they are removed first).
      expect((await call(rig.root, 'DELETE', q(apiPaths.group, 'gardeners'))).statusCode).toBe(204);
      expectError(await call(rig.root, 'GET', q(apiPaths.group, 'gardeners')), 404);
      expect((await rig.rootAdmin.getUserInfo('gus')).memberOf ?? []).toEqual([]);
    });

    it('refuses blank names, existing groups and unknown members', async () => {
      expectError(
        await call(rig.root, 'POST', apiPaths.groups, { group: '   ' }),
        400,
        /Group name is required/,
      );
      await rig.rootAdmin.updateGroupMembers({ group: 'existing', members: ['gina'], isRemove: false });
      expectError(
        await call(rig.root, 'POST', apiPaths.groups, { group: 'existing' }),
        409,
        /already exists/,
      );
      expectError(await call(rig.root, 'POST', apiPaths.groups, { group: 'g2', members: ['nobody-x'] }), 404);
      expectError(await call(rig.root, 'DELETE', q(apiPaths.group, 'never-was')), 404);
    });

    it('gives members the group policy', async () => {
      await rig.rootAdmin.addUser('gwen', 'gwen-secret-1');
      const gwen = await login('gwen', 'gwen-secret-1');
      const before = (await call(gwen, 'GET', apiPaths.buckets)).json() as { buckets: unknown[] };
      expect(before.buckets).toEqual([]);
      await call(rig.root, 'POST', apiPaths.groups, { group: 'blue-readers', members: ['gwen'] });
      await rig.rootAdmin.addCannedPolicy('blue-only-2', bucketPolicy('blue'));
      await call(rig.root, 'PUT', apiPaths.setPolicy, {
        name: ['blue-only-2'],
        entityName: 'blue-readers',
        entityType: 'group',
      });
      const user = userSchema.parse((await call(rig.root, 'GET', q(apiPaths.user, 'gwen'))).json());
      expect(user).toMatchObject({ policy: [], hasPolicy: true });
      const after = (await call(gwen, 'GET', apiPaths.buckets)).json() as { buckets: { name: string }[] };
      expect(after.buckets.map((b) => b.name)).toEqual(['blue']);
    });
  });

  describe('service accounts', () => {
    it('creates own service accounts (generated and custom keys) that work with the S3 SDK', async () => {
      const res = await call(rig.root, 'POST', apiPaths.serviceAccounts, {});
      expect(res.statusCode, res.body).toBe(201);
      const creds = serviceAccountCredentialsSchema.parse(res.json());
      expect(creds.secretKey.length).toBeGreaterThanOrEqual(8);
      const objects = await s3As(creds.accessKey, creds.secretKey).listBuckets();
      expect(objects.map((b) => b.name)).toEqual(['blue', 'red']);

      const custom = await call(rig.root, 'POST', apiPaths.serviceAccountCredentials, {
        accessKey: 'my-custom-key',
        secretKey: 'my-custom-secret',
        policy: bucketPolicy('red'),
      });
      expect(custom.statusCode, custom.body).toBe(201);
      expect(serviceAccountCredentialsSchema.parse(custom.json())).toEqual({
        accessKey: 'my-custom-key',
        secretKey: 'my-custom-secret',
      });
      // The narrowed policy holds.
      const narrowed = s3As('my-custom-key', 'my-custom-secret');
      expect((await narrowed.statObject('red', 'r.txt')).size).toBe(3);
      await expect(narrowed.statObject('blue', 'b.txt')).rejects.toThrow();

      const list = serviceAccountListSchema.parse(
        (await call(rig.root, 'GET', apiPaths.serviceAccounts)).json(),
      );
      expect(list).toEqual(expect.arrayContaining([creds.accessKey, 'my-custom-key']));

      const del = await call(
        rig.root,
        'DELETE',
        fillApiPath(apiPaths.serviceAccount, { name: 'my-custom-key' }),
      );
      expect(del.statusCode, del.body).toBe(204);
      await expect(narrowed.statObject('red', 'r.txt')).rejects.toThrow();
      expectError(
        await call(rig.root, 'DELETE', fillApiPath(apiPaths.serviceAccount, { name: 'my-custom-key' })),
        404,
      );
    });

    it('refuses bad policy JSON and short custom secrets', async () => {
      expectError(
        await call(rig.root, 'POST', apiPaths.serviceAccounts, { policy: '{oops' }),
        400,
        /not valid JSON/,
      );
      expectError(
        await call(rig.root, 'POST', apiPaths.serviceAccountCredentials, {
          accessKey: 'abc',
          secretKey: 'short',
        }),
        400,
        passwordTooShortMessage,
      );
      expectError(
        await call(rig.root, 'POST', apiPaths.serviceAccountCredentials, {
          accessKey: '',
          secretKey: 'long-enough',
        }),
        400,
      );
    });

    it("manages a user's service accounts, which need the user to have a policy; names with slashes work", async () => {
      await rig.rootAdmin.addUser('dev/nina', 'nina-secret-1');
      const userPath = fillApiPath(apiPaths.userServiceAccounts, { user: 'dev/nina' });
      expect(userPath).toContain('dev%2Fnina');
      expectError(await call(rig.root, 'POST', userPath, {}), 400, /has no policy/);
      await rig.rootAdmin.setPolicy('readonly', 'dev/nina', false);
      const made = await call(rig.root, 'POST', userPath, {});
      expect(made.statusCode, made.body).toBe(201);
      const creds = serviceAccountCredentialsSchema.parse(made.json());
      const custom = await call(
        rig.root,
        'POST',
        fillApiPath(apiPaths.userServiceAccountCredentials, { user: 'dev/nina' }),
        { accessKey: 'nina-key-2', secretKey: 'nina-secret-22' },
      );
      expect(custom.statusCode, custom.body).toBe(201);
      const list = serviceAccountListSchema.parse((await call(rig.root, 'GET', userPath)).json());
      expect(list.sort()).toEqual([creds.accessKey, 'nina-key-2'].sort());
      const info = await rig.rootAdmin.infoServiceAccount(creds.accessKey);
      expect(info.parentUser).toBe('dev/nina');
      // Read-only, like its owner.
      const s3 = s3As(creds.accessKey, creds.secretKey);
      expect((await s3.statObject('red', 'r.txt')).size).toBe(3);
      await expect(s3.putObject('red', 'no.txt', Buffer.from('x'))).rejects.toThrow();
      expectError(
        await call(rig.root, 'GET', fillApiPath(apiPaths.userServiceAccounts, { user: 'nobody-here' })),
        404,
      );
    });
  });

  describe('passwords', () => {
    it("sets another user's password and refuses short ones", async () => {
      await rig.rootAdmin.addUser('pat', 'pat-secret-old');
      expectError(
        await call(rig.root, 'POST', apiPaths.changeUserPassword, {
          selectedUser: 'pat',
          newSecretKey: 'short',
        }),
        400,
        passwordTooShortMessage,
      );
      const res = await call(rig.root, 'POST', apiPaths.changeUserPassword, {
        selectedUser: 'pat',
        newSecretKey: 'pat-secret-new',
      });
      expect(res.statusCode, res.body).toBe(204);
      await login('pat', 'pat-secret-new');
      const old = await rig.app.inject({
        method: 'POST',
        url: apiPaths.login,
        payload: { accessKey: 'pat', secretKey: 'pat-secret-old' },
      });
      expect(old.statusCode).toBe(401);
      expectError(
        await call(rig.root, 'POST', apiPaths.changeUserPassword, {
          selectedUser: 'ghost',
          newSecretKey: 'long-enough',
        }),
        404,
      );
    });

    it('changes my own password only with the right current one, and keeps me signed in', async () => {
      await rig.rootAdmin.addUser('olga', 'olga-secret-old');
      const olga = await login('olga', 'olga-secret-old');
      expectError(
        await call(olga, 'POST', apiPaths.changePassword, {
          current_secret_key: 'wrong-password',
          new_secret_key: 'olga-secret-new',
        }),
        403,
        'The current password is not correct',
      );
      expectError(
        await call(olga, 'POST', apiPaths.changePassword, {
          current_secret_key: 'olga-secret-old',
          new_secret_key: 'short',
        }),
        400,
        passwordTooShortMessage,
      );
      await login('olga', 'olga-secret-old');

      const res = await call(olga, 'POST', apiPaths.changePassword, {
        current_secret_key: 'olga-secret-old',
        new_secret_key: 'olga-secret-new',
      });
      expect(res.statusCode, res.body).toBe(204);
      const renewed = res.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? '';
      expect(renewed).not.toBe('');
      expect((await call(renewed, 'GET', apiPaths.session)).statusCode).toBe(200);
      await login('olga', 'olga-secret-new');
      const old = await rig.app.inject({
        method: 'POST',
        url: apiPaths.login,
        payload: { accessKey: 'olga', secretKey: 'olga-secret-old' },
      });
      expect(old.statusCode).toBe(401);
    });

    it('refuses a password change for root (not a directory user)', async () => {
      expectError(
        await call(rig.root, 'POST', apiPaths.changePassword, {
          current_secret_key: ROOT_PASSWORD,
          new_secret_key: 'another-root-secret',
        }),
        403,
        'Password change is not available',
      );
      await login(ROOT_USER, ROOT_PASSWORD);
    });
  });

  describe('a user without admin rights', () => {
    it('gets 403 with a clear message from every admin route', async () => {
      await rig.rootAdmin.addUser('norma', 'norma-secret-1');
      await rig.rootAdmin.setPolicy('readonly', 'norma', false);
      const norma = await login('norma', 'norma-secret-1');
      const attempts: Array<[InjectOptions['method'], string, unknown?]> = [
        ['GET', apiPaths.users],
        ['POST', apiPaths.users, { accessKey: 'sneaky', secretKey: 'sneaky-secret' }],
        ['DELETE', q(apiPaths.user, 'ralph')],
        ['GET', apiPaths.groups],
        ['POST', apiPaths.groups, { group: 'sneakers' }],
        ['GET', apiPaths.policies],
        ['POST', apiPaths.policies, { name: 'sneaky', policy: bucketPolicy('red') }],
        ['PUT', apiPaths.setPolicy, { name: ['consoleAdmin'], entityName: 'norma', entityType: 'user' }],
        ['POST', apiPaths.changeUserPassword, { selectedUser: 'ralph', newSecretKey: 'hijacked-secret' }],
        ['POST', fillApiPath(apiPaths.userServiceAccounts, { user: 'ralph' }), {}],
      ];
      for (const [method, url, payload] of attempts) {
        const res = await call(norma, method, url, payload);
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
        const body = apiErrorSchema.parse(res.json());
        expect(body.errorMessage).toBe('Access Denied');
        expect(body.detailedError.length, `${method} ${url}`).toBeGreaterThan(10);
      }
      // Nothing was changed.
      expect((await rig.rootAdmin.getUserInfo('norma')).policyName).toBe('readonly');
      // The user's own things still work: service accounts of their own.
      expect((await call(norma, 'GET', apiPaths.serviceAccounts)).statusCode).toBe(200);
    });

    it('documents every identity route in the OpenAPI output', async () => {
      const doc = (await rig.app.inject({ url: apiPaths.openapi })).json() as {
        paths: Record<string, object>;
      };
      for (const p of [
        apiPaths.users,
        apiPaths.user,
        apiPaths.usersGroupsBulk,
        apiPaths.groups,
        apiPaths.group,
        apiPaths.policies,
        apiPaths.policy,
        '/api/v1/policies/{name}',
        '/api/v1/policies/{name}/users',
        '/api/v1/policies/{name}/groups',
        apiPaths.setPolicy,
        apiPaths.serviceAccounts,
        '/api/v1/service-accounts/{name}',
        apiPaths.serviceAccountCredentials,
        '/api/v1/user/{user}/service-accounts',
        '/api/v1/user/{user}/service-account-credentials',
        apiPaths.changePassword,
        apiPaths.changeUserPassword,
      ]) {
        expect(doc.paths[p], p).toBeDefined();
      }
    });

    it('answers 401 without a session', async () => {
      const res = await rig.app.inject({ url: apiPaths.users });
      expect(res.statusCode).toBe(401);
    });
  });
});
