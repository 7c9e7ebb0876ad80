// SPDX-License-Identifier: Apache-2.0
import { type APIRequestContext, expect, request as playwrightRequest } from '@playwright/test';
import { cephAdminTest as test } from '../support/engines/fixtures.js';
import { signIn as signInPage } from '../support/login.js';
import { snap, snapBoth } from '../support/screenshots.js';

// Issue 36: Ceph RGW's Admin Ops API through the console's REST API. The test setup starts a single-node
// Ceph whose S3 user has admin caps, and a console in front of it; this file drives the console as an
// API client would: an RGW administrator creates a user with a bucket quota, that user
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

// The same through the screens (issue 36): RGW Users in the menu, a user created with its keys shown, its
// quotas and keys edited, RGW's answers read back through the REST API; bucket usage in the bucket list and
// summary; a user without admin caps sees why the page is absent.
const screenUid = 'e2e-screen-user';
const usageBucket = 'e2e-ceph-usage';

test('an RGW administrator manages users, keys and quotas in the RGW Users screens', async ({
  engine,
  page,
  request: api,
}) => {
  test.setTimeout(180_000); // some twenty round trips through the console to RGW, on a shared machine
  await signInPage(page, engine.accessKey, engine.secretKey);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'RGW Users' }).click();
  await expect(page.getByRole('heading', { name: 'RGW Users', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'RGW Users' })).toContainText('s3user');

  await page.getByRole('button', { name: 'Create RGW User' }).click();
  const create = page.getByRole('dialog', { name: 'Create RGW User' });
  await create.getByLabel('User ID').fill('bad id');
  await create.getByLabel('Display Name').fill('Screen user');
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(create.getByText(/User ID: letters, digits/)).toBeVisible();
  await create.getByLabel('User ID').fill(screenUid);
  await create.getByLabel('Email').fill('screen@example.com');
  await create.getByLabel('Max Buckets').fill('5');
  await snapBoth(page, 'engines-ceph-rgw-user-create');
  await create.getByRole('button', { name: 'Save' }).click();
  const created = page.getByRole('dialog', { name: `RGW User ${screenUid} Created` });
  const firstKey = (await created.getByLabel('Access Key', { exact: true }).textContent()) ?? '';
  expect(firstKey).toMatch(/^[A-Z0-9]{20}$/);
  await created.getByRole('button', { name: 'Done' }).click();

  await page.getByRole('link', { name: screenUid }).click();
  await expect(page.getByRole('heading', { name: screenUid, level: 1 })).toBeVisible();
  await expect(page.getByLabel('Display Name')).toHaveText('Screen user');
  await expect(page.getByLabel('Max Buckets')).toHaveText('5');
  await expect(page.getByRole('table', { name: 'Access Keys' })).toContainText(firstKey);

  // A bucket quota of 1 object and 2 MiB, through the dialog.
  await page.getByRole('button', { name: 'Edit Bucket Quota' }).click();
  const quota = page.getByRole('dialog', { name: 'Edit Bucket Quota' });
  await quota.getByLabel('Quota Enabled').check();
  await quota.getByLabel('Unlimited size').uncheck();
  await quota.getByLabel('Max Size', { exact: true }).fill('0');
  await expect(quota.getByRole('alert')).toHaveText('The size must be more than 0');
  await quota.getByLabel('Max Size', { exact: true }).fill('2');
  await quota.getByLabel('Max Size Unit').click();
  await page.getByRole('option', { name: 'MiB' }).click();
  await quota.getByLabel('Unlimited objects').uncheck();
  await quota.getByLabel('Max Objects').fill('1');
  await snapBoth(page, 'engines-ceph-rgw-quota');
  await quota.getByRole('button', { name: 'Save' }).click();
  await expect(quota).toBeHidden();
  await expect(page.getByLabel('Bucket Quota limits')).toHaveText('2 MiB · 1 object');

  // A second key, generated by RGW and shown once made.
  await page.getByRole('button', { name: 'Create Access Key' }).click();
  const newKey = page.getByRole('dialog', { name: 'New Access Key' });
  const secondKey = (await newKey.getByLabel('Access Key', { exact: true }).textContent()) ?? '';
  expect(secondKey).not.toBe(firstKey);
  await newKey.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('table', { name: 'Access Keys' }).getByRole('row')).toHaveCount(3);

  // A usage cap and a read-only subuser, through their dialogs.
  await page.getByRole('button', { name: 'Add Cap' }).click();
  const cap = page.getByRole('dialog', { name: 'Add Cap' });
  await cap.getByLabel('Cap Type').click();
  await page.getByRole('option', { name: 'usage', exact: true }).click();
  await cap.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('region', { name: 'Caps' })).toContainText('usage=read');
  await page.getByRole('button', { name: 'Add Subuser' }).click();
  const subuser = page.getByRole('dialog', { name: 'Add Subuser' });
  await subuser.getByLabel('Subuser Name').fill('swift');
  await subuser.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('table', { name: 'Subusers' })).toContainText(`${screenUid}:swift`);

  await page.getByRole('button', { name: 'Suspend' }).click();
  await expect(page.getByTestId('rgw-user-status')).toHaveText('Suspended');
  await snapBoth(page, 'engines-ceph-rgw-user');

  // What RGW keeps, read back through the REST API with the same keys.
  await signIn(api, engine.accessKey, engine.secretKey);
  const kept = await (await api.get(`/api/v1/rgw/users/${screenUid}`)).json();
  expect(kept).toMatchObject({
    displayName: 'Screen user',
    email: 'screen@example.com',
    maxBuckets: 5,
    suspended: true,
    caps: [{ type: 'usage', perm: 'read' }],
    subusers: [{ id: `${screenUid}:swift`, permissions: 'read' }],
    bucketQuota: { enabled: true, maxSizeBytes: 2 * 1024 * 1024, maxObjects: 1 },
  });
  expect(kept.keys.map((k: { accessKey: string }) => k.accessKey).sort()).toEqual(
    [firstKey, secondKey].sort(),
  );

  await page.getByRole('button', { name: `Delete access key ${secondKey}` }).click();
  await page
    .getByRole('dialog', { name: 'Delete Access Key' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByRole('table', { name: 'Access Keys' })).not.toContainText(secondKey);

  await page.getByRole('button', { name: 'Delete User' }).click();
  await page.getByRole('dialog', { name: 'Delete RGW User' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('heading', { name: 'RGW Users', level: 1 })).toBeVisible();
  await snapBoth(page, 'engines-ceph-rgw-users');
  expect((await api.get(`/api/v1/rgw/users/${screenUid}`)).status()).toBe(404);
});

