// SPDX-License-Identifier: Apache-2.0
/**
 * Admin API operations against a real 4-drive store: users, malformed requests, groups and policies.
 * Authorization, service accounts, server state, STS and persistence: `admin-access-state.test.ts`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminHarness } from './testing/harness.js';
import { R, readonlyPolicy, useOperationsHarness } from './testing/operations-fixture.js';

let h: AdminHarness;
useOperationsHarness((opened) => {
  h = opened;
});

describe('users', () => {
  it('adds, lists, describes, disables and removes a user', async () => {
    expect(
      (
        await h.admin(R, 'PUT', '/add-user', {
          query: { accessKey: 'alice' },
          body: { secretKey: 'alice-secret', status: 'enabled' },
          encrypt: true,
        })
      ).status,
    ).toBe(200);
    const list = await h.admin(R, 'GET', '/list-users', { decrypt: true });
    expect(list.status).toBe(200);
    expect(list.json).toMatchObject({ alice: { status: 'enabled' } });
    const info = await h.admin(R, 'GET', '/user-info', { query: { accessKey: 'alice' } });
    expect(info.json).toMatchObject({ status: 'enabled' });
    expect(
      (await h.admin(R, 'PUT', '/set-user-status', { query: { accessKey: 'alice', status: 'disabled' } }))
        .status,
    ).toBe(200);
    expect(await h.ctx.iam.lookup('alice')).toBeNull();
    expect((await h.admin(R, 'DELETE', '/remove-user', { query: { accessKey: 'alice' } })).status).toBe(200);
    const gone = await h.admin(R, 'GET', '/user-info', { query: { accessKey: 'alice' } });
    expect(gone.status).toBe(404);
    expect(gone.json).toMatchObject({ Code: 'XMinioAdminNoSuchUser', Resource: '/minio/admin/v3/user-info' });
  });

  it('validates keys and refuses to redefine root', async () => {
    const short = await h.admin(R, 'PUT', '/add-user', {
      query: { accessKey: 'bob' },
      body: { secretKey: 'short', status: 'enabled' },
      encrypt: true,
    });
    expect(short.status).toBe(400);
    expect(short.json).toMatchObject({ Code: 'XMinioAdminInvalidArgument' });
    const shortKey = await h.admin(R, 'PUT', '/add-user', {
      query: { accessKey: 'ab' },
      body: { secretKey: 'long-enough', status: 'enabled' },
      encrypt: true,
    });
    expect(shortKey.json).toMatchObject({ Code: 'XMinioAdminInvalidArgument' });
    const root = await h.admin(R, 'PUT', '/add-user', {
      query: { accessKey: R },
      body: { secretKey: 'whatever-123', status: 'enabled' },
      encrypt: true,
    });
    expect(root.status).toBe(403);
    expect(root.json).toMatchObject({ Code: 'XMinioInvalidIAMCredentials' });
    const plain = await h.admin(R, 'PUT', '/add-user', {
      query: { accessKey: 'bob' },
      body: { secretKey: 'bob-secret-1', status: 'enabled' },
    });
    expect(plain.status).toBe(400);
    expect(plain.json).toMatchObject({ Code: 'XMinioAdminConfigBadJSON' });
  });
});

describe('malformed requests', () => {
  it.each([
    ['PUT', '/update-group-members', 'null', false],
    ['PUT', '/update-group-members', '[1,2]', false],
    ['PUT', '/update-group-members', '{"group":', false],
    ['PUT', '/set-bucket-quota?bucket=photos', '"quota"', false],
    ['PUT', '/add-service-account', 'null', true],
    ['POST', '/idp/builtin/policy/attach', '[]', true],
    ['PUT', '/add-user?accessKey=someone', '7', true],
  ])('%s %s with body %s answers XMinioAdminConfigBadJSON', async (method, target, body, encrypt) => {
    const [p, q] = target.split('?');
    const query = Object.fromEntries(new URLSearchParams(q ?? ''));
    const r = await h.admin(R, method, p ?? '', { query, body, encrypt });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ Code: 'XMinioAdminConfigBadJSON' });
  });

  it('answers unknown admin paths and missing parameters with clear errors', async () => {
    const unknown = await h.admin(R, 'GET', '/no-such-call');
    expect(unknown.status).toBe(426);
    expect(unknown.json).toMatchObject({ Code: 'XMinioAdminVersionMismatch' });
    const missing = await h.admin(R, 'GET', '/user-info');
    expect(missing.json).toMatchObject({ Code: 'XMinioAdminInvalidArgument' });
    expect((missing.json as { Message: string }).Message).toMatch(/accessKey/);
    const tooBig = await h.admin(R, 'PUT', '/add-canned-policy', {
      query: { name: 'big' },
      body: 'x'.repeat(21 * 1024),
    });
    expect(tooBig.json).toMatchObject({ Code: 'XMinioAdminConfigTooLarge' });
  });
});

describe('groups', () => {
  beforeAll(async () => {
    await h.ctx.iam.addUser('gina', 'gina-secret-1');
    await h.ctx.iam.addUser('hank', 'hank-secret-1');
  });

  it('creates a group by adding members, describes, disables, and deletes it once empty', async () => {
    const add = await h.admin(R, 'PUT', '/update-group-members', {
      body: { group: 'devs', members: ['gina', 'hank'], isRemove: false, groupStatus: 'enabled' },
    });
    expect(add.status).toBe(200);
    expect((await h.admin(R, 'GET', '/groups')).json).toContain('devs');
    const desc = await h.admin(R, 'GET', '/group', { query: { group: 'devs' } });
    expect(desc.json).toMatchObject({
      name: 'devs',
      status: 'enabled',
      members: ['gina', 'hank'],
      policy: '',
    });
    expect((await h.admin(R, 'GET', '/user-info', { query: { accessKey: 'gina' } })).json).toMatchObject({
      memberOf: ['devs'],
    });
    expect(
      (await h.admin(R, 'PUT', '/set-group-status', { query: { group: 'devs', status: 'disabled' } })).status,
    ).toBe(200);
    expect((await h.admin(R, 'GET', '/group', { query: { group: 'devs' } })).json).toMatchObject({
      status: 'disabled',
    });
    const notEmpty = await h.admin(R, 'PUT', '/update-group-members', {
      body: { group: 'devs', members: [], isRemove: true },
    });
    expect(notEmpty.status).toBe(400);
    expect(notEmpty.json).toMatchObject({ Code: 'XMinioAdminGroupNotEmpty' });
    await h.admin(R, 'PUT', '/update-group-members', {
      body: { group: 'devs', members: ['gina', 'hank'], isRemove: true },
    });
    expect(
      (
        await h.admin(R, 'PUT', '/update-group-members', {
          body: { group: 'devs', members: [], isRemove: true },
        })
      ).status,
    ).toBe(200);
    expect((await h.admin(R, 'GET', '/group', { query: { group: 'devs' } })).json).toMatchObject({
      Code: 'XMinioAdminNoSuchGroup',
    });
  });

  it('refuses unknown members', async () => {
    const r = await h.admin(R, 'PUT', '/update-group-members', {
      body: { group: 'x', members: ['nobody'], isRemove: false },
    });
    expect(r.status).toBe(404);
    expect(r.json).toMatchObject({ Code: 'XMinioAdminNoSuchUser' });
  });
});

describe('policies', () => {
  beforeAll(async () => {
    await h.ctx.iam.addUser('ivan', 'ivan-secret-1');
    await h.ctx.iam.updateGroupMembers('viewers', ['ivan'], false);
  });

  it('lists the built-ins and adds, describes, attaches, lists entities, and removes a policy', async () => {
    const list = await h.admin(R, 'GET', '/list-canned-policies');
    for (const n of ['readonly', 'readwrite', 'writeonly', 'diagnostics', 'consoleAdmin'])
      expect(list.json).toHaveProperty(n);
    expect(
      (
        await h.admin(R, 'PUT', '/add-canned-policy', {
          query: { name: 'photos-read' },
          body: readonlyPolicy,
        })
      ).status,
    ).toBe(200);
    expect((await h.admin(R, 'GET', '/info-canned-policy', { query: { name: 'photos-read' } })).json).toEqual(
      readonlyPolicy,
    );
    const v2 = await h.admin(R, 'GET', '/info-canned-policy', { query: { name: 'photos-read', v: '2' } });
    expect(v2.json).toMatchObject({ PolicyName: 'photos-read', Policy: readonlyPolicy });
    expect((v2.json as { CreateDate: string }).CreateDate).toMatch(/^\d{4}-/);

    expect(
      (
        await h.admin(R, 'PUT', '/set-user-or-group-policy', {
          query: { policyName: 'photos-read,diagnostics', userOrGroup: 'ivan', isGroup: 'false' },
        })
      ).status,
    ).toBe(200);
    expect((await h.admin(R, 'GET', '/user-info', { query: { accessKey: 'ivan' } })).json).toMatchObject({
      policyName: 'photos-read,diagnostics',
    });
    const attach = await h.admin(R, 'POST', '/idp/builtin/policy/attach', {
      body: { policies: ['readonly'], group: 'viewers' },
      encrypt: true,
      decrypt: true,
    });
    expect(attach.status).toBe(201);
    expect(attach.json).toMatchObject({ policiesAttached: ['readonly'] });
    const entities = await h.admin(R, 'GET', '/idp/builtin/policy-entities', {
      query: { policy: ['readonly', 'photos-read'] },
      decrypt: true,
    });
    expect(entities.json).toMatchObject({
      policyMappings: [
        { policy: 'readonly', users: [], groups: ['viewers'] },
        { policy: 'photos-read', users: ['ivan'], groups: [] },
      ],
    });
    const inUse = await h.admin(R, 'DELETE', '/remove-canned-policy', { query: { name: 'photos-read' } });
    expect(inUse.json).toMatchObject({ Code: 'XMinioAdminPolicyInUse' });
    expect(
      (
        await h.admin(R, 'POST', '/idp/builtin/policy/detach', {
          body: { policies: ['readonly'], group: 'viewers' },
          encrypt: true,
        })
      ).status,
    ).toBe(204);
    await h.admin(R, 'PUT', '/set-user-or-group-policy', {
      query: { policyName: '', userOrGroup: 'ivan', isGroup: 'false' },
    });
    expect(
      (await h.admin(R, 'DELETE', '/remove-canned-policy', { query: { name: 'photos-read' } })).status,
    ).toBe(200);
    expect((await h.admin(R, 'GET', '/info-canned-policy', { query: { name: 'photos-read' } })).status).toBe(
      404,
    );
  });

  it('rejects malformed policies with a clear message', async () => {
    const r = await h.admin(R, 'PUT', '/add-canned-policy', {
      query: { name: 'bad' },
      body: { Version: '2012-10-17', Statement: [{ Effect: 'Allow', Action: 's3:GetObject' }] },
    });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ Code: 'XMinioMalformedIAMPolicy' });
    expect((r.json as { Message: string }).Message).toMatch(/Resource must not be empty/);
    const unknown = await h.admin(R, 'PUT', '/set-user-or-group-policy', {
      query: { policyName: 'nope', userOrGroup: 'ivan', isGroup: 'false' },
    });
    expect(unknown.json).toMatchObject({ Code: 'XMinioAdminNoSuchPolicy' });
  });
});
