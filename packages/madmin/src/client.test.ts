// SPDX-License-Identifier: Apache-2.0
/**
 * Unit test of the client against a small local HTTP server that checks what arrives (see
 * `testing/recording-server.ts`): signing, users, groups, policies, service accounts, server state,
 * quota and service calls. Config, heal, errors, streams, tiers and timeouts: `client-streams.test.ts`.
 */
import { describe, expect, it } from 'vitest';
import { MadminClient } from './client.js';
import { sha256Hex } from './sigv4.js';
import { AK, SK, sendEncrypted, sendJson, TOKEN, useRecordingServer } from './testing/recording-server.js';

const rig = useRecordingServer();
const { client, only } = rig;

describe('signing', () => {
  it('signs with service s3 and the empty region, sending x-amz-content-sha256 and the session token', async () => {
    rig.handler = (_r, res) => sendJson(res, { mode: 'online' });
    const info = await client({ sessionToken: TOKEN }).serverInfo();
    expect(info.mode).toBe('online');
    const r = only();
    expect(r).toMatchObject({ method: 'GET', path: '/minio/admin/v3/info', service: 's3', region: '' });
    expect(r.headers['x-amz-security-token']).toBe(TOKEN);
    expect(r.headers['x-amz-content-sha256']).toBe(sha256Hex(''));
    expect(r.headers.authorization).toContain('x-amz-security-token');
  });

  it('validates the endpoint', () => {
    expect(() => new MadminClient({ endpoint: 'ftp://h', accessKey: AK, secretKey: SK })).toThrow(/http/);
    expect(() => new MadminClient({ endpoint: 'http://h/minio', accessKey: AK, secretKey: SK })).toThrow(
      /path/,
    );
    expect(() => new MadminClient({ endpoint: 'nope', accessKey: AK, secretKey: SK })).toThrow(/URL/);
    expect(() => new MadminClient({ endpoint: 'http://h', accessKey: '', secretKey: SK })).toThrow(
      /required/,
    );
  });
});

describe('users', () => {
  it('listUsers decrypts the answer', async () => {
    rig.handler = (_r, res) => sendEncrypted(res, { alice: { policyName: 'readwrite', status: 'enabled' } });
    expect(await client().listUsers()).toEqual({ alice: { policyName: 'readwrite', status: 'enabled' } });
    expect(only()).toMatchObject({ method: 'GET', path: '/minio/admin/v3/list-users' });
  });

  it('addUser sends an encrypted {secretKey,status}', async () => {
    await client().addUser('alice', 'alice-secret-1', 'enabled');
    const r = only();
    expect(r).toMatchObject({ method: 'PUT', path: '/minio/admin/v3/add-user' });
    expect(r.query.get('accessKey')).toBe('alice');
    expect(r.body[32]).toBe(2);
    expect(JSON.parse(r.plain!.toString())).toEqual({ secretKey: 'alice-secret-1', status: 'enabled' });
    expect(r.headers['content-length']).toBe(String(r.body.length));
  });

  it('encrypts with Argon2id + AES-GCM by default', async () => {
    await new MadminClient({ endpoint: rig.endpoint, accessKey: AK, secretKey: SK }).addUser(
      'bob',
      'bob-secret-1',
    );
    expect(only().body[32]).toBe(0);
    expect(JSON.parse(only().plain!.toString()).status).toBe('enabled');
  });

  it('removeUser, getUserInfo, setUserStatus', async () => {
    rig.handler = (r, res) =>
      r.path.endsWith('/user-info') ? sendJson(res, { status: 'disabled', memberOf: ['devs'] }) : res.end();
    const c = client();
    await c.removeUser('a b+c');
    expect(await c.getUserInfo('alice')).toEqual({ status: 'disabled', memberOf: ['devs'] });
    await c.setUserStatus('alice', 'disabled');
    expect(rig.seen.map((s) => `${s.method} ${s.path}?${s.query}`)).toEqual([
      'DELETE /minio/admin/v3/remove-user?accessKey=a+b%2Bc',
      'GET /minio/admin/v3/user-info?accessKey=alice',
      'PUT /minio/admin/v3/set-user-status?accessKey=alice&status=disabled',
    ]);
    expect(rig.seen[0]!.query.get('accessKey')).toBe('a b+c');
    // @ts-expect-error: invalid on purpose
    await expect(c.setUserStatus('alice', 'on')).rejects.toThrow(TypeError);
    await expect(c.removeUser('')).rejects.toMatchObject({ code: 'XMinioAdminInvalidArgument' });
  });
});