test('bucket size and objects come from RGW into the bucket list and summary', async ({ engine, page }) => {
  test.setTimeout(120_000);
  await engine.s3.makeBucket(usageBucket);
  await engine.s3.putObject(usageBucket, 'a.bin', Buffer.alloc(1536));
  await engine.s3.putObject(usageBucket, 'b.bin', Buffer.alloc(1536));
  await signInPage(page, engine.accessKey, engine.secretKey);
  await page.goto('/buckets');
  const card = page.getByRole('article', { name: usageBucket });
  // The first list on a busy machine: ListBuckets and RGW's stats, each a round trip to the gateway.
  await expect(card).toContainText('3 KiB', { timeout: 30_000 });
  await expect(card).toContainText(/Objects\s*2(?!\d)/);
  await snap(page, 'engines-ceph-bucket-usage');
  await page.goto(`/buckets/${usageBucket}/admin/summary`);
  await expect(page.getByLabel('Reported Usage value')).toHaveText('3 KiB');
  await expect(page.getByRole('region', { name: 'Reported Usage' })).toContainText('2 objects');
  await expect(page.getByLabel('RGW Owner value')).toHaveText('s3user');

  // The index check, then the bucket given to another RGW user.
  await page.getByRole('button', { name: 'Check Index' }).click();
  const check = page.getByRole('dialog', { name: 'Check Bucket Index' });
  await check.getByRole('button', { name: 'Check' }).click();
  await expect(check.getByRole('status')).toHaveText('The index is consistent: 3 KiB, 2 objects.');
  await snapBoth(page, 'engines-ceph-bucket-index-check');
  await check.getByRole('button', { name: 'Close' }).click();
  const api = page.request;
  expect(
    (
      await api.post('/api/v1/rgw/users', { data: { uid: 'e2e-new-owner', displayName: 'New owner' } })
    ).status(),
  ).toBe(201);
  try {
    await page.getByRole('button', { name: 'Change Bucket Owner' }).click();
    const owner = page.getByRole('dialog', { name: 'Change Bucket Owner' });
    await owner.getByLabel('Owner (RGW user ID)').fill('e2e-new-owner');
    await owner.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByLabel('RGW Owner value')).toHaveText('e2e-new-owner');
    await snapBoth(page, 'engines-ceph-bucket-summary');
    expect((await (await api.get(`/api/v1/rgw/buckets/${usageBucket}/stats`)).json()).owner).toBe(
      'e2e-new-owner',
    );
  } finally {
    expect((await api.delete('/api/v1/rgw/users/e2e-new-owner?purgeData=true')).status()).toBe(204);
  }
});

