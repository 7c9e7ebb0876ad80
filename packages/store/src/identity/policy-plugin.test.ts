// SPDX-License-Identifier: Apache-2.0
import { MadminClient, type MadminError } from '@stowage/madmin';
import type { Client as S3Client } from 'minio';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PolicyPluginInput } from '../iam/policy-plugin.js';
import type { StoreHandle } from '../server.js';
import { closedPortUrl, type HookServer, startHookServer } from '../sts/testing/hook-server.js';
import {
  bucketPolicy,
  type IdentityStore,
  startIdentityStore,
  storeS3,
} from '../sts/testing/identity-config.js';

// The access management plugin (`policy_plugin`) against a store: a hook server of the test's own plays
// MinIO's plugin. While the set has a url the hook decides every signed request but root's, in place of
// the IAM policies; a failing hook denies; clearing the set gives the decision back to IAM.

const ROOT = { accessKey: 'policy-plugin-root', secretKey: 'policy-plugin-root-secret' };
const USER = { accessKey: 'pp-user', secretKey: 'pp-user-secret-1' };
let identity: IdentityStore;
let store: StoreHandle;
let hook: HookServer;

function s3(keys: { accessKey: string; secretKey: string }): S3Client {
  return storeS3(store.url, keys);
}

async function outcome(p: Promise<unknown>): Promise<string> {
  return p.then(
    () => 'ok',
    (e: { code?: string; message?: string }) => `${e.code ?? ''}: ${e.message ?? String(e)}`,
  );
}

function inputs(): PolicyPluginInput[] {
  return hook.requests.map((r) => (JSON.parse(r.body) as { input: PolicyPluginInput }).input);
}

beforeAll(async () => {
  hook = await startHookServer('/v1/data/httpapi/authz/allow');
  identity = await startIdentityStore('policy-plugin', ROOT);
  store = identity.store;
  await s3(ROOT).makeBucket('pp-data');
  await identity.admin.addUser(USER.accessKey, USER.secretKey);
  await identity.admin.updateGroupMembers({ group: 'pp-group', members: [USER.accessKey] });
  await identity.admin.addCannedPolicy('pp-read', bucketPolicy('pp-data', ['s3:GetObject']));
  await identity.admin.attachPolicy({ policies: ['pp-read'], user: USER.accessKey });
  await s3(ROOT).putObject('pp-data', 'seed.txt', Buffer.from('seed'));
}, 60_000);

afterAll(async () => {
  await identity?.close();
  await hook?.close();
});

beforeEach(async () => {
  hook.requests.length = 0;
  // The hook's rule: reads, writes and admin:ListUsers are allowed, deletes are not.
  hook.answer = (r) => {
    const action = (JSON.parse(r.body) as { input: PolicyPluginInput }).input.action;
    return { status: 200, json: { result: action !== 's3:DeleteObject' } };
  };
  const set = await identity.admin.setConfigKV(
    `policy_plugin url="${hook.url}" auth_token="Bearer pp-token" enable_http2=off`,
  );
  expect(set.restartRequired).toBe(false);
});