describe('groups', () => {
  it('updateGroupMembers sends plain JSON', async () => {
    await client().updateGroupMembers({ group: 'devs', members: ['alice'], isRemove: false });
    const r = only();
    expect(r).toMatchObject({ method: 'PUT', path: '/minio/admin/v3/update-group-members' });
    expect(JSON.parse(r.body.toString())).toEqual({
      group: 'devs',
      members: ['alice'],
      groupStatus: '',
      isRemove: false,
    });
  });

  it('getGroupDescription, listGroups (null → []), setGroupStatus', async () => {
    rig.handler = (r, res) => {
      if (r.path.endsWith('/group'))
        sendJson(res, { name: 'devs', status: 'enabled', members: [], policy: '' });
      else if (r.path.endsWith('/groups')) sendJson(res, null);
      else res.end();
    };
    const c = client();
    expect((await c.getGroupDescription('devs')).name).toBe('devs');
    expect(await c.listGroups()).toEqual([]);
    await c.setGroupStatus('devs', 'disabled');
    expect(rig.seen.map((s) => `${s.method} ${s.path}?${s.query}`)).toEqual([
      'GET /minio/admin/v3/group?group=devs',
      'GET /minio/admin/v3/groups?',
      'PUT /minio/admin/v3/set-group-status?group=devs&status=disabled',
    ]);
  });
});

describe('policies', () => {
  const doc = {
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Action: ['s3:*'], Resource: ['arn:aws:s3:::*'] }],
  };

  it('list, add, remove, info (v2)', async () => {
    rig.handler = (r, res) => {
      if (r.path.endsWith('/list-canned-policies')) sendJson(res, { readwrite: doc });
      else if (r.path.endsWith('/info-canned-policy')) {
        sendJson(res, { PolicyName: 'rw', Policy: doc, CreateDate: '2024-01-01T00:00:00Z' });
      } else res.end();
    };
    const c = client();
    expect(await c.listCannedPolicies()).toEqual({ readwrite: doc });
    await c.addCannedPolicy('rw', doc);
    expect((await c.infoCannedPolicy('rw')).Policy).toEqual(doc);
    await c.removeCannedPolicy('rw');
    expect(rig.seen.map((s) => `${s.method} ${s.path}?${s.query}`)).toEqual([
      'GET /minio/admin/v3/list-canned-policies?',
      'PUT /minio/admin/v3/add-canned-policy?name=rw',
      'GET /minio/admin/v3/info-canned-policy?name=rw&v=2',
      'DELETE /minio/admin/v3/remove-canned-policy?name=rw',
    ]);
    expect(JSON.parse(rig.seen[1]!.body.toString())).toEqual(doc);
    await expect(c.addCannedPolicy('big', 'x'.repeat(20 * 1024 + 1))).rejects.toThrow(RangeError);
  });

  it('setPolicy joins names and flags groups', async () => {
    await client().setPolicy(['readonly', 'diagnostics'], 'devs', true);
    expect(Object.fromEntries(only().query)).toEqual({
      policyName: 'readonly,diagnostics',
      userOrGroup: 'devs',
      isGroup: 'true',
    });
  });

  it('attach/detach send encrypted bodies and accept empty or encrypted answers', async () => {
    rig.handler = async (r, res) => {
      if (r.path.endsWith('/attach')) {
        res.statusCode = 201;
        await sendEncrypted(res, { policiesAttached: ['readonly'], updatedAt: '2024-01-01T00:00:00Z' });
      } else {
        res.statusCode = 204;
        res.end();
      }
    };
    const c = client();
    expect(await c.attachPolicy({ policies: ['readonly'], user: 'alice' })).toEqual({
      policiesAttached: ['readonly'],
      updatedAt: '2024-01-01T00:00:00Z',
    });
    expect(await c.detachPolicy({ policies: ['readonly'], group: 'devs' })).toBeUndefined();
    expect(rig.seen.map((s) => `${s.method} ${s.path}`)).toEqual([
      'POST /minio/admin/v3/idp/builtin/policy/attach',
      'POST /minio/admin/v3/idp/builtin/policy/detach',
    ]);
    expect(JSON.parse(rig.seen[0]!.plain!.toString())).toEqual({ policies: ['readonly'], user: 'alice' });
    expect(JSON.parse(rig.seen[1]!.plain!.toString())).toEqual({ policies: ['readonly'], group: 'devs' });
    await expect(c.attachPolicy({ policies: ['x'], user: 'a', group: 'b' })).rejects.toThrow(/exactly one/);
  });

  it('getPolicyEntities repeats filters and decrypts the answer', async () => {
    rig.handler = (_r, res) =>
      sendEncrypted(res, { timestamp: 't', userMappings: [{ user: 'alice', policies: ['readonly'] }] });
    const out = await client().getPolicyEntities({ users: ['alice', 'bob'], policy: ['readonly'] });
    expect(out.userMappings).toEqual([{ user: 'alice', policies: ['readonly'] }]);
    const r = only();
    expect(r.path).toBe('/minio/admin/v3/idp/builtin/policy-entities');
    expect(r.query.getAll('user')).toEqual(['alice', 'bob']);
    expect(r.query.getAll('policy')).toEqual(['readonly']);
  });
});

