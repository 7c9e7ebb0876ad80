// SPDX-License-Identifier: Apache-2.0
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { cephAdminTest as test } from '../support/engines/fixtures.js';
import { signIn } from '../support/login.js';
import { snapBoth } from '../support/screenshots.js';

// Issue 36, the quota journey through the screens: an RGW administrator creates a user with keys and a user
// quota, the user signs in with those keys, creates a bucket and uploads until RGW refuses, and the
// administrator then reads the bucket's figures and the usage log on the dashboard. Also the Swift keys of
// subusers and bucket unlink. One Ceph for this file (its user has admin caps).

const quotaUid = 'e2e-quota-screen';
const quotaBucket = 'e2e-quota-screen-bucket';

let work = '';
test.beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'stowage-ceph-usage-'));
});
test.afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByPlaceholder('Enter Username')).toBeVisible();
}

/** Uploads one file through the object browser and waits until its upload settles; answers its status. */
async function uploadOne(page: Page, name: string, body: string): Promise<string> {
  const file = path.join(work, name);
  await writeFile(file, body);
  await page.getByLabel('Files to upload').setInputFiles(file);
  const row = page.getByRole('listitem', { name: `Upload of ${name}` });
  await expect(row).toHaveAttribute('data-status', /done|failed/, { timeout: 60_000 });
  return (await row.getAttribute('data-status')) ?? '';
}

test('a user with a quota made in the console uploads until RGW refuses; the administrator sees the figures', async ({
  engine,
  page,
}) => {
  test.setTimeout(480_000); // two sign-ins, some twenty round trips to RGW, on a shared machine
  await signIn(page, engine.accessKey, engine.secretKey);
  // The session says what RGW's Admin Ops enable for this administrator.
  await expect(page.getByRole('alert', { name: "Ceph RGW's Admin Ops" })).toContainText(
    'users and their keys, quotas, usage, bucket ownership',
  );

  // The user, its generated keys read from the dialog, and a user quota of 2 objects / 1 MiB.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'RGW Users' }).click();
  await page.getByRole('button', { name: 'Create RGW User' }).click();
  const create = page.getByRole('dialog', { name: 'Create RGW User' });
  await create.getByLabel('User ID').fill(quotaUid);
  await create.getByLabel('Display Name').fill('Quota screen user');
  await create.getByRole('button', { name: 'Save' }).click();
  const created = page.getByRole('dialog', { name: `RGW User ${quotaUid} Created` });
  const accessKey = (await created.getByLabel('Access Key', { exact: true }).textContent()) ?? '';
  const secretKey = (await created.getByLabel('Secret Key', { exact: true }).textContent()) ?? '';
  expect(accessKey).toMatch(/^[A-Z0-9]{20}$/);
  expect(secretKey.length).toBeGreaterThanOrEqual(20);
  await created.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('link', { name: quotaUid }).click();
  await page.getByRole('button', { name: 'Edit User Quota' }).click();
  const quota = page.getByRole('dialog', { name: 'Edit User Quota' });
  await quota.getByLabel('Quota Enabled').check();
  await quota.getByLabel('Unlimited size').uncheck();
  await quota.getByLabel('Max Size', { exact: true }).fill('1');
  await quota.getByLabel('Max Size Unit').click();
  await page.getByRole('option', { name: 'MiB' }).click();
  await quota.getByLabel('Unlimited objects').uncheck();
  await quota.getByLabel('Max Objects').fill('2');
  await quota.getByRole('button', { name: 'Save' }).click();
  await expect(quota).toBeHidden();
  await expect(page.getByLabel('User Quota limits')).toHaveText('1 MiB · 2 objects');
  await signOut(page);

  // The user signs in with its own keys: no admin caps, and the dashboard says why RGW's Admin Ops are absent.
  await signIn(page, accessKey, secretKey);
  const absent = page.getByRole('alert', { name: "Ceph RGW's Admin Ops" });
  await expect(absent).toContainText(
    "Ceph RGW's Admin Ops are not available: your RGW user has no admin caps",
  );
  await snapBoth(page, 'engines-ceph-dashboard-no-caps');
  await expect(
    page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'RGW Users' }),
  ).toHaveCount(0);

  await page.goto('/buckets');
  await page.getByRole('button', { name: 'Create Bucket' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create Bucket' });
  await dialog.getByLabel('Bucket Name').fill(quotaBucket);
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled({ timeout: 5000 });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('article', { name: quotaBucket, exact: true })).toBeVisible();

  await page.goto(`/buckets/${quotaBucket}/browse/`);
  const first = 'first object\n';
  const second = 'second object, a little longer\n';
  expect(await uploadOne(page, 'one.txt', first)).toBe('done');
  expect(await uploadOne(page, 'two.txt', second)).toBe('done');
  // The third object is one over the user's quota: RGW refuses it and the upload says so.
  expect(await uploadOne(page, 'three.txt', 'one object too many\n')).toBe('failed');
  await expect(page.getByRole('listitem', { name: 'Upload of three.txt' })).toContainText(
    'Failed: Quota exceeded',
  );
  await snapBoth(page, 'engines-ceph-quota-exceeded');
  await signOut(page);

  // The administrator sees the bucket's figures on the user's page: the two objects RGW kept.
  await signIn(page, engine.accessKey, engine.secretKey);
  const size = first.length + second.length;
  await page.goto(`/rgw/users/${quotaUid}`);
  const row = page.getByRole('table', { name: 'Buckets' }).getByRole('row').filter({ hasText: quotaBucket });
  await expect(row.getByRole('cell')).toHaveText([quotaBucket, `${size} B`, '2'], { timeout: 30_000 });
  await expect(page.getByLabel('Buckets total')).toHaveText(`In all: ${size} B · 2 objects`);
  await snapBoth(page, 'engines-ceph-rgw-user-buckets');

  // The dashboard: the space the buckets use, and the usage log naming the user's uploads.
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Total Objects' })).toHaveText(/Total Objects\s*2$/, {
    timeout: 30_000, // the first dashboard load on a busy machine: ListBuckets and RGW's stats
  });
  const usage = page.getByRole('table', { name: 'Usage by User' });
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(
      usage.getByRole('row').filter({ hasText: quotaUid }).filter({ hasText: 'put_obj' }),
    ).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  // Three PUTs were tried, two succeeded: RGW's usage log counts both.
  const puts = usage.getByRole('row').filter({ hasText: quotaUid }).filter({ hasText: 'put_obj' });
  await expect(puts.getByRole('cell').nth(2)).toHaveText('3');
  await expect(puts.getByRole('cell').nth(3)).toHaveText('2');
  await snapBoth(page, 'engines-ceph-dashboard-usage');

  const api = page.request;
  const stats = await (await api.get(`/api/v1/rgw/buckets/${quotaBucket}/stats`)).json();
  expect(stats).toMatchObject({ owner: quotaUid, objects: 2, sizeBytes: size, linked: true });
  expect((await api.delete(`/api/v1/rgw/users/${quotaUid}?purgeData=true`)).status()).toBe(204);
});

