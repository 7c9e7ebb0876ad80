// SPDX-License-Identifier: Apache-2.0
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  apiErrorSchema,
  type LifecycleRule,
  lifecycleRulesResponseSchema,
  tiersResponseSchema,
} from '@stowage/contracts';
import { type StoreHandle, startStore } from '@stowage/store';
import * as Minio from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleHarness, jsonCaller, startConsoleHarness } from '../../testing/console-harness.js';

// The Lifecycle tab's and the tier list's routes against a real store; the tier's remote is a second
// embedded store (real S3 over HTTP), added with madmin as an operator would.

let h: ConsoleHarness;
let remote: StoreHandle;
let remoteDir: string;
let call: ReturnType<typeof jsonCaller>;
let remoteS3: Minio.Client;
const bucket = 'lifecycle-bucket';
const rulesUrl = `/api/v1/buckets/${bucket}/lifecycle`;

beforeAll(async () => {
  h = await startConsoleHarness();
  remoteDir = await mkdtemp(path.join(tmpdir(), 'stowage-lc-remote-'));
  remote = await startStore({
    dataDir: remoteDir,
    drives: 1,
    port: 0,
    host: '127.0.0.1',
    rootUser: h.rootUser,
    rootPassword: h.rootPassword,
  });
  remoteS3 = new Minio.Client({
    endPoint: '127.0.0.1',
    port: remote.port,
    useSSL: false,
    accessKey: h.rootUser,
    secretKey: h.rootPassword,
  });
  await remoteS3.makeBucket('cold');
  await h.admin.addTier({
    Version: 'v1',
    Type: 'minio',
    Name: 'COLD',
    MinIO: {
      Endpoint: remote.url,
      AccessKey: h.rootUser,
      SecretKey: h.rootPassword,
      Bucket: 'cold',
      Prefix: 'p/',
    },
  });
  await h.s3.makeBucket(bucket);
  call = jsonCaller(h.app, await h.login());
}, 60_000);

afterAll(async () => {
  await h?.close();
  await remote?.close();
  await rm(remoteDir, { recursive: true, force: true });
});

describe('tier routes (spec 2 §7)', () => {
  const s3Tier = (name: string, over: Record<string, string> = {}) => ({
    type: 's3',
    s3: {
      name,
      endpoint: remote.url,
      bucket: 'cold',
      prefix: 'second/',
      region: 'us-east-1',
      accesskey: h.rootUser,
      secretkey: h.rootPassword,
      ...over,
    },
  });

  it('adds an S3 tier (MinIO is sent as s3) and changes its credentials; the store lists it', async () => {
    expect((await call('POST', '/api/v1/admin/tiers', s3Tier('WARM'))).status).toBe(204);
    const tiers = await h.admin.listTiers();
    expect(tiers.map((t) => [t.Type, t.Name])).toContainEqual(['s3', 'WARM']);
    const creds = await call('PUT', '/api/v1/admin/tiers/s3/WARM/credentials', {
      access_key: h.rootUser,
      secret_key: h.rootPassword,
    });
    expect(creds.status).toBe(204);
    const half = await call('PUT', '/api/v1/admin/tiers/s3/WARM/credentials', { access_key: 'x' });
    expect(half.status).toBe(400);
  });

  it('lists each tier online with its usage, a tier whose remote bucket went away offline with why', async () => {
    await remoteS3.makeBucket('gone');
    expect((await call('POST', '/api/v1/admin/tiers', s3Tier('GONE', { bucket: 'gone' }))).status).toBe(204);
    await remoteS3.removeBucket('gone');
    const { items } = tiersResponseSchema.parse((await call('GET', '/api/v1/admin/tiers')).body);
    const warm = items.find((t) => t.s3?.name === 'WARM');
    expect(warm).toMatchObject({ status: true, s3: { usage: '0', objects: '0', versions: '0' } });
    const gone = items.find((t) => t.s3?.name === 'GONE');
    expect(gone?.status).toBe(false);
    expect(gone?.s3?.error).toMatch(/bucket/i);
  });

  it('removes an unused tier; removing it again is a 404 with the store’s detail', async () => {
    expect((await call('DELETE', '/api/v1/admin/tiers/GONE')).status).toBe(204);
    expect((await h.admin.listTiers()).map((t) => t.Name)).not.toContain('GONE');
    const again = await call('DELETE', '/api/v1/admin/tiers/GONE');
    expect(again.status).toBe(404);
    expect(apiErrorSchema.parse(again.body).detailedError).toMatch(/GONE|not found/i);
  });

  it('refuses a lower-case name with the spec message, missing keys, and an unreachable bucket', async () => {
    const lower = await call('POST', '/api/v1/admin/tiers', s3Tier('warm'));
    expect(lower.status).toBe(400);
    expect(JSON.stringify(lower.body)).toContain('Please verify that string is uppercase only');
    const noKeys = await call('POST', '/api/v1/admin/tiers', s3Tier('NOKEYS', { accesskey: '' }));
    expect(noKeys.status).toBe(400);
    const unreachable = await call(
      'POST',
      '/api/v1/admin/tiers',
      s3Tier('LOST', { bucket: 'no-such-bucket' }),
    );
    expect(unreachable.status).toBeGreaterThanOrEqual(400);
    expect(apiErrorSchema.parse(unreachable.body).detailedError.length).toBeGreaterThan(5);
    expect((await h.admin.listTiers()).map((t) => t.Name)).not.toContain('LOST');
  });
});