describe('service accounts', () => {
  it('add (E both ways), update, list, info, delete', async () => {
    rig.handler = async (r, res) => {
      if (r.path.endsWith('/add-service-account')) {
        await sendEncrypted(res, { credentials: { accessKey: 'SVCACCT1', secretKey: 'svc-secret' } });
      } else if (r.path.endsWith('/list-service-accounts'))
        await sendEncrypted(res, { accounts: ['SVCACCT1'] });
      else if (r.path.endsWith('/info-service-account')) {
        await sendEncrypted(res, {
          parentUser: 'alice',
          accountStatus: 'on',
          impliedPolicy: true,
          policy: '',
          comment: '',
        });
      } else {
        res.statusCode = 204;
        res.end();
      }
    };
    const c = client();
    const creds = await c.addServiceAccount({
      targetUser: 'alice',
      comment: '',
      policy: { Version: '2012-10-17' },
    });
    expect(creds).toEqual({ accessKey: 'SVCACCT1', secretKey: 'svc-secret' });
    await c.updateServiceAccount('SVCACCT1', { newStatus: 'off' });
    expect((await c.listServiceAccounts('alice')).accounts).toEqual(['SVCACCT1']);
    expect((await c.infoServiceAccount('SVCACCT1')).parentUser).toBe('alice');
    await c.deleteServiceAccount('SVCACCT1');
    expect(rig.seen.map((s) => `${s.method} ${s.path}?${s.query}`)).toEqual([
      'PUT /minio/admin/v3/add-service-account?',
      'POST /minio/admin/v3/update-service-account?accessKey=SVCACCT1',
      'GET /minio/admin/v3/list-service-accounts?user=alice',
      'GET /minio/admin/v3/info-service-account?accessKey=SVCACCT1',
      'DELETE /minio/admin/v3/delete-service-account?accessKey=SVCACCT1',
    ]);
    // Empty optional fields are left out, as madmin-go's omitempty does.
    expect(JSON.parse(rig.seen[0]!.plain!.toString())).toEqual({
      targetUser: 'alice',
      policy: { Version: '2012-10-17' },
    });
    expect(JSON.parse(rig.seen[1]!.plain!.toString())).toEqual({ newStatus: 'off' });
  });
});

describe('server state, quota and service', () => {
  it('accountInfo, storageInfo, dataUsageInfo', async () => {
    rig.handler = (r, res) => {
      if (r.path.endsWith('/accountinfo')) sendJson(res, { AccountName: 'alice', Buckets: [] });
      else if (r.path.endsWith('/storageinfo')) sendJson(res, { Disks: [], Backend: { Type: 2 } });
      else sendJson(res, { objectsCount: 3, bucketsCount: 1 });
    };
    const c = client();
    expect((await c.accountInfo({ prefixUsage: true })).AccountName).toBe('alice');
    expect((await c.storageInfo()).Backend.Type).toBe(2);
    expect((await c.dataUsageInfo()).objectsCount).toBe(3);
    expect(rig.seen.map((s) => `${s.path}?${s.query}`)).toEqual([
      '/minio/admin/v3/accountinfo?prefix-usage=true',
      '/minio/admin/v3/storageinfo?',
      '/minio/admin/v3/datausageinfo?',
    ]);
  });

  it('bucket quota get/set and service restart', async () => {
    rig.handler = (r, res) =>
      r.method === 'GET' ? sendJson(res, { quota: 1024, quotatype: 'hard' }) : res.end();
    const c = client();
    expect(await c.getBucketQuota('photos')).toEqual({ quota: 1024, quotatype: 'hard' });
    await c.setBucketQuota('photos', { quota: 0 });
    await c.serviceRestart();
    expect(rig.seen.map((s) => `${s.method} ${s.path}?${s.query}`)).toEqual([
      'GET /minio/admin/v3/get-bucket-quota?bucket=photos',
      'PUT /minio/admin/v3/set-bucket-quota?bucket=photos',
      'POST /minio/admin/v3/service?action=restart',
    ]);
    expect(JSON.parse(rig.seen[1]!.body.toString())).toEqual({ quota: 0, quotatype: 'hard' });
    await expect(c.setBucketQuota('photos', { quota: -1 })).rejects.toThrow(RangeError);
  });
});