test('Swift keys of a subuser are made, shown and removed on the RGW user page', async ({ engine, page }) => {
  test.setTimeout(120_000);
  const uid = 'e2e-swift-user';
  await signIn(page, engine.accessKey, engine.secretKey);
  const api = page.request;
  expect((await api.post('/api/v1/rgw/users', { data: { uid, displayName: 'Swift' } })).status()).toBe(201);
  try {
    // A subuser made without a Swift key (RGW makes one only when asked): the table says None.
    const sub = await api.post(`/api/v1/rgw/users/${uid}/subusers`, {
      data: { name: 'app', access: 'read' },
    });
    expect(sub.status(), await sub.text()).toBe(201);
    expect((await api.delete(`/api/v1/rgw/users/${uid}/subusers/${uid}:app/swift-key`)).status()).toBe(204);
    await page.goto(`/rgw/users/${uid}`);
    const keyCell = page.getByLabel(`Swift key of ${uid}:app`, { exact: true });
    await expect(keyCell).toHaveText('None', { timeout: 30_000 });

    // A chosen secret, shown once saved, then kept by RGW.
    await page.getByRole('button', { name: `New Swift key of ${uid}:app` }).click();
    const dialog = page.getByRole('dialog', { name: 'New Swift Key' });
    await dialog.getByLabel('Secret Key').fill('short');
    await expect(dialog.getByText('At least 8 characters')).toBeVisible();
    await dialog.getByLabel('Secret Key').fill('e2e-swift-secret-0001');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(keyCell).toHaveText('e2e-swift-secret-0001');
    // The success message keeps clear of the key it reports (centred at the bottom, it covered the cell).
    const told = page.getByRole('alert').filter({ hasText: `Swift key of ${uid}:app set.` });
    await expect(told).toBeVisible();
    const [toldBox, cellBox] = [await told.boundingBox(), await keyCell.boundingBox()];
    if (!toldBox || !cellBox) throw new Error('the message or the key cell has no box');
    expect(
      toldBox.x + toldBox.width <= cellBox.x ||
        cellBox.x + cellBox.width <= toldBox.x ||
        toldBox.y + toldBox.height <= cellBox.y ||
        cellBox.y + cellBox.height <= toldBox.y,
      `the message covers the Swift key cell: ${JSON.stringify({ toldBox, cellBox })}`,
    ).toBe(true);
    await snapBoth(page, 'engines-ceph-swift-keys');
    const kept = await (await api.get(`/api/v1/rgw/users/${uid}`)).json();
    expect(kept.swiftKeys).toEqual([{ user: `${uid}:app`, secretKey: 'e2e-swift-secret-0001' }]);

    // One generated by RGW replaces it.
    await page.getByRole('button', { name: `New Swift key of ${uid}:app` }).click();
    await page.getByRole('dialog', { name: 'New Swift Key' }).getByRole('button', { name: 'Save' }).click();
    await expect(keyCell).not.toHaveText(/e2e-swift-secret-0001|None|•/);
    const generated = (await keyCell.textContent()) ?? '';
    expect(generated.length).toBeGreaterThanOrEqual(20);
    expect((await (await api.get(`/api/v1/rgw/users/${uid}`)).json()).swiftKeys).toEqual([
      { user: `${uid}:app`, secretKey: generated },
    ]);

    await page.getByRole('button', { name: `Remove Swift key of ${uid}:app` }).click();
    await page
      .getByRole('dialog', { name: 'Remove Swift Key' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(keyCell).toHaveText('None');
    expect((await (await api.get(`/api/v1/rgw/users/${uid}`)).json()).swiftKeys).toEqual([]);
    // A subuser the user lacks gets no key (RGW itself would make one): 404.
    const missing = await api.put(`/api/v1/rgw/users/${uid}/subusers/${uid}:nobody/swift-key`, { data: {} });
    expect(missing.status()).toBe(404);
    expect((await api.delete(`/api/v1/rgw/users/${uid}/subusers/${uid}:app/swift-key`)).status()).toBe(404);
  } finally {
    expect((await api.delete(`/api/v1/rgw/users/${uid}?purgeData=true`)).status()).toBe(204);
  }
});

test("Unlink takes a bucket off its owner's list; Change Owner links it again", async ({ engine, page }) => {
  test.setTimeout(120_000);
  const bucket = 'e2e-ceph-unlink';
  await engine.s3.makeBucket(bucket);
  await engine.s3.putObject(bucket, 'kept.txt', Buffer.from('kept\n'));
  await signIn(page, engine.accessKey, engine.secretKey);
  await page.goto(`/buckets/${bucket}/admin/summary`);
  const owner = page.getByRole('region', { name: 'RGW Owner' });
  await expect(owner.getByLabel('RGW Owner link')).toHaveText("On s3user's bucket list", { timeout: 30_000 });
  await owner.getByRole('button', { name: 'Unlink' }).click();
  const confirm = page.getByRole('dialog', { name: 'Unlink Bucket' });
  await expect(confirm).toContainText(`Unlink ${bucket} from s3user?`);
  await snapBoth(page, 'engines-ceph-bucket-unlink');
  await confirm.getByRole('button', { name: 'Unlink' }).click();
  await expect(owner.getByLabel('RGW Owner link')).toHaveText("Unlinked: not on s3user's bucket list");
  await expect(owner.getByRole('button', { name: 'Unlink' })).toBeDisabled();
  // Off the owner's list: ListBuckets no longer names it, yet the bucket and its object stay.
  expect((await engine.s3.listBuckets()).map((b) => b.name)).not.toContain(bucket);
  expect(await engine.s3.statObject(bucket, 'kept.txt')).toMatchObject({ size: 5 });

  await owner.getByRole('button', { name: 'Change Bucket Owner' }).click();
  const change = page.getByRole('dialog', { name: 'Change Bucket Owner' });
  await change.getByRole('button', { name: 'Save' }).click();
  await expect(owner.getByLabel('RGW Owner link')).toHaveText("On s3user's bucket list");
  expect((await engine.s3.listBuckets()).map((b) => b.name)).toContain(bucket);
});