describe('bucket lifecycle routes (issue 19, spec 1 §7)', () => {
  it('a bucket without a configuration has no rules', async () => {
    const res = await call('GET', rulesUrl);
    expect(res.status).toBe(200);
    expect(lifecycleRulesResponseSchema.parse(res.body).lifecycle).toEqual([]);
  });

  it('the tier list offers the tier by name (storage classes of the Add Lifecycle Rule modal)', async () => {
    const res = await call('GET', '/api/v1/admin/tiers');
    expect(res.status).toBe(200);
    const { items } = tiersResponseSchema.parse(res.body);
    expect(items.find((t) => t.minio?.name === 'COLD')).toMatchObject({
      type: 'minio',
      status: true,
      minio: { name: 'COLD', endpoint: remote.url, bucket: 'cold', prefix: 'p/', region: '' },
    });
  });

  let expiryId = '';
  let transitionId = '';
  it('adds an expiry by days with prefix and tags, then a transition to the tier; the store has both', async () => {
    const expiry = await call('POST', rulesUrl, {
      type: 'expiry',
      prefix: '007/',
      tags: 'team=ops&tmp=1',
      expiry_days: 30,
      noncurrentversion_expiration_days: 7,
    });
    expect(expiry.status).toBe(201);
    const transition = await call('POST', rulesUrl, {
      type: 'transition',
      transition_date: '2031-05-01T23:59:59Z',
      storage_class: 'COLD',
      noncurrentversion_transition_days: 3,
    });
    expect(transition.status).toBe(201);
    const rules = lifecycleRulesResponseSchema.parse(transition.body).lifecycle;
    expect(rules).toHaveLength(2);
    const [e, t] = rules as [LifecycleRule, LifecycleRule];
    expiryId = e.id;
    transitionId = t.id;
    expect(e).toMatchObject({
      prefix: '007/',
      status: 'Enabled',
      tags: [
        { key: 'team', value: 'ops' },
        { key: 'tmp', value: '1' },
      ],
      expiration: { days: 30, date: '0001-01-01T00:00:00Z', noncurrent_expiration_days: 7 },
      transition: { days: 0, storage_class: '' },
    });
    expect(t).toMatchObject({
      prefix: '',
      transition: {
        date: '2031-05-01T00:00:00Z',
        days: 0,
        storage_class: 'COLD',
        noncurrent_transition_days: 3,
        noncurrent_storage_class: 'COLD',
      },
    });
    const stored = await h.s3.getBucketLifecycle(bucket);
    const storedRules = stored?.Rule as unknown as Array<{ ID: string }>;
    expect(storedRules.map((r) => r.ID)).toEqual([expiryId, transitionId]);
    expect((await call('GET', rulesUrl)).body).toEqual(transition.body);
  });

  it('a transition to a tier the server lacks is the store’s error, with its detail', async () => {
    const res = await call('POST', rulesUrl, {
      type: 'transition',
      transition_days: 5,
      storage_class: 'NOPE',
    });
    expect(res.status).toBe(400);
    const err = apiErrorSchema.parse(res.body);
    expect(err.detailedError).toMatch(/NOPE|storage class|tier/i);
    expect(lifecycleRulesResponseSchema.parse((await call('GET', rulesUrl)).body).lifecycle).toHaveLength(2);
  });

  it('a tier a rule transitions to cannot be removed: the store’s reason reaches the console', async () => {
    const res = await call('DELETE', '/api/v1/admin/tiers/COLD');
    expect(res.status).toBe(409);
    expect(apiErrorSchema.parse(res.body).detailedError).toMatch(/in use/i);
    expect((await h.admin.listTiers()).map((t) => t.Name)).toContain('COLD');
  });

  it('refuses a rule without days or date, and a tag that is not key=value', async () => {
    for (const body of [
      { type: 'expiry', expiry_days: 0 },
      { type: 'transition', storage_class: 'COLD' },
      { type: 'expiry', expiry_days: 1, tags: 'novalue' },
    ]) {
      const res = await call('POST', rulesUrl, body);
      expect(res.status).toBe(400);
      expect(apiErrorSchema.parse(res.body).detailedError.length).toBeGreaterThan(5);
    }
  });

  it('edits a rule: disabled with new days, the other rule untouched; an unknown ID is 404', async () => {
    const res = await call('PUT', `${rulesUrl}/${expiryId}`, {
      type: 'expiry',
      prefix: '007/',
      tags: 'team=ops',
      expiry_days: 60,
      disable: true,
    });
    expect(res.status).toBe(200);
    const [e, t] = lifecycleRulesResponseSchema.parse(res.body).lifecycle as [LifecycleRule, LifecycleRule];
    expect(e).toMatchObject({ id: expiryId, status: 'Disabled', tags: [{ key: 'team', value: 'ops' }] });
    expect(e.expiration.days).toBe(60);
    expect(t).toMatchObject({ id: transitionId, status: 'Enabled' });
    const missing = await call('PUT', `${rulesUrl}/nope`, { type: 'expiry', expiry_days: 1 });
    expect(missing.status).toBe(404);
  });

  it('deletes rules one by one; the last removes the configuration at the store', async () => {
    const first = await call('DELETE', `${rulesUrl}/${expiryId}`);
    expect(lifecycleRulesResponseSchema.parse(first.body).lifecycle.map((r) => r.id)).toEqual([transitionId]);
    const last = await call('DELETE', `${rulesUrl}/${transitionId}`);
    expect(lifecycleRulesResponseSchema.parse(last.body).lifecycle).toEqual([]);
    await expect(h.s3.getBucketLifecycle(bucket)).rejects.toMatchObject({
      code: 'NoSuchLifecycleConfiguration',
    });
  });
});

describe('restore of an object (issue 19)', () => {
  it('an object on no tier cannot be restored: the store says why', async () => {
    await h.s3.putObject(bucket, 'plain.txt', Buffer.from('plain'));
    const res = await call('POST', `/api/v1/buckets/${bucket}/objects/restore?prefix=${'plain.txt'}`, {
      days: 2,
    });
    expect(res.status).toBe(409);
    expect(apiErrorSchema.parse(res.body).detailedError).toMatch(/storage class/);
    const meta = await call(
      'GET',
      `/api/v1/buckets/${bucket}/objects?prefix=${'plain.txt'}&with_metadata=true`,
    );
    expect(JSON.stringify(meta.body)).not.toContain('storage_class');
  });
});
