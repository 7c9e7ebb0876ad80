// SPDX-License-Identifier: Apache-2.0
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  apiErrorSchema,
  hasPermissionResponseSchema,
  listBucketsResponseSchema,
  pagePaths,
  sessionSchema,
} from '@stowage/contracts';
import { MadminClient } from '@stowage/madmin';
import { type StoreHandle, startStore } from '@stowage/store';
import type { FastifyInstance } from 'fastify';
import * as Minio from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { SESSION_COOKIE } from '../session/session-cookie.js';

const ROOT_USER = 'stowage-root';
const ROOT_PASSWORD = 'stowage-root-secret';

// A user who may list and read/write only home/<own name>/ in bucket "team" (a common MinIO recipe).
const prefixOnlyPolicy = {
  Version: '2012-10-17',
  Statement: [
    { Effect: 'Allow', Action: ['s3:GetBucketLocation'], Resource: ['arn:aws:s3:::team'] },
    {
      Effect: 'Allow',
      Action: ['s3:ListBucket'],
      Resource: ['arn:aws:s3:::team'],
      Condition: { StringLike: { 's3:prefix': ['home/carol/*'] } },
    },
    {
      Effect: 'Allow',
      Action: ['s3:GetObject', 's3:PutObject'],
      Resource: ['arn:aws:s3:::team/home/carol/*'],
    },
  ],
};

/**
 * Route tests of the console against a real embedded store (S3 + STS + admin on real drives): sign-in,
 * sessions of identities with different policies, the bucket list and the permission check.
 */