describe('policy_plugin: authorization by an HTTP hook', { timeout: 60_000 }, () => {
  it("decides the user's S3 requests per action in place of IAM, with MinIO's input", async () => {
    const user = s3(USER);
    // IAM alone would refuse this write (pp-read allows GetObject only); the plugin allows it.
    expect(await outcome(user.putObject('pp-data', 'docs/a.txt', Buffer.from('a')))).toBe('ok');
    expect(await outcome(user.removeObject('pp-data', 'docs/a.txt'))).toMatch(/^AccessDenied: /);
    const put = inputs().find((i) => i.action === 's3:PutObject');
    expect(put).toBeDefined();
    expect(Object.keys(put ?? {}).sort()).toEqual(
      [
        'account',
        'action',
        'bucket',
        'claims',
        'conditions',
        'denyOnly',
        'groups',
        'object',
        'originalAction',
        'owner',
      ].sort(),
    );
    expect(put).toMatchObject({
      account: USER.accessKey,
      groups: ['pp-group'],
      originalAction: 's3:PutObject',
      bucket: 'pp-data',
      object: 'docs/a.txt',
      owner: false,
      claims: {},
      denyOnly: false,
    });
    expect(put?.conditions.SourceIp).toEqual(['127.0.0.1']);
    expect(put?.conditions.username).toEqual([USER.accessKey]);
    expect(Date.parse(put?.conditions.CurrentTime?.[0] ?? '')).not.toBeNaN();
    expect(inputs().some((i) => i.action === 's3:DeleteObject' && i.object === 'docs/a.txt')).toBe(true);
    const req = hook.requests[0];
    expect([req?.method, req?.authorization, req?.contentType]).toEqual([
      'POST',
      'Bearer pp-token',
      'application/json',
    ]);
  });

  it("accepts {result: {allow}} answers, decides admin calls, and leaves root's requests alone", async () => {
    hook.answer = (r) => {
      const action = (JSON.parse(r.body) as { input: PolicyPluginInput }).input.action;
      return { status: 200, json: { result: { allow: action === 'admin:ListUsers' } } };
    };
    const userAdmin = new MadminClient({ endpoint: store.url, ...USER });
    expect(Object.keys(await userAdmin.listUsers())).toContain(USER.accessKey);
    expect(await outcome(s3(USER).getObject('pp-data', 'seed.txt'))).toMatch(/^AccessDenied: /);
    hook.requests.length = 0;
    // Root bypasses the plugin even though the hook would refuse it.
    expect(await outcome(s3(ROOT).putObject('pp-data', 'root.txt', Buffer.from('r')))).toBe('ok');
    expect(Object.keys(await identity.admin.listUsers())).toContain(USER.accessKey);
    expect(hook.requests).toHaveLength(0);
  });

  it('a hook that is down, answers an error or nonsense denies with a clear error', async () => {
    await identity.admin.setConfigKV(`policy_plugin url="${await closedPortUrl()}"`);
    expect(await outcome(s3(USER).getObject('pp-data', 'seed.txt'))).toBe(
      'AccessDenied: Access Denied: the access management plugin hook could not be reached (ECONNREFUSED)',
    );
    const userAdmin = new MadminClient({ endpoint: store.url, ...USER });
    const adminErr = await userAdmin.listUsers().then(
      () => 'allowed',
      (e: MadminError) => `${e.code}: ${e.message}`,
    );
    expect(adminErr).toMatch(/^AccessDenied: .*could not be reached \(ECONNREFUSED\)/);
    await identity.admin.setConfigKV(`policy_plugin url="${hook.url}"`);
    hook.answer = () => ({ status: 500, json: { error: 'opa broke' } });
    expect(await outcome(s3(USER).getObject('pp-data', 'seed.txt'))).toMatch(/answered HTTP 500/);
    hook.answer = () => ({ status: 200, json: { allowed: true } });
    expect(await outcome(s3(USER).getObject('pp-data', 'seed.txt'))).toMatch(/answered neither/);
  });

  it('clearing the set gives the decision back to the IAM policies', async () => {
    expect(await outcome(s3(USER).putObject('pp-data', 'b.txt', Buffer.from('b')))).toBe('ok');
    const del = await identity.admin.delConfigKV('policy_plugin');
    expect(del.restartRequired).toBe(false);
    hook.requests.length = 0;
    expect(await outcome(s3(USER).putObject('pp-data', 'c.txt', Buffer.from('c')))).toMatch(
      /^AccessDenied: Access Denied\.$/,
    );
    expect(await outcome(s3(USER).getObject('pp-data', 'seed.txt'))).toBe('ok');
    expect(hook.requests).toHaveLength(0);
  });
});
