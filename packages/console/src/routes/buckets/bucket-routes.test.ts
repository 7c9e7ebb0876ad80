// SPDX-License-Identifier: Apache-2.0
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  accessRulesResponseSchema,
  apiErrorSchema,
  bucketEncryptionInfoSchema,
  bucketInfoSchema,
  bucketObjectLockingSchema,
  bucketPoliciesResponseSchema,
  bucketQuotaSchema,
  bucketUsersResponseSchema,
  bucketVersioningSchema,
  createBucketResponseSchema,
  getBucketRetentionResponseSchema,
  listBucketsResponseSchema,
  sessionSchema,
} from '@stowage/contracts';
import { MadminClient } from '@stowage/madmin';
import { type StoreHandle, startStore } from '@stowage/store';
import type { FastifyInstance, InjectOptions } from 'fastify';
import * as Minio from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { SESSION_COOKIE } from '../../session/session-cookie.js';
import { nonErasureNotice } from './bucket-route-support.js';

const ROOT_USER = 'bucket-root';
const ROOT_PASSWORD = 'bucket-root-secret';

interface Harness {
  dataDir: string;
  store: StoreHandle;
  app: FastifyInstance;
  s3: Minio.Client;
  admin: MadminClient;
}

async function startHarness(drives: number): Promise<Harness> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `stowage-buckets-${drives}-`));
  const store = await startStore({
    dataDir,
    drives,
    port: 0,
    host: '127.0.0.1',
    rootUser: ROOT_USER,
    rootPassword: ROOT_PASSWORD,
  });
  const app = await buildApp({
    s3Endpoint: store.url,
    sessionKey: randomBytes(32),
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
  const admin = new MadminClient({ endpoint: store.url, accessKey: ROOT_USER, secretKey: ROOT_PASSWORD });
  return { dataDir, store, app, s3, admin };
}

async function stopHarness(h: Harness | undefined): Promise<void> {
  await h?.app.close();
  await h?.store.close();
  if (h?.dataDir) await rm(h.dataDir, { recursive: true, force: true });
}

/** A signed-in caller of the console: JSON in, status + parsed JSON out. */
function caller(app: FastifyInstance, token: string) {
  return async (method: InjectOptions['method'], url: string, payload?: unknown) => {
    const res = await app.inject({
      method,
      url,
      cookies: { [SESSION_COOKIE]: token },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
    return { status: res.statusCode, body: res.body === '' ? undefined : (res.json() as unknown) };
  };
}

async function login(app: FastifyInstance, accessKey: string, secretKey: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/v1/login', payload: { accessKey, secretKey } });
  expect(res.statusCode, res.body).toBe(204);
  return res.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? '';
}

/** An unsigned request straight to the store, as an anonymous client on the internet would send it. */
async function anonymous(store: StoreHandle, method: string, key: string, body?: string): Promise<number> {
  const res = await fetch(`${store.url}/${key}`, { method, ...(body === undefined ? {} : { body }) });
  await res.arrayBuffer();
  return res.status;
}

const KiB = 1024;
const GiB = 1024 ** 3;

describe('bucket routes against a 4-drive (erasure-coded) store', () => {
  let h: Harness;
  let api: ReturnType<typeof caller>;

  beforeAll(async () => {
    h = await startHarness(4);
    api = caller(h.app, await login(h.app, ROOT_USER, ROOT_PASSWORD));
  });
  afterAll(() => stopHarness(h));

  it('creates a bucket with versioning, locking, retention and quota in one request, and reads each back', async () => {
    const res = await api('POST', '/api/v1/buckets', {
      name: 'vault',
      versioning: true,
      locking: true,
      quota: { enabled: true, quota_type: 'hard', amount: 2 * GiB },
      retention: { mode: 'governance', unit: 'days', validity: 30 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(createBucketResponseSchema.parse(res.body).applied).toEqual([
      'bucket',
      'object-locking',
      'versioning',
      'retention',
      'quota',
    ]);

    const versioning = bucketVersioningSchema.parse(
      (await api('GET', '/api/v1/buckets/vault/versioning')).body,
    );
    expect(versioning).toEqual({ is_versioned: true, status: 'Enabled' });
    const locking = bucketObjectLockingSchema.parse(
      (await api('GET', '/api/v1/buckets/vault/object-locking')).body,
    );
    expect(locking.object_locking_enabled).toBe(true);
    const retention = getBucketRetentionResponseSchema.parse(
      (await api('GET', '/api/v1/buckets/vault/retention')).body,
    );
    expect(retention).toEqual({ enabled: true, mode: 'governance', unit: 'days', validity: 30 });
    const quota = bucketQuotaSchema.parse((await api('GET', '/api/v1/buckets/vault/quota')).body);
    expect(quota).toEqual({ quota: 2 * GiB, type: 'hard' });
    const info = bucketInfoSchema.parse((await api('GET', '/api/v1/buckets/vault')).body);
    expect(info.access).toBe('PRIVATE');
    expect(info.objects).toBe(0);
    expect(info.replication).toBe(false);
    const list = listBucketsResponseSchema.parse((await api('GET', '/api/v1/buckets')).body);
    expect(list.buckets.find((b) => b.name === 'vault')?.details).toMatchObject({
      versioning: true,
      locking: true,
    });

    // The store really holds the configuration: an object written now gets the default retention.
    await h.s3.putObject('vault', 'doc.txt', Buffer.from('kept'));
    const objectRetention = await h.s3.getObjectRetention('vault', 'doc.txt');
    expect(objectRetention?.mode).toBe('GOVERNANCE');
  });

  it('creates a plain bucket with defaults: no versioning, no locking, no quota, retention off', async () => {
    expect((await api('POST', '/api/v1/buckets', { name: 'plain' })).status).toBe(201);
    expect((await api('GET', '/api/v1/buckets/plain/versioning')).body).toEqual({
      is_versioned: false,
      status: 'Off',
    });
    expect((await api('GET', '/api/v1/buckets/plain/object-locking')).body).toEqual({
      object_locking_enabled: false,
    });
    expect((await api('GET', '/api/v1/buckets/plain/retention')).body).toEqual({ enabled: false });
    expect((await api('GET', '/api/v1/buckets/plain/quota')).body).toEqual({ quota: 0, type: '' });
    expect(
      bucketEncryptionInfoSchema.parse((await api('GET', '/api/v1/buckets/plain/encryption/info')).body),
    ).toEqual({ status: 'disabled', algorithm: '', kmsMasterKeyID: '' });
  });

  it('refuses invalid input with 400 and the error shape, before touching the store', async () => {
    const cases: Array<[InjectOptions['method'], string, unknown]> = [
      ['POST', '/api/v1/buckets', { name: 'No_Caps' }],
      ['POST', '/api/v1/buckets', { name: 'ab' }],
      [
        'POST',
        '/api/v1/buckets',
        { name: 'rtn', versioning: true, retention: { mode: 'compliance', unit: 'days', validity: 1 } },
      ],
      [
        'POST',
        '/api/v1/buckets',
        {
          name: 'rtn',
          versioning: true,
          locking: true,
          retention: { mode: 'compliance', unit: 'days', validity: 0 },
        },
      ],
      [
        'POST',
        '/api/v1/buckets',
        { name: 'rtn', locking: true, retention: { mode: 'strict', unit: 'days', validity: 1 } },
      ],
      ['POST', '/api/v1/buckets', { name: 'qta', quota: { enabled: true, quota_type: 'hard', amount: 0 } }],
      ['PUT', '/api/v1/buckets/plain/set-policy', { access: 'CUSTOM' }],
      ['PUT', '/api/v1/buckets/plain/set-policy', { access: 'CUSTOM', definition: '{not json' }],
      ['PUT', '/api/v1/buckets/plain/set-policy', { access: 'OPEN' }],
      ['PUT', '/api/v1/buckets/plain/quota', { enabled: true, amount: 0 }],
      ['PUT', '/api/v1/buckets/plain/versioning', { versioning: 'yes' }],
      ['PUT', '/api/v1/buckets/plain/retention', { mode: 'governance', unit: 'weeks', validity: 1 }],
      ['PUT', '/api/v1/bucket/plain/access-rules', { prefix: '   ', access: 'readonly' }],
      ['PUT', '/api/v1/bucket/plain/access-rules', { prefix: 'a/', access: 'everything' }],
      ['GET', '/api/v1/buckets/Bad..Name', undefined],
    ];
    for (const [method, url, payload] of cases) {
      const res = await api(method, url, payload);
      expect(res.status, `${method} ${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(apiErrorSchema.parse(res.body).detailedError.length).toBeGreaterThan(0);
    }
    expect((await api('GET', '/api/v1/buckets/rtn')).status).toBe(404);
    expect((await api('GET', '/api/v1/buckets/qta')).status).toBe(404);
  });

  it('creates a bucket with the Object Ownership chosen in the form (x-amz-object-ownership)', async () => {
    const res = await api('POST', '/api/v1/buckets', {
      name: 'writer-owned',
      objectOwnership: 'ObjectWriter',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const answer = await h.s3.makeRequestAsync(
      { method: 'GET', bucketName: 'writer-owned', query: 'ownershipControls' },
      '',
      [200],
    );
    let xml = '';
    for await (const chunk of answer) xml += String(chunk);
    expect(xml).toContain('<ObjectOwnership>ObjectWriter</ObjectOwnership>');
    const dup = await api('POST', '/api/v1/buckets', {
      name: 'writer-owned',
      objectOwnership: 'ObjectWriter',
    });
    expect(dup.status).toBe(409);
  });

  it('answers 409 for an existing bucket and 404 for a missing one', async () => {
    const dup = await api('POST', '/api/v1/buckets', { name: 'plain' });
    expect(dup.status).toBe(409);
    for (const url of [
      '/api/v1/buckets/missing-bucket',
      '/api/v1/buckets/missing-bucket/versioning',
      '/api/v1/buckets/missing-bucket/retention',
      '/api/v1/bucket/missing-bucket/access-rules',
    ]) {
      expect((await api('GET', url)).status, url).toBe(404);
    }
    expect((await api('DELETE', '/api/v1/buckets/missing-bucket')).status).toBe(404);
  });

  it('deletes only empty buckets: a non-empty one is refused with 409 and stays', async () => {
    await api('POST', '/api/v1/buckets', { name: 'full' });
    await h.s3.putObject('full', 'a.txt', Buffer.from('a'));
    const refused = await api('DELETE', '/api/v1/buckets/full', { name: 'full' });
    expect(refused.status).toBe(409);
    expect(apiErrorSchema.parse(refused.body).errorMessage).toBe(
      'The bucket you tried to delete is not empty',
    );
    expect(await h.s3.bucketExists('full')).toBe(true);

    await h.s3.removeObject('full', 'a.txt');
    expect((await api('DELETE', '/api/v1/buckets/full')).status).toBe(204);
    expect(await h.s3.bucketExists('full')).toBe(false);
  });

  it('changes versioning: suspends and re-enables; a locked bucket cannot be suspended', async () => {
    await api('POST', '/api/v1/buckets', { name: 'versions', versioning: true });
    expect((await api('GET', '/api/v1/buckets/versions/versioning')).body).toMatchObject({
      is_versioned: true,
    });
    expect((await api('PUT', '/api/v1/buckets/versions/versioning', { versioning: false })).body).toEqual({
      is_versioned: false,
      status: 'Suspended',
    });
    expect((await h.s3.getBucketVersioning('versions')).Status).toBe('Suspended');
    await api('PUT', '/api/v1/buckets/versions/versioning', { versioning: true });
    expect((await h.s3.getBucketVersioning('versions')).Status).toBe('Enabled');
    const locked = await api('PUT', '/api/v1/buckets/vault/versioning', { versioning: false });
    expect(locked.status).toBe(400);
  });

  it('sets retention only on a locked bucket and changes it', async () => {
    const res = await api('PUT', '/api/v1/buckets/vault/retention', {
      mode: 'compliance',
      unit: 'years',
      validity: 2,
    });
    expect(res.status).toBe(200);
    expect((await api('GET', '/api/v1/buckets/vault/retention')).body).toEqual({
      enabled: true,
      mode: 'compliance',
      unit: 'years',
      validity: 2,
    });
    const unlocked = await api('PUT', '/api/v1/buckets/plain/retention', {
      mode: 'compliance',
      unit: 'days',
      validity: 1,
    });
    expect(unlocked.status).toBe(400);
  });

  it('enforces a hard quota set through the console: an upload beyond it fails, and clearing it lets it pass', async () => {
    await api('POST', '/api/v1/buckets', { name: 'capped' });
    expect(
      (
        await api('PUT', '/api/v1/buckets/capped/quota', {
          enabled: true,
          amount: 4 * KiB,
          quota_type: 'hard',
        })
      ).body,
    ).toEqual({
      quota: 4 * KiB,
      type: 'hard',
    });
    await h.s3.putObject('capped', 'small.bin', Buffer.alloc(3 * KiB));
    const over = await h.s3.putObject('capped', 'big.bin', Buffer.alloc(2 * KiB)).catch((e: unknown) => e);
    expect((over as { code?: string }).code).toBe('XMinioAdminBucketQuotaExceeded');

    expect((await api('PUT', '/api/v1/buckets/capped/quota', { enabled: false })).body).toEqual({
      quota: 0,
      type: '',
    });
    expect((await api('GET', '/api/v1/buckets/capped/quota')).body).toEqual({ quota: 0, type: '' });
    await h.s3.putObject('capped', 'big.bin', Buffer.alloc(2 * KiB));
  });

  it('makes a bucket public and private again (anonymous GET checked against the store)', async () => {
    await api('POST', '/api/v1/buckets', { name: 'shared' });
    await h.s3.putObject('shared', 'hello.txt', Buffer.from('hi'));
    expect(await anonymous(h.store, 'GET', 'shared/hello.txt')).toBe(403);

    const pub = await api('PUT', '/api/v1/buckets/shared/set-policy', { access: 'PUBLIC' });
    expect(bucketInfoSchema.parse(pub.body).access).toBe('PUBLIC');
    expect(bucketInfoSchema.parse((await api('GET', '/api/v1/buckets/shared')).body).access).toBe('PUBLIC');
    expect(await anonymous(h.store, 'GET', 'shared/hello.txt')).toBe(200);
    expect(await anonymous(h.store, 'PUT', 'shared/anon.txt', 'anon')).toBe(200);

    const priv = await api('PUT', '/api/v1/buckets/shared/set-policy', { access: 'PRIVATE' });
    expect(bucketInfoSchema.parse(priv.body).access).toBe('PRIVATE');
    expect(await anonymous(h.store, 'GET', 'shared/hello.txt')).toBe(403);

    const custom = {
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Principal: { AWS: ['*'] },
          Action: ['s3:GetObject'],
          Resource: ['arn:aws:s3:::shared/hello.txt'],
        },
      ],
    };
    const set = await api('PUT', '/api/v1/buckets/shared/set-policy', {
      access: 'CUSTOM',
      definition: JSON.stringify(custom),
    });
    expect(set.status).toBe(200);
    expect(bucketInfoSchema.parse(set.body).access).toBe('CUSTOM');
    expect(await anonymous(h.store, 'GET', 'shared/hello.txt')).toBe(200);
    expect(await anonymous(h.store, 'GET', 'shared/anon.txt')).toBe(403);
    const otherBucket = {
      ...custom,
      Statement: [{ ...custom.Statement[0], Resource: ['arn:aws:s3:::plain/*'] }],
    };
    const refused = await api('PUT', '/api/v1/buckets/shared/set-policy', {
      access: 'CUSTOM',
      definition: JSON.stringify(otherBucket),
    });
    expect(refused.status).toBe(400);
  });

  it('access rules grant anonymous read / write on their prefix only, and go away when deleted', async () => {
    await api('POST', '/api/v1/buckets', { name: 'ruled' });
    await h.s3.putObject('ruled', 'pub/a.txt', Buffer.from('a'));
    await h.s3.putObject('ruled', 'secret/b.txt', Buffer.from('b'));
    expect((await api('GET', '/api/v1/bucket/ruled/access-rules')).body).toEqual({ accessRules: [] });

    const put = await api('PUT', '/api/v1/bucket/ruled/access-rules', {
      prefix: '  pub/  ',
      access: 'readonly',
    });
    expect(put.status).toBe(200);
    expect(accessRulesResponseSchema.parse(put.body).accessRules).toEqual([
      { prefix: 'pub/', access: 'readonly' },
    ]);
    expect(await anonymous(h.store, 'GET', 'ruled/pub/a.txt')).toBe(200);
    expect(await anonymous(h.store, 'GET', 'ruled/secret/b.txt')).toBe(403);
    expect(await anonymous(h.store, 'PUT', 'ruled/pub/new.txt', 'x')).toBe(403);

    await api('PUT', '/api/v1/bucket/ruled/access-rules', { prefix: 'drop/', access: 'writeonly' });
    expect(await anonymous(h.store, 'PUT', 'ruled/drop/in.txt', 'dropped')).toBe(200);
    expect(await anonymous(h.store, 'GET', 'ruled/drop/in.txt')).toBe(403);
    expect((await h.s3.statObject('ruled', 'drop/in.txt')).size).toBe(7);

    // Editing a rule changes its level in place.
    await api('PUT', '/api/v1/bucket/ruled/access-rules', { prefix: 'pub/', access: 'readwrite' });
    expect(await anonymous(h.store, 'PUT', 'ruled/pub/new.txt', 'x')).toBe(200);
    const rules = accessRulesResponseSchema.parse(
      (await api('GET', '/api/v1/bucket/ruled/access-rules')).body,
    );
    expect(rules.accessRules).toEqual([
      { prefix: 'drop/', access: 'writeonly' },
      { prefix: 'pub/', access: 'readwrite' },
    ]);
    expect(bucketInfoSchema.parse((await api('GET', '/api/v1/buckets/ruled')).body).access).toBe('CUSTOM');

    const del = await api('DELETE', '/api/v1/bucket/ruled/access-rules', { prefix: 'pub/' });
    expect(accessRulesResponseSchema.parse(del.body).accessRules).toEqual([
      { prefix: 'drop/', access: 'writeonly' },
    ]);
    expect(await anonymous(h.store, 'GET', 'ruled/pub/a.txt')).toBe(403);
    expect(await anonymous(h.store, 'PUT', 'ruled/drop/in2.txt', 'x')).toBe(200);

    await api('DELETE', '/api/v1/bucket/ruled/access-rules', { prefix: 'drop/' });
    // No statement left: the bucket policy itself is gone.
    const gone = await h.s3.getBucketPolicy('ruled').catch((e: unknown) => e);
    expect((gone as { code?: string }).code).toBe('NoSuchBucketPolicy');
    expect(await anonymous(h.store, 'PUT', 'ruled/drop/in3.txt', 'x')).toBe(403);
  });

  it('audits who can reach a bucket: policies and the users (directly or through groups) holding them', async () => {
    await h.admin.addCannedPolicy('ruled-reader', {
      Version: '2012-10-17',
      Statement: [{ Effect: 'Allow', Action: ['s3:GetObject'], Resource: ['arn:aws:s3:::ruled/*'] }],
    });
    await h.admin.addCannedPolicy('elsewhere', {
      Version: '2012-10-17',
      Statement: [{ Effect: 'Allow', Action: ['s3:GetObject'], Resource: ['arn:aws:s3:::other-bucket/*'] }],
    });
    await h.admin.addUser('auditee', 'auditee-secret');
    await h.admin.setPolicy('ruled-reader', 'auditee', false);
    await h.admin.addUser('outsider', 'outsider-secret');
    await h.admin.setPolicy('elsewhere', 'outsider', false);
    await h.admin.addUser('member', 'member-secret');
    await h.admin.updateGroupMembers({
      group: 'ruled-team',
      members: ['member'],
      isRemove: false,
      groupStatus: 'enabled',
    });
    await h.admin.setPolicy('ruled-reader', 'ruled-team', true);

    const policies = bucketPoliciesResponseSchema.parse(
      (await api('GET', '/api/v1/bucket-policy/ruled')).body,
    );
    const names = policies.policies.map((p) => p.name);
    expect(names).toContain('ruled-reader');
    expect(names).toContain('readwrite');
    expect(names).not.toContain('elsewhere');

    const users = bucketUsersResponseSchema.parse((await api('GET', '/api/v1/bucket-users/ruled')).body);
    expect(users).toEqual(['auditee', 'member']);

    // The bucket policy applies to signed users too: a user it names by ARN reaches the bucket.
    const before = await h.s3.getBucketPolicy('ruled').catch(() => '');
    await h.s3.setBucketPolicy(
      'ruled',
      JSON.stringify({
        Version: '2012-10-17',
        Statement: [
          {
            Effect: 'Allow',
            Principal: { AWS: ['arn:aws:iam::123456789012:user/outsider'] },
            Action: ['s3:GetObject'],
            Resource: ['arn:aws:s3:::ruled/shared/*'],
          },
        ],
      }),
    );
    const combined = bucketUsersResponseSchema.parse((await api('GET', '/api/v1/bucket-users/ruled')).body);
    expect(combined).toEqual(['auditee', 'member', 'outsider']);
    await h.s3.setBucketPolicy('ruled', before);
  });

  it('undoes a creation that fails part-way, or says exactly what was applied when it cannot', async () => {
    // May create, configure versioning and delete buckets, but not set quotas (an admin action).
    await h.admin.addCannedPolicy('maker', {
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Action: [
            's3:CreateBucket',
            's3:PutBucketVersioning',
            's3:DeleteBucket',
            's3:ListBucket',
            's3:GetBucketLocation',
          ],
          Resource: ['arn:aws:s3:::*'],
        },
      ],
    });
    await h.admin.addUser('maker', 'maker-secret');
    await h.admin.setPolicy('maker', 'maker', false);
    const maker = caller(h.app, await login(h.app, 'maker', 'maker-secret'));
    const res = await maker('POST', '/api/v1/buckets', {
      name: 'half-made',
      versioning: true,
      quota: { enabled: true, quota_type: 'hard', amount: GiB },
    });
    expect(res.status).toBe(403);
    expect(apiErrorSchema.parse(res.body).detailedError).toContain('was removed again');
    expect(await h.s3.bucketExists('half-made')).toBe(false);

    // Without DeleteBucket the console cannot undo: it reports the steps that stuck.
    await h.admin.addCannedPolicy('maker-no-delete', {
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Action: ['s3:CreateBucket', 's3:PutBucketVersioning'],
          Resource: ['arn:aws:s3:::*'],
        },
      ],
    });
    await h.admin.addUser('maker2', 'maker2-secret');
    await h.admin.setPolicy('maker-no-delete', 'maker2', false);
    const maker2 = caller(h.app, await login(h.app, 'maker2', 'maker2-secret'));
    const partial = await maker2('POST', '/api/v1/buckets', {
      name: 'half-made',
      versioning: true,
      quota: { enabled: true, quota_type: 'hard', amount: GiB },
    });
    expect(partial.status).toBe(403);
    expect(apiErrorSchema.parse(partial.body).detailedError).toContain(
      'partly configured: bucket created, versioning enabled.',
    );
    expect((await h.s3.getBucketVersioning('half-made')).Status).toBe('Enabled');
  });
});

describe('bucket routes against a one-drive (non-erasure) store', () => {
  let h: Harness;
  let api: ReturnType<typeof caller>;

  beforeAll(async () => {
    h = await startHarness(1);
    api = caller(h.app, await login(h.app, ROOT_USER, ROOT_PASSWORD));
  });
  afterAll(() => stopHarness(h));

  it('refuses distributed-only features with the non-erasure notice, and creates plain buckets', async () => {
    expect(sessionSchema.parse((await api('GET', '/api/v1/session')).body).distributedMode).toBe(false);
    for (const payload of [
      { name: 'one-v', versioning: true },
      { name: 'one-l', locking: true },
      { name: 'one-q', quota: { enabled: true, quota_type: 'hard', amount: GiB } },
    ]) {
      const res = await api('POST', '/api/v1/buckets', payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      const body = apiErrorSchema.parse(res.body);
      expect(body.errorMessage).toMatch(/needs a distributed \(erasure-coded\) setup/);
      expect(body.detailedError).toContain(nonErasureNotice);
      expect(await h.s3.bucketExists(payload.name)).toBe(false);
    }
    expect(
      (
        await api('POST', '/api/v1/buckets', {
          name: 'one-plain',
          quota: { enabled: false, quota_type: 'hard', amount: 0 },
        })
      ).status,
    ).toBe(201);
    expect((await api('PUT', '/api/v1/buckets/one-plain/versioning', { versioning: true })).status).toBe(400);
    expect((await api('PUT', '/api/v1/buckets/one-plain/quota', { enabled: true, amount: GiB })).status).toBe(
      400,
    );
    expect(
      (
        await api('PUT', '/api/v1/buckets/one-plain/retention', {
          mode: 'governance',
          unit: 'days',
          validity: 1,
        })
      ).status,
    ).toBe(400);
    expect((await h.s3.getBucketVersioning('one-plain')).Status).toBeUndefined();
    // Access policy and access rules work in every mode.
    expect((await api('PUT', '/api/v1/buckets/one-plain/set-policy', { access: 'PUBLIC' })).status).toBe(200);
    expect(
      (await api('PUT', '/api/v1/bucket/one-plain/access-rules', { prefix: 'x/', access: 'readonly' }))
        .status,
    ).toBe(200);
    expect((await api('DELETE', '/api/v1/buckets/one-plain')).status).toBe(204);
  });
});