describe('console routes against the embedded store', () => {
  let dataDir: string;
  let store: StoreHandle;
  let app: FastifyInstance;
  const sessionKey = randomBytes(32);

  const login = async (accessKey: string, secretKey: string): Promise<string> => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/login', payload: { accessKey, secretKey } });
    expect(res.statusCode, res.body).toBe(204);
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie?.value).toBeTruthy();
    return cookie!.value;
  };
  const get = (url: string, token: string) => app.inject({ url, cookies: { [SESSION_COOKIE]: token } });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'stowage-console-'));
    store = await startStore({
      dataDir,
      drives: 4,
      port: 0,
      host: '127.0.0.1',
      rootUser: ROOT_USER,
      rootPassword: ROOT_PASSWORD,
    });
    // This app signs in many times from one address; the limit itself is tested with its own app below.
    app = await buildApp({
      s3Endpoint: store.url,
      sessionKey,
      sessionDurationSeconds: 3600,
      loginRateLimit: { max: 1000, timeWindowMs: 60_000 },
    });

    const s3 = new Minio.Client({
      endPoint: '127.0.0.1',
      port: store.port,
      useSSL: false,
      accessKey: ROOT_USER,
      secretKey: ROOT_PASSWORD,
      region: 'us-east-1',
    });
    for (const b of ['alpha', 'beta', 'team']) await s3.makeBucket(b);
    await s3.putObject('alpha', 'hello.txt', Buffer.from('hello world'));

    const admin = new MadminClient({ endpoint: store.url, accessKey: ROOT_USER, secretKey: ROOT_PASSWORD });
    await admin.addUser('reader', 'reader-secret-1');
    await admin.setPolicy('readonly', 'reader', false);
    await admin.addCannedPolicy('carol-home', prefixOnlyPolicy);
    await admin.addUser('carol', 'carol-secret-1');
    await admin.setPolicy('carol-home', 'carol', false);
  });

  afterAll(async () => {
    await app?.close();
    await store?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('signs in with the root credentials and sets a sealed HttpOnly SameSite=Strict cookie', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { accessKey: ROOT_USER, secretKey: ROOT_PASSWORD },
    });
    expect(res.statusCode).toBe(204);
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toBeDefined();
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Strict');
    expect(cookie?.path).toBe('/');
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.maxAge).toBeGreaterThan(3000);
    // The secret never travels in clear, not even the temporary one.
    expect(cookie?.value).not.toContain(ROOT_PASSWORD);
  });

  it('answers a wrong password and an unknown user with 401 Invalid Login.', async () => {
    for (const payload of [
      { accessKey: ROOT_USER, secretKey: 'wrong-password' },
      { accessKey: 'nobody', secretKey: 'whatever-password' },
    ]) {
      const res = await app.inject({ method: 'POST', url: '/api/v1/login', payload });
      expect(res.statusCode).toBe(401);
      const body = apiErrorSchema.parse(res.json());
      expect(body.errorMessage).toBe('Invalid Login.');
      expect(body.detailedError.length).toBeGreaterThan(0);
      expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    }
  });

  it('gives root every console page, in distributed mode', async () => {
    const token = await login(ROOT_USER, ROOT_PASSWORD);
    const res = await get('/api/v1/session', token);
    expect(res.statusCode).toBe(200);
    const session = sessionSchema.parse(res.json());
    expect(session.status).toBe('ok');
    expect(session.operator).toBe(false);
    expect(session.userName).toBe(ROOT_USER);
    expect(session.distributedMode).toBe(true);
    expect(session.pages).toEqual(
      expect.arrayContaining([
        pagePaths.dashboard,
        pagePaths.buckets,
        pagePaths.users,
        pagePaths.groups,
        pagePaths.policies,
        pagePaths.settings,
        pagePaths.trace,
        pagePaths.logs,
        pagePaths.healthInfo,
        pagePaths.heal,
        pagePaths.account,
      ]),
    );
    // Root is not an IAM user: its password comes from the environment, not from the console.
    expect(session.pages).not.toContain(pagePaths.accountChangePassword);
  });

  it('gives a readonly user only the pages it can use', async () => {
    const token = await login('reader', 'reader-secret-1');
    const session = sessionSchema.parse((await get('/api/v1/session', token)).json());
    expect(session.userName).toBe('reader');
    expect(session.pages).toEqual([
      pagePaths.buckets,
      pagePaths.bucketPages,
      pagePaths.account,
      pagePaths.license,
      pagePaths.accountChangePassword,
    ]);
  });

  it('gives a prefix-only user no admin page, and the bucket and permission answers follow the prefix', async () => {
    const token = await login('carol', 'carol-secret-1');
    const session = sessionSchema.parse((await get('/api/v1/session', token)).json());
    expect(session.pages).not.toContain(pagePaths.users);
    expect(session.pages).not.toContain(pagePaths.dashboard);
    expect(session.pages).toContain(pagePaths.buckets);
    expect(session.permissions?.['arn:aws:s3:::team/home/carol/*']).toEqual(
      expect.arrayContaining(['s3:GetObject', 's3:PutObject']),
    );

    const list = listBucketsResponseSchema.parse((await get('/api/v1/buckets', token)).json());
    expect(list.buckets.map((b) => b.name)).toEqual(['team']);
    expect(list.total).toBe(1);

    const perm = await app.inject({
      method: 'POST',
      url: '/api/v1/has-permission',
      cookies: { [SESSION_COOKIE]: token },
      payload: {
        actions: [
          { id: 'put-team', action: 's3:PutObject', bucket_name: 'team' },
          { id: 'put-alpha', action: 's3:PutObject', bucket_name: 'alpha' },
          { id: 'create', action: 's3:CreateBucket', bucket_name: '' },
        ],
      },
    });
    expect(perm.statusCode).toBe(200);
    expect(hasPermissionResponseSchema.parse(perm.json()).permissions).toEqual([
      { id: 'put-team', can: true },
      { id: 'put-alpha', can: false },
      { id: 'create', can: false },
    ]);
  });

  it('lists the buckets made with the S3 SDK, with access, size and object count', async () => {
    const root = await login(ROOT_USER, ROOT_PASSWORD);
    const res = await get('/api/v1/buckets', root);
    expect(res.statusCode).toBe(200);
    const list = listBucketsResponseSchema.parse(res.json());
    expect(list.buckets.map((b) => b.name)).toEqual(['alpha', 'beta', 'team']);
    expect(list.total).toBe(3);
    // The store refreshes usage of changed buckets before answering accountinfo.
    expect(list.buckets.map((b) => [b.size, b.objects])).toEqual([
      [11, 1],
      [0, 0],
      [0, 0],
    ]);
    for (const b of list.buckets) {
      expect(b.rw_access).toEqual({ read: true, write: true });
      expect(Number.isNaN(Date.parse(b.creation_date))).toBe(false);
    }

    const reader = await login('reader', 'reader-secret-1');
    const readerList = listBucketsResponseSchema.parse((await get('/api/v1/buckets', reader)).json());
    expect(readerList.buckets.map((b) => [b.name, b.rw_access])).toEqual([
      ['alpha', { read: true, write: false }],
      ['beta', { read: true, write: false }],
      ['team', { read: true, write: false }],
    ]);

    const readerCan = await app.inject({
      method: 'POST',
      url: '/api/v1/has-permission',
      cookies: { [SESSION_COOKIE]: reader },
      payload: { actions: [{ id: 'get', action: 's3:GetObject', bucket_name: 'alpha' }] },
    });
    expect(readerCan.json()).toEqual({ permissions: [{ id: 'get', can: true }] });
  });

  it('signs out: the cookie is cleared, and the cleared cookie is refused', async () => {
    const token = await login(ROOT_USER, ROOT_PASSWORD);
    expect((await get('/api/v1/session', token)).statusCode).toBe(200);
    const out = await app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      cookies: { [SESSION_COOKIE]: token },
    });
    expect(out.statusCode).toBe(204);
    const cleared = out.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cleared?.value).toBe('');
    const after = await get('/api/v1/session', cleared?.value ?? '');
    expect(after.statusCode).toBe(401);
  });

  it('limits failed sign-ins per client with 429 and the error shape; successful ones are never limited', async () => {
    const limited = await buildApp({
      s3Endpoint: store.url,
      sessionKey,
      sessionDurationSeconds: 3600,
      loginRateLimit: { max: 3, timeWindowMs: 60_000 },
    });
    try {
      const attempt = (secretKey: string) =>
        limited.inject({
          method: 'POST',
          url: '/api/v1/login',
          payload: { accessKey: ROOT_USER, secretKey },
        });
      // An office behind one address signs in more often than the limit: all of them get in.
      for (let i = 0; i < 5; i++) expect((await attempt(ROOT_PASSWORD)).statusCode).toBe(204);
      for (let i = 0; i < 3; i++) expect((await attempt('guess-guess')).statusCode).toBe(401);
      const res = await attempt('guess-guess');
      expect(res.statusCode).toBe(429);
      const body = apiErrorSchema.parse(res.json());
      expect(body.errorMessage).toBe('Too many requests');
      expect(body.detailedError).toMatch(/Try again in \d+ seconds/);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      // Once refused, even the right password waits: a guesser learns nothing until the window ends.
      expect((await attempt(ROOT_PASSWORD)).statusCode).toBe(429);
      // Other routes are not limited.
      expect((await limited.inject({ url: '/api/v1/login' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('works under the /api/proxy base path', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/proxy/ns-1/tenant-a/api/v1/login',
      payload: { accessKey: ROOT_USER, secretKey: ROOT_PASSWORD },
    });
    expect(res.statusCode).toBe(204);
    const token = res.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? '';
    const list = await get('/api/proxy/ns-1/tenant-a/api/v1/buckets', token);
    expect(list.statusCode).toBe(200);
    expect(listBucketsResponseSchema.parse(list.json()).total).toBe(3);
  });
});

describe('console session on a single-drive store', () => {
  it('reports non-distributed mode and leaves out Heal', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'stowage-console-1drive-'));
    const store = await startStore({
      dataDir,
      drives: 1,
      port: 0,
      host: '127.0.0.1',
      rootUser: ROOT_USER,
      rootPassword: ROOT_PASSWORD,
    });
    const app = await buildApp({
      s3Endpoint: store.url,
      sessionKey: randomBytes(32),
      sessionDurationSeconds: 900,
    });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { accessKey: ROOT_USER, secretKey: ROOT_PASSWORD },
      });
      expect(res.statusCode).toBe(204);
      const token = res.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? '';
      const session = sessionSchema.parse(
        (await app.inject({ url: '/api/v1/session', cookies: { [SESSION_COOKIE]: token } })).json(),
      );
      expect(session.distributedMode).toBe(false);
      expect(session.pages).not.toContain(pagePaths.heal);
      expect(session.pages).toContain(pagePaths.users);
    } finally {
      await app.close();
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
