// SPDX-License-Identifier: Apache-2.0
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { assumeRole, type JsonObject, MadminClient, MadminError, type PolicyDocument } from '@stowage/madmin';
import { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type StoreHandle, startStore } from '../server.js';

const ROOT = { accessKey: 'integration-root', secretKey: 'integration-root-secret' };
const BUCKET = 'data';

let dir: string;
let store: StoreHandle;
let admin: MadminClient;

function s3(accessKey: string, secretKey: string, sessionToken?: string): Client {
  const u = new URL(store.url);
  return new Client({
    endPoint: u.hostname,
    port: Number(u.port),
    useSSL: false,
    accessKey,
    secretKey,
    ...(sessionToken ? { sessionToken } : {}),
    region: 'us-east-1',
  });
}

async function text(c: Client, key: string): Promise<string> {
  const stream = await c.getObject(BUCKET, key);
  const chunks: Buffer[] = [];
  for await (const ch of stream) chunks.push(ch as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function listKeys(c: Client, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  const stream = c.listObjectsV2(BUCKET, prefix, true);
  for await (const o of stream) keys.push((o as { name: string }).name);
  return keys;
}

async function errorCode(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    return (err as { code?: string }).code ?? String(err);
  }
  return 'no error';
}

const doc = (statements: JsonObject[]): PolicyDocument => ({
  Version: '2012-10-17',
  Statement: statements,
});

async function start(): Promise<void> {
  store = await startStore({
    dataDir: dir,
    drives: 4,
    port: 0,
    rootUser: ROOT.accessKey,
    rootPassword: ROOT.secretKey,
  });
  admin = new MadminClient({ endpoint: store.url, ...ROOT });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'stowage-iam-int-'));
  await start();
  const root = s3(ROOT.accessKey, ROOT.secretKey);
  await root.makeBucket(BUCKET);
  await root.putObject(BUCKET, 'home/a.txt', Buffer.from('home file'));
  await root.putObject(BUCKET, 'work/b.txt', Buffer.from('work file'));

  await admin.addUser('reader', 'reader-secret-1', 'enabled');
  await admin.setPolicy('readonly', 'reader', false);
  await admin.addCannedPolicy(
    'home-only',
    doc([
      {
        Effect: 'Allow',
        Action: ['s3:ListBucket'],
        Resource: [`arn:aws:s3:::${BUCKET}`],
        Condition: { StringLike: { 's3:prefix': ['home/*'] } },
      },
      { Effect: 'Allow', Action: ['s3:GetObject'], Resource: [`arn:aws:s3:::${BUCKET}/home/*`] },
    ]),
  );
  await admin.addUser('homer', 'homer-secret-1', 'enabled');
  await admin.setPolicy('home-only', 'homer', false);
  await admin.addUser('writer', 'writer-secret-1', 'enabled');
  await admin.updateGroupMembers({
    group: 'editors',
    members: ['writer'],
    isRemove: false,
    groupStatus: 'enabled',
  });
  await admin.setPolicy('readwrite', 'editors', true);
}, 120_000);