test('an RGW user without admin caps is told why RGW Users is absent', async ({
  engine,
  page,
  request: api,
}) => {
  await signIn(api, engine.accessKey, engine.secretKey);
  const made = await api.post('/api/v1/rgw/users', { data: { uid: 'e2e-plain-user', displayName: 'Plain' } });
  expect(made.status(), await made.text()).toBe(201);
  const key = (await made.json()).keys[0];
  try {
    await signInPage(page, key.accessKey, key.secretKey);
    await expect(
      page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'RGW Users' }),
    ).toHaveCount(0);
    await page.goto('/rgw/users');
    await expect(page.getByText('RGW Users is not available on this server')).toBeVisible();
    await expect(page.getByText(/no admin caps/)).toBeVisible();
  } finally {
    expect((await api.delete('/api/v1/rgw/users/e2e-plain-user?purgeData=true')).status()).toBe(204);
  }
});

test('subusers, caps, bucket ownership, the index check and the usage log through the REST API', async ({
  engine,
  request: admin,
}) => {
  await signIn(admin, engine.accessKey, engine.secretKey);
  const uid = 'e2e-owner-user';
  const bucket = 'e2e-ceph-owned';
  expect((await admin.post('/api/v1/rgw/users', { data: { uid, displayName: 'Owner' } })).status()).toBe(201);
  try {
    // A subuser with read access, then removed.
    const sub = await admin.post(`/api/v1/rgw/users/${uid}/subusers`, {
      data: { name: 'swift', access: 'read' },
    });
    expect(sub.status(), await sub.text()).toBe(201);
    expect((await sub.json()).subusers).toEqual([{ id: `${uid}:swift`, permissions: 'read' }]);
    expect((await admin.delete(`/api/v1/rgw/users/${uid}/subusers/${uid}:swift`)).status()).toBe(204);
    expect((await admin.delete(`/api/v1/rgw/users/${uid}/subusers/${uid}:swift`)).status()).toBe(404);

    // Caps: set replaces, delete removes; your own caps are refused.
    await admin.put(`/api/v1/rgw/users/${uid}/caps/usage`, { data: { perm: 'write' } });
    const capped = await admin.put(`/api/v1/rgw/users/${uid}/caps/usage`, { data: { perm: 'read' } });
    expect((await capped.json()).caps).toEqual([{ type: 'usage', perm: 'read' }]);
    expect((await admin.delete(`/api/v1/rgw/users/${uid}/caps/usage`)).status()).toBe(204);
    expect((await (await admin.get(`/api/v1/rgw/users/${uid}`)).json()).caps).toEqual([]);
    const own = await admin.delete('/api/v1/rgw/users/s3user/caps/users');
    expect(own.status()).toBe(400);
    expect((await own.json()).detailedError).toContain('signed in as');

    // The administrator's bucket given to the user, then the index checked.
    await engine.s3.makeBucket(bucket);
    await engine.s3.putObject(bucket, 'x.txt', Buffer.from('owned\n'));
    const linked = await admin.put(`/api/v1/rgw/buckets/${bucket}/owner`, { data: { uid } });
    expect(linked.status(), await linked.text()).toBe(200);
    expect(await linked.json()).toMatchObject({ bucket, owner: uid, objects: 1 });
    const unknown = await admin.put(`/api/v1/rgw/buckets/${bucket}/owner`, { data: { uid: 'e2e-nobody' } });
    expect(unknown.status()).toBe(404);
    const check = await admin.post(`/api/v1/rgw/buckets/${bucket}/index-check`, { data: {} });
    expect(check.status(), await check.text()).toBe(200);
    expect(await check.json()).toMatchObject({
      bucket,
      consistent: true,
      header: { objects: 1, sizeBytes: 6 },
      counted: { objects: 1, sizeBytes: 6 },
    });
    expect((await admin.post('/api/v1/rgw/buckets/e2e-no-such/index-check', { data: {} })).status()).toBe(
      404,
    );

    // The usage log (the test cluster logs usage and flushes at once) names the administrator's writes.
    await expect
      .poll(
        async () => {
          const usage = await (await admin.get('/api/v1/rgw/usage?uid=s3user')).json();
          return usage.users.flatMap((u: { categories: { category: string }[] }) =>
            u.categories.map((c) => c.category),
          );
        },
        { timeout: 30_000 },
      )
      .toContain('put_obj');
    expect((await admin.get('/api/v1/rgw/usage?start=yesterday')).status()).toBe(400);
  } finally {
    expect((await admin.delete(`/api/v1/rgw/users/${uid}?purgeData=true`)).status()).toBe(204);
  }
});
