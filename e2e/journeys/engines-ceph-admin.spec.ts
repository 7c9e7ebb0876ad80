// SPDX-License-Identifier: Apache-2.0
import { type APIRequestContext, expect, request as playwrightRequest } from '@playwright/test';
import { cephAdminTest as test } from '../support/engines/fixtures.js';

// Issue 36: Ceph RGW's Admin Ops API through the console's REST API. The test setup starts a single-node
// Ceph whose S3 user has admin caps, and a console in front of it; this file drives the console as an
// API client would (no screens yet): an RGW administrator creates a user with a bucket quota, that user
// signs in and uploads until RGW refuses, the administrator reads the bucket's stats and deletes the user.

const uid = 'e2e-quota-user';
const bucket = 'e2e-ceph-quota';

async function signIn(api: APIRequestContext, accessKey: string, secretKey: string) {
  const res = await api.post('/api/v1/login', { data: { accessKey, secretKey } });
  expect(res.ok(), await res.text()).toBe(true);
  const session = await (await api.get('/api/v1/session')).json();
  return session.capabilities as string[];
}

function upload(api: APIRequestContext, name: string, body: string) {
  return api.post(`/api/v1/buckets/${bucket}/objects/upload?prefix=`, {
    multipart: { file: { name, mimeType: 'text/plain', buffer: Buffer.from(body) } },
  });
}

test('an RGW administrator manages a user, its keys and quota, and sees the quota refuse uploads', async ({
  engine,
  request: admin,
}) => {
  expect(await signIn(admin, engine.accessKey, engine.secretKey)).toContain('rgw-admin');

  const created = await admin.post('/api/v1/rgw/users', {
    data: { uid, displayName: 'Quota user', email: 'quota@example.com', maxBuckets: 3 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const user = await created.json();
  expect(user).toMatchObject({ uid, displayName: 'Quota user', email: 'quota@example.com', maxBuckets: 3 });
  expect(user.keys).toHaveLength(1);
  const again = await admin.post('/api/v1/rgw/users', { data: { uid, displayName: 'Twice' } });
  expect(again.status()).toBe(409);
  expect((await again.json()).errorMessage).toBe('The user already exists');

  // A second key pair, chosen by the caller, then removed again.
  const keyed = await admin.post(`/api/v1/rgw/users/${uid}/keys`, {
    data: { accessKey: 'E2EQUOTAEXTRAKEY0001', secretKey: 'e2e-extra-secret-0000000000000001' },
  });
  expect(keyed.status(), await keyed.text()).toBe(201);
  expect((await keyed.json()).keys.map((k: { accessKey: string }) => k.accessKey)).toContain(
    'E2EQUOTAEXTRAKEY0001',
  );
  expect((await admin.delete(`/api/v1/rgw/users/${uid}/keys/E2EQUOTAEXTRAKEY0001`)).status()).toBe(204);

  const bucketQuota = { enabled: true, maxSizeBytes: -1, maxObjects: 2 };
  const quoted = await admin.put(`/api/v1/rgw/users/${uid}/quota/bucket`, { data: bucketQuota });
  expect(quoted.status(), await quoted.text()).toBe(200);
  const userQuota = { enabled: true, maxSizeBytes: 10 * 1024 * 1024, maxObjects: -1 };
  await admin.put(`/api/v1/rgw/users/${uid}/quota/user`, { data: userQuota });
  const read = await (await admin.get(`/api/v1/rgw/users/${uid}`)).json();
  expect(read.bucketQuota).toMatchObject(bucketQuota);
  expect(read.userQuota).toMatchObject(userQuota);
  expect(read.keys.map((k: { accessKey: string }) => k.accessKey)).toEqual([user.keys[0].accessKey]);
  expect((await (await admin.get('/api/v1/rgw/users')).json()).users).toContain(uid);

  // The new user signs in: no admin caps, so the RGW calls answer 501 with the reason.
  const asUser = await playwrightRequest.newContext({ baseURL: engine.consoleUrl });
  try {
    expect(await signIn(asUser, user.keys[0].accessKey, user.keys[0].secretKey)).not.toContain('rgw-admin');
    const refused = await asUser.get('/api/v1/rgw/users');
    expect(refused.status()).toBe(501);
    expect((await refused.json()).detailedError).toContain('admin caps');

    expect((await asUser.post('/api/v1/buckets', { data: { name: bucket } })).ok()).toBe(true);
    expect((await upload(asUser, 'one.txt', 'first object\n')).ok()).toBe(true);
    expect((await upload(asUser, 'two.txt', 'second object\n')).ok()).toBe(true);
    const third = await upload(asUser, 'three.txt', 'one object too many\n');
    expect(third.ok()).toBe(false);
    expect(JSON.stringify(await third.json())).toMatch(/quota/i);
  } finally {
    await asUser.dispose();
  }

  const stats = await admin.get(`/api/v1/rgw/buckets/${bucket}/stats`);
  expect(stats.status(), await stats.text()).toBe(200);
  expect(await stats.json()).toMatchObject({
    bucket,
    owner: uid,
    objects: 2,
    sizeBytes: 'first object\n'.length + 'second object\n'.length,
  });

  const suspended = await admin.put(`/api/v1/rgw/users/${uid}`, { data: { suspended: true } });
  expect((await suspended.json()).suspended).toBe(true);

  // The user owns a bucket with objects: RGW keeps it unless the data is purged too.
  expect((await admin.delete(`/api/v1/rgw/users/${uid}`)).ok()).toBe(false);
  expect((await admin.delete(`/api/v1/rgw/users/${uid}?purgeData=true`)).status()).toBe(204);
  const gone = await admin.get(`/api/v1/rgw/users/${uid}`);
  expect(gone.status()).toBe(404);
  expect((await gone.json()).errorMessage).toBe('No such RGW user');
});