afterAll(async () => {
  await store?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('restricted users through the minio SDK', () => {
  it('a readonly user can GET but not PUT', async () => {
    const c = s3('reader', 'reader-secret-1');
    expect(await text(c, 'work/b.txt')).toBe('work file');
    expect(await errorCode(c.putObject(BUCKET, 'x.txt', Buffer.from('x')))).toBe('AccessDenied');
    expect(await errorCode(c.removeObject(BUCKET, 'work/b.txt'))).toBe('AccessDenied');
  });

  it('a prefix-scoped user lists and reads only their prefix', async () => {
    const c = s3('homer', 'homer-secret-1');
    expect(await listKeys(c, 'home/')).toEqual(['home/a.txt']);
    expect(await errorCode(listKeys(c, ''))).toBe('AccessDenied');
    expect(await errorCode(listKeys(c, 'work/'))).toBe('AccessDenied');
    expect(await text(c, 'home/a.txt')).toBe('home file');
    expect(await errorCode(text(c, 'work/b.txt'))).toBe('AccessDenied');
  });

  it('group policies apply, and stop applying when the group is disabled', async () => {
    const c = s3('writer', 'writer-secret-1');
    await c.putObject(BUCKET, 'work/w.txt', Buffer.from('w'));
    await admin.setGroupStatus('editors', 'disabled');
    expect(await errorCode(c.putObject(BUCKET, 'work/w2.txt', Buffer.from('w')))).toBe('AccessDenied');
    await admin.setGroupStatus('editors', 'enabled');
    await c.putObject(BUCKET, 'work/w2.txt', Buffer.from('w'));
  });

  it('a disabled user is refused', async () => {
    await admin.addUser('gone', 'gone-secret-1', 'enabled');
    await admin.setPolicy('readwrite', 'gone', false);
    const c = s3('gone', 'gone-secret-1');
    expect(await text(c, 'home/a.txt')).toBe('home file');
    await admin.setUserStatus('gone', 'disabled');
    expect(await errorCode(text(c, 'home/a.txt'))).toBe('InvalidAccessKeyId');
  });

  it('a service account with a narrowing session policy', async () => {
    const writerAdmin = new MadminClient({
      endpoint: store.url,
      accessKey: 'writer',
      secretKey: 'writer-secret-1',
    });
    const creds = await writerAdmin.addServiceAccount({
      policy: doc([
        { Effect: 'Allow', Action: ['s3:GetObject'], Resource: [`arn:aws:s3:::${BUCKET}/home/*`] },
      ]),
      comment: 'reader key',
    });
    const c = s3(creds.accessKey, creds.secretKey);
    expect(await text(c, 'home/a.txt')).toBe('home file');
    expect(await errorCode(text(c, 'work/b.txt'))).toBe('AccessDenied');
    // The parent (readwrite via editors) may PUT; the narrowed key may not.
    expect(await errorCode(c.putObject(BUCKET, 'home/z.txt', Buffer.from('z')))).toBe('AccessDenied');
    const info = await writerAdmin.infoServiceAccount(creds.accessKey);
    expect(info).toMatchObject({ parentUser: 'writer', accountStatus: 'on', impliedPolicy: false });
    // Others cannot see it.
    const readerAdmin = new MadminClient({
      endpoint: store.url,
      accessKey: 'reader',
      secretKey: 'reader-secret-1',
    });
    const err = await readerAdmin.infoServiceAccount(creds.accessKey).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MadminError);
    expect((err as MadminError).code).toBe('AccessDenied');
  });
});

describe('STS through the madmin client and the minio SDK', () => {
  it('AssumeRole credentials work for S3 within the parent policy and a session policy, and expire', async () => {
    const sts = await assumeRole({
      endpoint: store.url,
      accessKey: 'writer',
      secretKey: 'writer-secret-1',
      durationSeconds: 900,
    });
    const c = s3(sts.AccessKeyId, sts.SecretAccessKey, sts.SessionToken);
    await c.putObject(BUCKET, 'work/sts.txt', Buffer.from('sts'));
    expect(await text(c, 'work/sts.txt')).toBe('sts');
    // Temporary credentials cannot assume a role again: signed without their token they are not even
    // recognised (InvalidTokenId); with it, AssumeRole answers AccessDenied (admin-operations.test.ts).
    const again = await assumeRole({
      endpoint: store.url,
      accessKey: sts.AccessKeyId,
      secretKey: sts.SecretAccessKey,
    }).catch((e: unknown) => e);
    expect((again as MadminError).code).toBe('InvalidTokenId');

    const narrowed = await assumeRole({
      endpoint: store.url,
      accessKey: 'writer',
      secretKey: 'writer-secret-1',
      policy: doc([{ Effect: 'Allow', Action: ['s3:GetObject'], Resource: ['arn:aws:s3:::*'] }]),
    });
    const n = s3(narrowed.AccessKeyId, narrowed.SecretAccessKey, narrowed.SessionToken);
    expect(await text(n, 'work/sts.txt')).toBe('sts');
    expect(await errorCode(n.putObject(BUCKET, 'work/no.txt', Buffer.from('x')))).toBe('AccessDenied');

    // Past the expiry (Date moved forward for client and server alike) the credentials are refused.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date(Date.now() + 3600_000));
      expect(await errorCode(text(c, 'work/sts.txt'))).toBe('InvalidAccessKeyId');
    } finally {
      vi.useRealTimers();
    }
  });

  it('STS sessions and IAM state survive a restart of the store', async () => {
    const sts = await assumeRole({ endpoint: store.url, accessKey: 'reader', secretKey: 'reader-secret-1' });
    await store.close();
    await start();
    const c = s3(sts.AccessKeyId, sts.SecretAccessKey, sts.SessionToken);
    expect(await text(c, 'home/a.txt')).toBe('home file');
    expect(await errorCode(c.putObject(BUCKET, 'x', Buffer.from('x')))).toBe('AccessDenied');
    const users = await admin.listUsers();
    expect(Object.keys(users).sort()).toEqual(['gone', 'homer', 'reader', 'writer']);
    expect(users.gone?.status).toBe('disabled');
    // A console session signs admin calls with STS credentials (X-Amz-Security-Token).
    const rootSts = await assumeRole({ endpoint: store.url, ...ROOT });
    const sessionAdmin = new MadminClient({
      endpoint: store.url,
      accessKey: rootSts.AccessKeyId,
      secretKey: rootSts.SecretAccessKey,
      sessionToken: rootSts.SessionToken,
    });
    // Encrypted answers use the STS secret (the signing secret) as the password.
    expect(Object.keys(await sessionAdmin.listUsers())).toContain('reader');
    const acct = await sessionAdmin.accountInfo();
    expect(acct.AccountName).toBe(ROOT.accessKey);
    expect(acct.Buckets?.map((b) => b.name)).toEqual([BUCKET]);
  });
});

describe('quota and usage over HTTP', () => {
  it('a hard quota refuses a PUT that would exceed it', async () => {
    const root = s3(ROOT.accessKey, ROOT.secretKey);
    await root.makeBucket('quota');
    await root.putObject('quota', 'a.bin', Buffer.alloc(600));
    await admin.setBucketQuota('quota', { quota: 1024, quotatype: 'hard' });
    expect(await admin.getBucketQuota('quota')).toEqual({ quota: 1024, quotatype: 'hard' });
    expect(await errorCode(root.putObject('quota', 'b.bin', Buffer.alloc(600)))).toBe(
      'XMinioAdminBucketQuotaExceeded',
    );
    await root.putObject('quota', 'c.bin', Buffer.alloc(100));
    const usage = await admin.dataUsageInfo();
    expect(usage.bucketsUsageInfo?.quota?.objectsCount).toBeGreaterThanOrEqual(1);
  });
});
