import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  apiErrorSchema,
  apiPaths,
  fillApiPath,
  groupSchema,
  listGroupsResponseSchema,
  listPoliciesResponseSchema,
  listUsersResponseSchema,
  passwordTooShortMessage,
  policySchema,
  serviceAccountCredentialsSchema,
  serviceAccountListSchema,
  userSchema,
} from '@stowage/contracts';
import { MadminClient } from '@stowage/madmin';
import { type StoreHandle, startStore } from '@stowage/store';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import * as Minio from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { SESSION_COOKIE } from '../session/session-cookie.js';

const ROOT_USER = 'identity-root';
const ROOT_PASSWORD = 'identity-root-secret';

const bucketPolicy = (bucket: string): string =>
  JSON.stringify({
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Action: ['s3:GetBucketLocation', 's3:ListBucket'],
        Resource: [`arn:aws:s3:::${bucket}`],
      },
      { Effect: 'Allow', Action: ['s3:GetObject', 's3:PutObject'], Resource: [`arn:aws:s3:::${bucket}/*`] },
    ],
  });

/**
 * Route tests of the identity calls (issue 8, spec 2 §7) against a real embedded store: every route,
 * its validation failures, a non-admin calling admin routes, and the effects seen by real S3 clients.
 */
describe('identity routes against the embedded store', () => {
  let dataDir: string;
  let store: StoreHandle;
  let app: FastifyInstance;
  let root: string;
  let rootAdmin: MadminClient;

  const login = async (accessKey: string, secretKey: string): Promise<string> => {
    const res = await app.inject({ method: 'POST', url: apiPaths.login, payload: { accessKey, secretKey } });
    expect(res.statusCode, res.body).toBe(204);
    return res.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
  };
  const call = (
    token: string,
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse> =>
    app.inject({
      method,
      url,
      cookies: { [SESSION_COOKIE]: token },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  const q = (pathname: string, name: string): string => `${pathname}?name=${encodeURIComponent(name)}`;
  const expectError = (res: LightMyRequestResponse, status: number, text?: string | RegExp): void => {
    expect(res.statusCode, res.body).toBe(status);
    const body = apiErrorSchema.parse(res.json());
    if (text !== undefined) expect(`${body.errorMessage} ${body.detailedError}`).toMatch(text);
  };
  const s3As = (accessKey: string, secretKey: string): Minio.Client =>
    new Minio.Client({
      endPoint: '127.0.0.1',
      port: store.port,
      useSSL: false,
      accessKey,
      secretKey,
      region: 'us-east-1',
    });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'stowage-identity-'));
    store = await startStore({
      dataDir,
      drives: 1,
      port: 0,
      host: '127.0.0.1',
      rootUser: ROOT_USER,
      rootPassword: ROOT_PASSWORD,
    });
    app = await buildApp({
      s3Endpoint: store.url,
      sessionKey: randomBytes(32),
      sessionDurationSeconds: 3600,
      loginRateLimit: { max: 1000, timeWindowMs: 60_000 },
    });
    const s3 = s3As(ROOT_USER, ROOT_PASSWORD);
    for (const b of ['red', 'blue']) await s3.makeBucket(b);
    await s3.putObject('red', 'r.txt', Buffer.from('red'));
    await s3.putObject('blue', 'b.txt', Buffer.from('blue'));
    rootAdmin = new MadminClient({ endpoint: store.url, accessKey: ROOT_USER, secretKey: ROOT_PASSWORD });
    root = await login(ROOT_USER, ROOT_PASSWORD);
  });

  afterAll(async () => {
    await app?.close();
    await store?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  describe('policies', () => {
    it('creates, lists, reads, saves and deletes a policy; names may contain slashes', async () => {
      const created = await call(root, 'POST', apiPaths.policies, {
        name: 'team/red-only',
        policy: bucketPolicy('red'),
      });
      expect(created.statusCode, created.body).toBe(201);
      const policy = policySchema.parse(created.json());
      expect(policy.name).toBe('team/red-only');
      expect(JSON.parse(policy.policy).Statement).toHaveLength(2);

      const list = listPoliciesResponseSchema.parse((await call(root, 'GET', apiPaths.policies)).json());
      expect(list.policies.map((p) => p.name)).toContain('team/red-only');
      expect(list.policies.map((p) => p.name)).toContain('readwrite');
      const limited = listPoliciesResponseSchema.parse(
        (await call(root, 'GET', `${apiPaths.policies}?limit=2`)).json(),
      );
      expect(limited.policies).toHaveLength(2);
      expect(limited.total).toBe(list.total);

      const got = await call(root, 'GET', q(apiPaths.policy, 'team/red-only'));
      expect(policySchema.parse(got.json()).policy).toBe(policy.policy);

      // Save the JSON of the existing policy: now it allows blue as well.
      const both = JSON.parse(bucketPolicy('red'));
      both.Statement[0].Resource.push('arn:aws:s3:::blue');
      both.Statement[1].Resource.push('arn:aws:s3:::blue/*');
      const saved = await call(root, 'PUT', fillApiPath(apiPaths.policyByName, { name: 'team/red-only' }), {
        policy: JSON.stringify(both),
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(JSON.parse(policySchema.parse(saved.json()).policy).Statement[0].Resource).toContain(
        'arn:aws:s3:::blue',
      );
      const info = await rootAdmin.infoCannedPolicy('team/red-only');
      expect(JSON.stringify(info.Policy)).toContain('arn:aws:s3:::blue/*');

      expect((await call(root, 'DELETE', q(apiPaths.policy, 'team/red-only'))).statusCode).toBe(204);
      expectError(await call(root, 'GET', q(apiPaths.policy, 'team/red-only')), 404);
    });

    it('refuses blank names, bad JSON, malformed policies, duplicates and saving an unknown policy', async () => {
      expectError(await call(root, 'POST', apiPaths.policies, { name: '  ', policy: '{}' }), 400, /required/);
      expectError(
        await call(root, 'POST', apiPaths.policies, { name: 'broken', policy: '{"Version": ' }),
        400,
        /not valid JSON/,
      );
      expectError(
        await call(root, 'POST', apiPaths.policies, { name: 'array', policy: '[]' }),
        400,
        /must be a JSON object/,
      );
      expectError(
        await call(root, 'POST', apiPaths.policies, {
          name: 'nonsense',
          policy: JSON.stringify({ Version: '2012-10-17', Statement: [{ Effect: 'Maybe' }] }),
        }),
        400,
      );
      expectError(
        await call(root, 'POST', apiPaths.policies, { name: 'readwrite', policy: bucketPolicy('red') }),
        409,
        /already exists/,
      );
      expectError(
        await call(root, 'PUT', fillApiPath(apiPaths.policyByName, { name: 'no-such-policy' }), {
          policy: bucketPolicy('red'),
        }),
        404,
      );
      expectError(
        await call(root, 'PUT', fillApiPath(apiPaths.policyByName, { name: 'readwrite' }), {
          policy: 'nope',
        }),
        400,
        /not valid JSON/,
      );
    });

    it('lists the users and groups of a policy and sets policies on users and groups', async () => {
      await rootAdmin.addCannedPolicy('blue-only', bucketPolicy('blue'));
      await rootAdmin.addUser('pia', 'pia-secret-1');
      await rootAdmin.updateGroupMembers({ group: 'painters', members: ['pia'], isRemove: false });

      const setUser = await call(root, 'PUT', apiPaths.setPolicy, {
        name: ['blue-only'],
        entityName: 'pia',
        entityType: 'user',
      });
      expect(setUser.statusCode, setUser.body).toBe(204);
      const setGroup = await call(root, 'PUT', apiPaths.setPolicy, {
        name: ['blue-only', 'readonly'],
        entityName: 'painters',
        entityType: 'group',
      });
      expect(setGroup.statusCode, setGroup.body).toBe(204);

      const users = await call(root, 'GET', fillApiPath(apiPaths.policyUsers, { name: 'blue-only' }));
      expect(users.json()).toEqual(['pia']);
      const groups = await call(root, 'GET', fillApiPath(apiPaths.policyGroups, { name: 'blue-only' }));
      expect(groups.json()).toEqual(['painters']);
      expect(
        (await call(root, 'GET', fillApiPath(apiPaths.policyUsers, { name: 'readonly' }))).json(),
      ).toEqual([]);
      expectError(await call(root, 'GET', fillApiPath(apiPaths.policyUsers, { name: 'missing' })), 404);

      expectError(
        await call(root, 'PUT', apiPaths.setPolicy, { name: ['x'], entityName: 'pia', entityType: 'robot' }),
        400,
      );
      expectError(
        await call(root, 'PUT', apiPaths.setPolicy, {
          name: ['no-such-policy'],
          entityName: 'pia',
          entityType: 'user',
        }),
        404,
      );
      // An empty list clears.
      await call(root, 'PUT', apiPaths.setPolicy, { name: [], entityName: 'pia', entityType: 'user' });
      expect((await rootAdmin.getUserInfo('pia')).policyName ?? '').toBe('');
    });
  });

  describe('users', () => {
    it('creates a user with groups and policies, and that user sees only what the policy allows', async () => {
      await rootAdmin.addCannedPolicy('red-only', bucketPolicy('red'));
      const res = await call(root, 'POST', apiPaths.users, {
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
      const created = await call(root, 'POST', apiPaths.users, {
        accessKey: 'ops/sam',
        secretKey: 'sam-secret-1',
      });
      expect(created.statusCode, created.body).toBe(201);
      const list = listUsersResponseSchema.parse((await call(root, 'GET', apiPaths.users)).json());
      expect(list.users.map((u) => u.accessKey)).toEqual(expect.arrayContaining(['ops/sam', 'ralph']));
      expect(list.total).toBe(list.users.length);
      const ralph = list.users.find((u) => u.accessKey === 'ralph');
      expect(ralph).toEqual({
        accessKey: 'ralph',
        status: 'enabled',
        policy: ['red-only'],
        memberOf: ['red-team'],
      });

      const sam = userSchema.parse((await call(root, 'GET', q(apiPaths.user, 'ops/sam'))).json());
      expect(sam).toEqual({
        accessKey: 'ops/sam',
        status: 'enabled',
        memberOf: [],
        policy: [],
        hasPolicy: false,
      });
      expectError(await call(root, 'GET', q(apiPaths.user, 'nobody-here')), 404);
      expectError(await call(root, 'GET', apiPaths.user), 400);
    });

    it('refuses short secrets, blank access keys and existing names', async () => {
      expectError(
        await call(root, 'POST', apiPaths.users, { accessKey: 'shorty', secretKey: 'short' }),
        400,
        passwordTooShortMessage,
      );
      expectError(
        await call(root, 'POST', apiPaths.users, { accessKey: ' ', secretKey: 'long-enough-1' }),
        400,
        /Access key is required/,
      );
      expectError(
        await call(root, 'POST', apiPaths.users, { accessKey: 'ralph', secretKey: 'other-secret-1' }),
        409,
        /already exists/,
      );
      // The existing user's secret was not reset.
      await login('ralph', 'ralph-secret-1');
    });

    it('updates status, groups and policies; a disabled user is refused on the next call', async () => {
      const ralph = await login('ralph', 'ralph-secret-1');
      expect((await call(ralph, 'GET', apiPaths.buckets)).statusCode).toBe(200);

      const res = await call(root, 'PUT', q(apiPaths.user, 'ralph'), {
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
      expect((await rootAdmin.getGroupDescription('red-team')).members).toEqual([]);

      // The existing session of the disabled user stops working, and signing in again is refused.
      const after = await call(ralph, 'GET', apiPaths.buckets);
      expect([401, 403]).toContain(after.statusCode);
      const again = await app.inject({
        method: 'POST',
        url: apiPaths.login,
        payload: { accessKey: 'ralph', secretKey: 'ralph-secret-1' },
      });
      expect(again.statusCode).toBe(401);

      const enabled = await call(root, 'PUT', q(apiPaths.user, 'ralph'), {
        status: 'enabled',
        groups: ['blue-team'],
      });
      expect(userSchema.parse(enabled.json()).status).toBe('enabled');
      expectError(await call(root, 'PUT', q(apiPaths.user, 'ralph'), { status: 'sleepy', groups: [] }), 400);
      expectError(await call(root, 'PUT', q(apiPaths.user, 'ghost'), { status: 'enabled', groups: [] }), 404);
    });

    it('adds users to groups in bulk and needs at least one group', async () => {
      await rootAdmin.addUser('bulk-a', 'bulk-a-secret');
      await rootAdmin.addUser('bulk-b', 'bulk-b-secret');
      const res = await call(root, 'PUT', apiPaths.usersGroupsBulk, {
        groups: ['bulk-1', 'bulk-2'],
        users: ['bulk-a', 'bulk-b'],
      });
      expect(res.statusCode, res.body).toBe(204);
      for (const g of ['bulk-1', 'bulk-2']) {
        expect((await rootAdmin.getGroupDescription(g)).members?.sort()).toEqual(['bulk-a', 'bulk-b']);
      }
      expectError(
        await call(root, 'PUT', apiPaths.usersGroupsBulk, { groups: [], users: ['bulk-a'] }),
        400,
        'You need to select at least one group to assign.',
      );
      expectError(
        await call(root, 'PUT', apiPaths.usersGroupsBulk, { groups: ['bulk-1'], users: ['nobody-at-all'] }),
        404,
      );
    });

    it('deletes users but refuses to delete or disable the signed-in user', async () => {
      await rootAdmin.addUser('admin-ann', 'admin-ann-secret');
      await rootAdmin.setPolicy('consoleAdmin', 'admin-ann', false);
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
      expect((await rootAdmin.getUserInfo('admin-ann')).status).toBe('enabled');

      expect((await call(ann, 'DELETE', q(apiPaths.user, 'bulk-b'))).statusCode).toBe(204);
      expectError(await call(root, 'GET', q(apiPaths.user, 'bulk-b')), 404);
      expectError(await call(ann, 'DELETE', q(apiPaths.user, 'bulk-b')), 404);
    });
  });

  describe('groups', () => {
    it('creates, reads, updates and deletes a group', async () => {
      await rootAdmin.addUser('gina', 'gina-secret-1');
      await rootAdmin.addUser('gus', 'gus-secret-11');
      const created = await call(root, 'POST', apiPaths.groups, { group: 'gardeners', members: ['gina'] });
      expect(created.statusCode, created.body).toBe(201);
      expect(groupSchema.parse(created.json())).toEqual({
        name: 'gardeners',
        members: ['gina'],
        status: 'enabled',
        policy: '',
      });
      const list = listGroupsResponseSchema.parse((await call(root, 'GET', apiPaths.groups)).json());
      expect(list.groups).toContain('gardeners');

      const updated = await call(root, 'PUT', q(apiPaths.group, 'gardeners'), {
        members: ['gus'],
        status: 'disabled',
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(groupSchema.parse(updated.json())).toMatchObject({ members: ['gus'], status: 'disabled' });

      await call(root, 'PUT', apiPaths.setPolicy, {
        name: ['readonly'],
        entityName: 'gardeners',
        entityType: 'group',
      });
      expect(groupSchema.parse((await call(root, 'GET', q(apiPaths.group, 'gardeners'))).json()).policy).toBe(
        'readonly',
      );

      // Deleting a group that still has members works (they are removed first).
      expect((await call(root, 'DELETE', q(apiPaths.group, 'gardeners'))).statusCode).toBe(204);
      expectError(await call(root, 'GET', q(apiPaths.group, 'gardeners')), 404);
      expect((await rootAdmin.getUserInfo('gus')).memberOf ?? []).toEqual([]);
    });

    it('refuses blank names, existing groups and unknown members', async () => {
      expectError(await call(root, 'POST', apiPaths.groups, { group: '   ' }), 400, /Group name is required/);
      await rootAdmin.updateGroupMembers({ group: 'existing', members: ['gina'], isRemove: false });
      expectError(await call(root, 'POST', apiPaths.groups, { group: 'existing' }), 409, /already exists/);
      expectError(await call(root, 'POST', apiPaths.groups, { group: 'g2', members: ['nobody-x'] }), 404);
      expectError(await call(root, 'DELETE', q(apiPaths.group, 'never-was')), 404);
    });

    it('gives members the group policy', async () => {
      await rootAdmin.addUser('gwen', 'gwen-secret-1');
      const gwen = await login('gwen', 'gwen-secret-1');
      const before = (await call(gwen, 'GET', apiPaths.buckets)).json() as { buckets: unknown[] };
      expect(before.buckets).toEqual([]);
      await call(root, 'POST', apiPaths.groups, { group: 'blue-readers', members: ['gwen'] });
      await rootAdmin.addCannedPolicy('blue-only-2', bucketPolicy('blue'));
      await call(root, 'PUT', apiPaths.setPolicy, {
        name: ['blue-only-2'],
        entityName: 'blue-readers',
        entityType: 'group',
      });
      const user = userSchema.parse((await call(root, 'GET', q(apiPaths.user, 'gwen'))).json());
      expect(user).toMatchObject({ policy: [], hasPolicy: true });
      const after = (await call(gwen, 'GET', apiPaths.buckets)).json() as { buckets: { name: string }[] };
      expect(after.buckets.map((b) => b.name)).toEqual(['blue']);
    });
  });

  describe('service accounts', () => {
    it('creates own service accounts (generated and custom keys) that work with the S3 SDK', async () => {
      const res = await call(root, 'POST', apiPaths.serviceAccounts, {});
      expect(res.statusCode, res.body).toBe(201);
      const creds = serviceAccountCredentialsSchema.parse(res.json());
      expect(creds.secretKey.length).toBeGreaterThanOrEqual(8);
      const objects = await s3As(creds.accessKey, creds.secretKey).listBuckets();
      expect(objects.map((b) => b.name)).toEqual(['blue', 'red']);

      const custom = await call(root, 'POST', apiPaths.serviceAccountCredentials, {
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

      const list = serviceAccountListSchema.parse((await call(root, 'GET', apiPaths.serviceAccounts)).json());
      expect(list).toEqual(expect.arrayContaining([creds.accessKey, 'my-custom-key']));

      const del = await call(root, 'DELETE', fillApiPath(apiPaths.serviceAccount, { name: 'my-custom-key' }));
      expect(del.statusCode, del.body).toBe(204);
      await expect(narrowed.statObject('red', 'r.txt')).rejects.toThrow();
      expectError(
        await call(root, 'DELETE', fillApiPath(apiPaths.serviceAccount, { name: 'my-custom-key' })),
        404,
      );
    });

    it('refuses bad policy JSON and short custom secrets', async () => {
      expectError(
        await call(root, 'POST', apiPaths.serviceAccounts, { policy: '{oops' }),
        400,
        /not valid JSON/,
      );
      expectError(
        await call(root, 'POST', apiPaths.serviceAccountCredentials, {
          accessKey: 'abc',
          secretKey: 'short',
        }),
        400,
        passwordTooShortMessage,
      );
      expectError(
        await call(root, 'POST', apiPaths.serviceAccountCredentials, {
          accessKey: '',
          secretKey: 'long-enough',
        }),
        400,
      );
    });

    it("manages a user's service accounts, which need the user to have a policy; names with slashes work", async () => {
      await rootAdmin.addUser('dev/nina', 'nina-secret-1');
      const userPath = fillApiPath(apiPaths.userServiceAccounts, { user: 'dev/nina' });
      expect(userPath).toContain('dev%2Fnina');
      expectError(await call(root, 'POST', userPath, {}), 400, /has no policy/);
      await rootAdmin.setPolicy('readonly', 'dev/nina', false);
      const made = await call(root, 'POST', userPath, {});
      expect(made.statusCode, made.body).toBe(201);
      const creds = serviceAccountCredentialsSchema.parse(made.json());
      const custom = await call(
        root,
        'POST',
        fillApiPath(apiPaths.userServiceAccountCredentials, { user: 'dev/nina' }),
        { accessKey: 'nina-key-2', secretKey: 'nina-secret-22' },
      );
      expect(custom.statusCode, custom.body).toBe(201);
      const list = serviceAccountListSchema.parse((await call(root, 'GET', userPath)).json());
      expect(list.sort()).toEqual([creds.accessKey, 'nina-key-2'].sort());
      const info = await rootAdmin.infoServiceAccount(creds.accessKey);
      expect(info.parentUser).toBe('dev/nina');
      // Read-only, like its owner.
      const s3 = s3As(creds.accessKey, creds.secretKey);
      expect((await s3.statObject('red', 'r.txt')).size).toBe(3);
      await expect(s3.putObject('red', 'no.txt', Buffer.from('x'))).rejects.toThrow();
      expectError(
        await call(root, 'GET', fillApiPath(apiPaths.userServiceAccounts, { user: 'nobody-here' })),
        404,
      );
    });
  });

  describe('passwords', () => {
    it("sets another user's password and refuses short ones", async () => {
      await rootAdmin.addUser('pat', 'pat-secret-old');
      expectError(
        await call(root, 'POST', apiPaths.changeUserPassword, { selectedUser: 'pat', newSecretKey: 'short' }),
        400,
        passwordTooShortMessage,
      );
      const res = await call(root, 'POST', apiPaths.changeUserPassword, {
        selectedUser: 'pat',
        newSecretKey: 'pat-secret-new',
      });
      expect(res.statusCode, res.body).toBe(204);
      await login('pat', 'pat-secret-new');
      const old = await app.inject({
        method: 'POST',
        url: apiPaths.login,
        payload: { accessKey: 'pat', secretKey: 'pat-secret-old' },
      });
      expect(old.statusCode).toBe(401);
      expectError(
        await call(root, 'POST', apiPaths.changeUserPassword, {
          selectedUser: 'ghost',
          newSecretKey: 'long-enough',
        }),
        404,
      );
    });

    it('changes my own password only with the right current one, and keeps me signed in', async () => {
      await rootAdmin.addUser('olga', 'olga-secret-old');
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
      const old = await app.inject({
        method: 'POST',
        url: apiPaths.login,
        payload: { accessKey: 'olga', secretKey: 'olga-secret-old' },
      });
      expect(old.statusCode).toBe(401);
    });

    it('refuses a password change for root (not a directory user)', async () => {
      expectError(
        await call(root, 'POST', apiPaths.changePassword, {
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
      await rootAdmin.addUser('norma', 'norma-secret-1');
      await rootAdmin.setPolicy('readonly', 'norma', false);
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
      expect((await rootAdmin.getUserInfo('norma')).policyName).toBe('readonly');
      // The user's own things still work: service accounts of their own.
      expect((await call(norma, 'GET', apiPaths.serviceAccounts)).statusCode).toBe(200);
    });

    it('documents every identity route in the OpenAPI output', async () => {
      const doc = (await app.inject({ url: apiPaths.openapi })).json() as { paths: Record<string, object> };
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
      const res = await app.inject({ url: apiPaths.users });
      expect(res.statusCode).toBe(401);
    });
  });
});
