// SPDX-License-Identifier: Apache-2.0
/**
 * Admin API operations against a real 4-drive store: authorization of admin calls, service accounts,
 * server state, STS AssumeRole and persistence across a restart. Users, groups and policies:
 * `admin-operations.test.ts`.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { AdminHarness } from './testing/harness.js';
import { R, readonlyPolicy, useOperationsHarness } from './testing/operations-fixture.js';

let h: AdminHarness;
useOperationsHarness((opened) => {
  h = opened;
});

describe('authorization of admin calls', () => {
  beforeAll(async () => {
    await h.ctx.iam.addUser('reader', 'reader-secret-1');
    await h.ctx.iam.addPolicy('photos-reader', JSON.stringify(readonlyPolicy));
    await h.ctx.iam.setPolicy(['photos-reader'], 'reader', false);
    await h.ctx.iam.addUser('auditor', 'auditor-secret-1');
    await h.ctx.iam.setPolicy(['diagnostics'], 'auditor', false);
  });

  it('denies admin actions the policy does not grant', async () => {
    const r = await h.admin('reader', 'GET', '/list-users');
    expect(r.status).toBe(403);
    expect(r.json).toMatchObject({ Code: 'AccessDenied' });
    expect((await h.admin('reader', 'GET', '/info')).status).toBe(403);
    expect((await h.admin('auditor', 'GET', '/info')).status).toBe(200);
    expect((await h.admin('auditor', 'GET', '/list-users')).status).toBe(403);
  });

  it('lets a user read their own info but not another user’s', async () => {
    expect(
      (await h.admin('reader', 'GET', '/user-info', { query: { accessKey: 'reader' } })).json,
    ).toMatchObject({ policyName: 'photos-reader' });
    expect((await h.admin('reader', 'GET', '/user-info', { query: { accessKey: 'auditor' } })).status).toBe(
      403,
    );
  });

  it('reports account info with per-bucket access for any signed caller', async () => {
    await h.ctx.usage?.bucketSize('photos');
    await startScan();
    const r = await h.admin('reader', 'GET', '/accountinfo');
    expect(r.status).toBe(200);
    const info = r.json as {
      AccountName: string;
      Buckets: { name: string; access: { read: boolean; write: boolean }; size: number; objects: number }[];
      Policy: { Statement: unknown[] };
    };
    expect(info.AccountName).toBe('reader');
    expect(info.Buckets.map((b) => b.name)).toEqual(['photos']);
    expect(info.Buckets[0]).toMatchObject({ access: { read: true, write: false }, size: 2000, objects: 2 });
    expect(info.Policy.Statement).toHaveLength(1);
    const root = (await h.admin(R, 'GET', '/accountinfo')).json as {
      Buckets: { name: string; access: object }[];
    };
    expect(root.Buckets.map((b) => b.name)).toEqual(['photos', 'private']);
    expect(root.Buckets[1]?.access).toEqual({ read: true, write: true });
  });

  it('refuses unsigned calls and calls without X-Amz-Content-Sha256', async () => {
    const r = await h.admin('', 'GET', '/list-users');
    expect(r.status).toBe(403);
  });
});

async function startScan(): Promise<void> {
  await h.services.scanner.scanAll();
}

describe('service accounts', () => {
  beforeAll(async () => {
    await h.ctx.iam.addUser('sam', 'sam-secret-12');
    await h.ctx.iam.setPolicy(['readwrite'], 'sam', false);
    await h.ctx.iam.addUser('tom', 'tom-secret-12');
  });

  it('a user creates, lists, inspects, updates and deletes their own service account', async () => {
    const created = await h.admin('sam', 'PUT', '/add-service-account', {
      body: { policy: readonlyPolicy, comment: 'backup job' },
      encrypt: true,
      decrypt: true,
    });
    expect(created.status).toBe(200);
    const creds = (created.json as { credentials: { accessKey: string; secretKey: string } }).credentials;
    expect(creds.accessKey).toMatch(/^[A-Z0-9]{20}$/);
    expect(creds.secretKey).toHaveLength(40);
    expect((await h.admin('sam', 'GET', '/list-service-accounts', { decrypt: true })).json).toEqual({
      accounts: [creds.accessKey],
    });
    const info = await h.admin('sam', 'GET', '/info-service-account', {
      query: { accessKey: creds.accessKey },
      decrypt: true,
    });
    expect(info.json).toMatchObject({
      parentUser: 'sam',
      accountStatus: 'on',
      impliedPolicy: false,
      comment: 'backup job',
    });
    expect(JSON.parse((info.json as { policy: string }).policy)).toEqual(readonlyPolicy);
    // The session policy narrows: the SA may read photos but not write, though sam may.
    const saIdentity = (await h.ctx.iam.lookup(creds.accessKey))?.identity;
    expect(saIdentity?.kind).toBe('service-account');
    if (!saIdentity) throw new Error('no SA');
    expect(
      await h.ctx.iam.isAllowed({
        identity: saIdentity,
        action: 's3:GetObject',
        bucket: 'photos',
        key: 'a.jpg',
        conditions: {},
      }),
    ).toBe(true);
    expect(
      await h.ctx.iam.isAllowed({
        identity: saIdentity,
        action: 's3:PutObject',
        bucket: 'photos',
        key: 'a.jpg',
        conditions: {},
      }),
    ).toBe(false);

    expect(
      (
        await h.admin('sam', 'POST', '/update-service-account', {
          query: { accessKey: creds.accessKey },
          body: { newStatus: 'off' },
          encrypt: true,
        })
      ).status,
    ).toBe(204);
    expect(await h.ctx.iam.lookup(creds.accessKey)).toBeNull();
    // Someone else cannot delete it and learns nothing about it.
    const other = await h.admin('tom', 'DELETE', '/delete-service-account', {
      query: { accessKey: creds.accessKey },
    });
    expect(other.status).toBe(404);
    expect(
      (await h.admin('sam', 'DELETE', '/delete-service-account', { query: { accessKey: creds.accessKey } }))
        .status,
    ).toBe(204);
    const missing = await h.admin('sam', 'GET', '/info-service-account', {
      query: { accessKey: creds.accessKey },
    });
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ Code: 'XMinioInvalidIAMCredentials' });
  });

  it('creates a service account with custom keys for another user (root), and disabling the parent denies it', async () => {
    const created = await h.admin(R, 'PUT', '/add-service-account', {
      body: { targetUser: 'tom', accessKey: 'tom-ci-key', secretKey: 'tom-ci-secret-1' },
      encrypt: true,
      decrypt: true,
    });
    expect(created.json).toEqual({ credentials: { accessKey: 'tom-ci-key', secretKey: 'tom-ci-secret-1' } });
    expect(
      (await h.admin(R, 'GET', '/list-service-accounts', { query: { user: 'tom' }, decrypt: true })).json,
    ).toEqual({ accounts: ['tom-ci-key'] });
    const implied = await h.admin(R, 'GET', '/info-service-account', {
      query: { accessKey: 'tom-ci-key' },
      decrypt: true,
    });
    expect(implied.json).toMatchObject({ parentUser: 'tom', impliedPolicy: true });
    expect(await h.ctx.iam.lookup('tom-ci-key')).not.toBeNull();
    await h.ctx.iam.setUserStatus('tom', 'disabled');
    expect(await h.ctx.iam.lookup('tom-ci-key')).toBeNull();
    await h.ctx.iam.setUserStatus('tom', 'enabled');
    // tom may not create keys for sam.
    const denied = await h.admin('tom', 'PUT', '/add-service-account', {
      body: { targetUser: 'sam' },
      encrypt: true,
    });
    expect(denied.status).toBe(403);
  });
});

describe('server state', () => {
  it('reports info, storage info and data usage', async () => {
    await startScan();
    const info = (await h.admin(R, 'GET', '/info')).json as Record<string, unknown>;
    expect(info).toMatchObject({
      mode: 'online',
      deploymentID: 'test-deployment',
      buckets: { count: 2 },
      objects: { count: 2 },
      usage: { size: 2000 },
    });
    expect(info.backend).toMatchObject({
      backendType: 'Erasure',
      onlineDisks: 4,
      offlineDisks: 0,
      standardSCParity: 2,
    });
    const servers = info.servers as { state: string; drives: { state: string }[] }[];
    expect(servers[0]?.state).toBe('online');
    expect(servers[0]?.drives).toHaveLength(4);
    const storage = (await h.admin(R, 'GET', '/storageinfo')).json as {
      Disks: unknown[];
      Backend: Record<string, unknown>;
    };
    expect(storage.Disks).toHaveLength(4);
    expect(storage.Backend).toMatchObject({
      Type: 2,
      StandardSCParity: 2,
      DrivesPerSet: [4],
      OnlineDisks: { '127.0.0.1:9000': 4 },
    });
    const usage = (await h.admin(R, 'GET', '/datausageinfo')).json as Record<string, unknown>;
    expect(usage).toMatchObject({
      objectsCount: 2,
      objectsTotalSize: 2000,
      bucketsCount: 2,
      bucketsUsageInfo: { photos: { size: 2000, objectsCount: 2, versionsCount: 2 }, private: { size: 0 } },
    });
    expect(
      (usage.bucketsUsageInfo as Record<string, { objectsSizesHistogram: Record<string, number> }>).photos
        ?.objectsSizesHistogram,
    ).toMatchObject({
      LESS_THAN_1024_B: 1,
      BETWEEN_1024_B_AND_1_MB: 1,
    });
  });

  it('reports a single drive as the FS backend', async () => {
    const single = await AdminHarness.open(1);
    try {
      const info = (await single.admin(R, 'GET', '/info')).json as { backend: { backendType: string } };
      expect(info.backend.backendType).toBe('FS');
      const storage = (await single.admin(R, 'GET', '/storageinfo')).json as {
        Disks: unknown[];
        Backend: { Type: number; StandardSCParity: number };
      };
      expect(storage.Disks).toHaveLength(1);
      expect(storage.Backend).toMatchObject({ Type: 1, StandardSCParity: 0 });
    } finally {
      await single.close();
    }
  });

  it('sets, reads and clears a bucket quota; usage feeds enforcement', async () => {
    expect(
      (await h.admin(R, 'GET', '/get-bucket-quota', { query: { bucket: 'photos' } })).json,
    ).toMatchObject({ Code: 'XMinioAdminNoSuchQuotaConfiguration' });
    expect(
      (
        await h.admin(R, 'PUT', '/set-bucket-quota', {
          query: { bucket: 'photos' },
          body: { quota: 4096, quotatype: 'hard' },
        })
      ).status,
    ).toBe(200);
    expect((await h.admin(R, 'GET', '/get-bucket-quota', { query: { bucket: 'photos' } })).json).toEqual({
      quota: 4096,
      quotatype: 'hard',
    });
    expect(await h.ctx.usage?.bucketSize('photos')).toBe(2000);
    const bad = await h.admin(R, 'PUT', '/set-bucket-quota', {
      query: { bucket: 'photos' },
      body: { quota: 10, quotatype: 'soft' },
    });
    expect(bad.json).toMatchObject({ Code: 'XMinioAdminInvalidArgument' });
    expect(
      (
        await h.admin(R, 'PUT', '/set-bucket-quota', {
          query: { bucket: 'nobucket' },
          body: { quota: 10, quotatype: 'hard' },
        })
      ).json,
    ).toMatchObject({ Code: 'NoSuchBucket' });
    await h.admin(R, 'PUT', '/set-bucket-quota', { query: { bucket: 'photos' }, body: { quota: 0 } });
    expect((await h.admin(R, 'GET', '/get-bucket-quota', { query: { bucket: 'photos' } })).status).toBe(404);
  });

  it('service restart reloads IAM from the drives', async () => {
    // Change a user behind the in-memory IAM's back (as another node would) and restart.
    await h.layer.system.write(
      'iam/users/zed.json',
      Buffer.from(
        JSON.stringify({
          accessKey: 'zed',
          secretKey: 'zed-secret-1',
          status: 'enabled',
          updatedAt: new Date().toISOString(),
        }),
      ),
    );
    expect(await h.ctx.iam.lookup('zed')).toBeNull();
    expect((await h.admin(R, 'POST', '/service', { query: { action: 'restart' } })).status).toBe(200);
    expect(await h.ctx.iam.lookup('zed')).not.toBeNull();
    expect((await h.admin(R, 'POST', '/service', { query: { action: 'stop' } })).status).toBe(501);
  });
});

describe('STS AssumeRole', () => {
  it('issues temporary credentials with a JWT session token and refuses derived credentials', async () => {
    await h.ctx.iam.addUser('una', 'una-secret-12');
    await h.ctx.iam.setPolicy(['readwrite'], 'una', false);
    const r = await h.sts('una', { Action: 'AssumeRole', Version: '2011-06-15', DurationSeconds: '900' });
    expect(r.status).toBe(200);
    expect(r.body).toContain('<AssumeRoleResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/">');
    const ak = /<AccessKeyId>([^<]+)</.exec(r.body)?.[1] ?? '';
    const token = /<SessionToken>([^<]+)</.exec(r.body)?.[1] ?? '';
    expect(ak).toMatch(/^[A-Z0-9]{20}$/);
    const [header, payload] = token.split('.');
    expect(JSON.parse(Buffer.from(header ?? '', 'base64url').toString())).toMatchObject({ alg: 'HS512' });
    expect(JSON.parse(Buffer.from(payload ?? '', 'base64url').toString())).toMatchObject({
      accessKey: ak,
      parent: 'una',
    });
    const creds = await h.ctx.iam.lookup(ak);
    expect(creds?.sessionToken).toBe(token);
    expect(creds?.identity).toMatchObject({ kind: 'sts', parentUser: 'una' });

    const tmp = await h.admin('una', 'GET', '/temporary-account-info', {
      query: { accessKey: ak },
      decrypt: true,
    });
    expect(tmp.json).toMatchObject({ parentUser: 'una', accountStatus: 'on', impliedPolicy: true });
    expect(JSON.parse((tmp.json as { policy: string }).policy).Statement).toHaveLength(1);
    expect(
      (await h.admin('una', 'GET', '/temporary-account-info', { query: { accessKey: 'NOPE' } })).status,
    ).toBe(404);

    const again = await h.sts(ak, { Action: 'AssumeRole', Version: '2011-06-15' });
    expect(again.status).toBe(403);
    expect(again.body).toContain('<Code>AccessDenied</Code>');
  });

  it('validates parameters with STS error documents', async () => {
    const dur = await h.sts(R, { Action: 'AssumeRole', Version: '2011-06-15', DurationSeconds: '60' });
    expect(dur.status).toBe(400);
    expect(dur.body).toContain('<Code>InvalidParameterValue</Code>');
    const pol = await h.sts(R, { Action: 'AssumeRole', Version: '2011-06-15', Policy: '{"Statement":[]}' });
    expect(pol.body).toContain('<Code>InvalidParameterValue</Code>');
    const big = await h.sts(R, { Action: 'AssumeRole', Version: '2011-06-15', Policy: 'x'.repeat(2049) });
    expect(big.body).toContain('<Code>InvalidParameterValue</Code>');
    const unknown = await h.sts(R, { Action: 'AssumeRoleWithSAML', Version: '2011-06-15' });
    expect(unknown.body).toContain('<Code>InvalidParameterValue</Code>');
    const anon = await h.sts('', { Action: 'AssumeRole', Version: '2011-06-15' });
    expect(anon.status).toBe(403);
  });
});

describe('persistence', () => {
  it('IAM state and STS sessions survive a restart, also with two drives lost', async () => {
    const d = await AdminHarness.open(4);
    const iam = d.ctx.iam;
    await iam.addUser('vera', 'vera-secret-1');
    await iam.addPolicy('vera-pol', JSON.stringify(readonlyPolicy));
    await iam.setPolicy(['vera-pol'], 'vera', false);
    await iam.updateGroupMembers('team one', ['vera'], false);
    const sa = await iam.addServiceAccount({ parentUser: 'vera', comment: 'c' });
    const sts = await iam.createStsSession({
      parentUser: 'vera',
      durationSeconds: 3600,
      source: 'AssumeRole',
    });
    await d.close(false);
    await rm(path.join(d.dir, 'drive1'), { recursive: true, force: true });
    await rm(path.join(d.dir, 'drive3'), { recursive: true, force: true });

    const e = await AdminHarness.open(4, d.dir);
    try {
      const again = e.ctx.iam;
      expect(again.getUserInfo('vera')).toMatchObject({ policyName: 'vera-pol', memberOf: ['team one'] });
      expect(again.getPolicy('vera-pol').policy).toEqual(readonlyPolicy);
      expect((await again.lookup(sa.accessKey))?.secretKey).toBe(sa.secretKey);
      const s = await again.lookup(sts.accessKey);
      expect(s?.sessionToken).toBe(sts.sessionToken);
    } finally {
      await e.close();
    }
  });
});
