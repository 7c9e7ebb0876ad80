// SPDX-License-Identifier: Apache-2.0
import path from 'node:path';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { rootAdmin, rootS3 } from '../support/clients.js';
import { E2E } from '../support/env.js';
import { signIn } from '../support/login.js';
import { startOwnConsole } from '../support/own-console.js';
import { snap, snapBoth } from '../support/screenshots.js';

// Issue 6: bucket list, Create Bucket, the admin screen (summary and its modals, access audit, access rules)
// and delete — browser → console backend → embedded store, checked from the outside with S3 calls.

test.describe.configure({ mode: 'serial' });

const vault = 'e2e-vault';

/** Contexts opened by a test, closed after it so pages of earlier tests do not keep running. */
const opened: BrowserContext[] = [];
test.afterEach(async () => {
  for (const context of opened.splice(0)) await context.close();
});

async function newPage(browser: Browser, options: { baseURL?: string } = {}): Promise<Page> {
  const context = await browser.newContext(options);
  opened.push(context);
  return context.newPage();
}

async function asRoot(browser: Browser): Promise<Page> {
  const page = await newPage(browser);
  await signIn(page, E2E.rootUser, E2E.rootPassword);
  return page;
}

/** What an anonymous client on the network gets from the store for this object. */
async function anonymousGet(key: string): Promise<number> {
  const res = await fetch(`${E2E.s3Endpoint}/${key}`);
  await res.arrayBuffer();
  return res.status;
}

test('an empty store shows the empty state with Create Bucket', async ({ browser }) => {
  expect(await rootS3().listBuckets()).toEqual([]);
  const page = await asRoot(browser);
  await page.goto('/buckets');
  await expect(page.getByText('No buckets yet')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Bucket' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Set Replication' })).toBeDisabled();
  await snap(page, 'buckets-empty');
});

test('creates a bucket with versioning, locking, quota and retention and sees each on the Summary', async ({
  browser,
}) => {
  const page = await asRoot(browser);
  await page.goto('/buckets');
  await page.getByRole('button', { name: 'Create Bucket' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create Bucket' });
  await expect(dialog).toBeVisible();
  const save = dialog.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  // Retention is offered only with versioning.
  await expect(dialog.getByRole('switch', { name: 'Retention' })).toHaveCount(0);

  await dialog.getByLabel('Bucket Name').fill(`  ${vault} `);
  // The name settles after 1000 ms (spec 1 §5) before Save is enabled.
  await expect(save).toBeEnabled({ timeout: 5000 });
  await dialog.getByRole('switch', { name: 'Versioning' }).check();
  await dialog.getByRole('switch', { name: 'Retention' }).check();
  // Retention forces locking on and locks that switch.
  await expect(dialog.getByRole('switch', { name: 'Object Locking' })).toBeChecked();
  await expect(dialog.getByRole('switch', { name: 'Object Locking' })).toBeDisabled();
  await dialog.getByRole('radio', { name: 'Governance' }).check();
  await dialog.getByLabel('Validity').fill('0');
  await expect(save).toBeDisabled();
  await dialog.getByLabel('Validity').fill('30');
  await dialog.getByRole('switch', { name: 'Quota' }).check();
  await dialog.getByLabel('Quota Size').fill('5');
  await dialog.getByRole('combobox', { name: 'Quota Unit' }).click();
  await page.getByRole('option', { name: 'GiB' }).click();
  await expect(save).toBeEnabled();
  await snap(page, 'buckets-create-modal');
  await save.click();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('article', { name: vault });
  await expect(card).toBeVisible();
  await expect(card.getByText('R/W')).toBeVisible();
  await card.getByRole('link', { name: `Manage ${vault}` }).click();
  await expect(page).toHaveURL(new RegExp(`/buckets/${vault}/admin/summary$`));
  await expect(page.getByText('Access: Private')).toBeVisible();
  await expect(page.getByLabel('Versioning value')).toHaveText('Enabled');
  await expect(page.getByLabel('Object Locking value')).toHaveText('Enabled');
  await expect(page.getByLabel('Quota value')).toHaveText('5 GiB');
  await expect(page.getByLabel('Retention value')).toHaveText('Governance');
  await expect(page.getByText('Validity: 30 days')).toBeVisible();
  await expect(page.getByLabel('Encryption value')).toHaveText('Disabled');
  await expect(page.getByLabel('Replication value')).toHaveText('Disabled');
  await snap(page, 'bucket-summary');

  // The store holds exactly that configuration.
  expect((await rootS3().getBucketVersioning(vault)).Status).toBe('Enabled');
  expect(await rootAdmin().getBucketQuota(vault)).toEqual({ quota: 5 * 1024 ** 3, quotatype: 'hard' });

  // Retention edit reloads the summary.
  await page.getByRole('button', { name: 'Set Retention Configuration' }).click();
  const retention = page.getByRole('dialog', { name: 'Set Retention Configuration' });
  await retention.getByLabel('Validity').fill('2');
  await retention.getByRole('combobox', { name: 'Unit' }).click();
  await page.getByRole('option', { name: 'Years' }).click();
  await snap(page, 'bucket-retention-modal');
  await retention.getByRole('button', { name: 'Set' }).click();
  await expect(retention).toBeHidden();
  await expect(page.getByText('Validity: 2 years')).toBeVisible();

  // Quota edit, down to 1 MiB.
  await page.getByRole('button', { name: 'Enable Bucket Quota' }).click();
  const quota = page.getByRole('dialog', { name: 'Enable Bucket Quota' });
  await expect(quota.getByLabel('Quota Size')).toHaveValue('5');
  await quota.getByLabel('Quota Size').fill('1');
  await quota.getByRole('combobox', { name: 'Quota Unit' }).click();
  await page.getByRole('option', { name: 'MiB' }).click();
  await snap(page, 'bucket-quota-modal');
  await quota.getByRole('button', { name: 'Save' }).click();
  await expect(quota).toBeHidden();
  await expect(page.getByLabel('Quota value')).toHaveText('1 MiB');
  // A locked bucket cannot suspend versioning: the edit is not offered.
  await expect(page.getByRole('button', { name: 'Edit Versioning' })).toBeDisabled();
});

test('edits versioning with a warning when disabling', async ({ browser }) => {
  await rootS3().makeBucket('e2e-versions');
  await rootS3().setBucketVersioning('e2e-versions', { Status: 'Enabled' });
  const page = await asRoot(browser);
  await page.goto('/buckets/e2e-versions');
  await expect(page).toHaveURL(/\/buckets\/e2e-versions\/admin\/summary$/);
  await expect(page.getByLabel('Versioning value')).toHaveText('Enabled');
  await page.getByRole('button', { name: 'Edit Versioning' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Versioning' });
  await expect(dialog.getByText('File versions will not be deleted automatically')).toBeVisible();
  await snap(page, 'bucket-versioning-modal');
  await dialog.getByRole('button', { name: 'Disable' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Versioning value')).toHaveText('Suspended');
  expect((await rootS3().getBucketVersioning('e2e-versions')).Status).toBe('Suspended');
});

test('the list shows three buckets with access, usage and objects', async ({ browser }) => {
  await rootS3().makeBucket('e2e-photos');
  await rootS3().putObject('e2e-photos', 'a.bin', Buffer.alloc(1536));
  await rootS3().putObject('e2e-photos', 'b.bin', Buffer.alloc(1536));
  const page = await asRoot(browser);
  await page.goto('/buckets');
  await expect(page.getByRole('article')).toHaveCount(3);
  const photos = page.getByRole('article', { name: 'e2e-photos' });
  await expect(photos.getByText('3 KiB'))
    .toBeVisible({ timeout: 15_000 })
    .catch(async () => {
      // Usage comes from the store's scanner; a reload picks up a fresh figure.
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(photos.getByText('3 KiB')).toBeVisible();
    });
  await expect(photos.getByRole('link', { name: 'Browse e2e-photos' })).toHaveAttribute(
    'href',
    /\/buckets\/e2e-photos\/browse$/,
  );
  await snap(page, 'buckets-three');

  // Bulk Select shows checkboxes; Set Replication is enabled once something is selected.
  const replicate = page.getByRole('button', { name: 'Set Replication' });
  await expect(replicate).toBeDisabled();
  await page.getByRole('button', { name: 'Bulk Select' }).click();
  await page.getByRole('checkbox', { name: 'Select e2e-photos' }).check();
  await expect(replicate).toBeEnabled();
  await snap(page, 'buckets-bulk-select');
  await page.getByRole('checkbox', { name: 'Select e2e-photos' }).uncheck();
  await expect(replicate).toBeDisabled();

  await page.getByPlaceholder('Search Buckets').fill('phot');
  await expect(page.getByRole('article')).toHaveCount(1);
});

test('changes access to public and an anonymous client can fetch an object, then back to private', async ({
  browser,
}) => {
  await rootS3().putObject('e2e-photos', 'public/cat.txt', Buffer.from('meow'));
  expect(await anonymousGet('e2e-photos/public/cat.txt')).toBe(403);
  const page = await asRoot(browser);
  await page.goto('/buckets/e2e-photos/admin/summary');
  await expect(page.getByText('Access: Private')).toBeVisible();
  await page.getByRole('button', { name: 'Change Access Policy' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Access Policy' });
  await dialog.getByRole('combobox', { name: 'Access Policy' }).click();
  await page.getByRole('option', { name: 'Public' }).click();
  await snap(page, 'bucket-access-policy-modal');
  await dialog.getByRole('button', { name: 'Set' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Access: Public')).toBeVisible();
  await expect(page.getByLabel('Access Policy value')).toHaveText('Public');
  expect(await anonymousGet('e2e-photos/public/cat.txt')).toBe(200);

  await page.getByRole('button', { name: 'Change Access Policy' }).click();
  await dialog.getByRole('combobox', { name: 'Access Policy' }).click();
  await page.getByRole('option', { name: 'Private' }).click();
  await dialog.getByRole('button', { name: 'Set' }).click();
  await expect(page.getByText('Access: Private')).toBeVisible();
  expect(await anonymousGet('e2e-photos/public/cat.txt')).toBe(403);
});

test('adds and deletes an access rule, checked with anonymous requests', async ({ browser }) => {
  const page = await asRoot(browser);
  await page.goto('/buckets/e2e-photos/admin/summary');
  await page.getByRole('link', { name: 'Access Rules' }).click();
  await expect(page).toHaveURL(/\/admin\/prefix$/);
  await expect(page.getByText('There are no Access Rules yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add Access Rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Access Rule' });
  const save = dialog.getByRole('button', { name: 'Save' });
  await dialog.getByLabel('Prefix').fill('   ');
  await expect(save).toBeDisabled();
  await dialog.getByLabel('Prefix').fill(' public/ ');
  await snap(page, 'bucket-access-rule-modal');
  await save.click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: /public\// });
  await expect(row).toContainText('readonly');
  await expect(page.getByText('Access: Custom')).toBeVisible();
  expect(await anonymousGet('e2e-photos/public/cat.txt')).toBe(200);
  expect(await anonymousGet('e2e-photos/a.bin')).toBe(403);
  await snap(page, 'bucket-access-rules');

  await row.getByRole('button', { name: 'Delete public/' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Access Rule' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('There are no Access Rules yet.')).toBeVisible();
  expect(await anonymousGet('e2e-photos/public/cat.txt')).toBe(403);
});

test('the access audit lists the policies and users reaching the bucket', async ({ browser }) => {
  const admin = rootAdmin();
  await admin.addCannedPolicy('e2e-photos-reader', {
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Action: ['s3:GetObject'], Resource: ['arn:aws:s3:::e2e-photos/*'] }],
  });
  await admin.addUser('e2e-auditee', 'e2e-auditee-secret');
  await admin.setPolicy('e2e-photos-reader', 'e2e-auditee', false);
  const page = await asRoot(browser);
  await page.goto('/buckets/e2e-photos/admin/access');
  await expect(page.getByRole('link', { name: 'e2e-photos-reader' })).toHaveAttribute(
    'href',
    '/policies/e2e-photos-reader',
  );
  await snap(page, 'bucket-access-audit-policies');
  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(page.getByRole('link', { name: 'e2e-auditee' })).toHaveAttribute('href', '/users/e2e-auditee');
  await snap(page, 'bucket-access-audit-users');
  // Events (issue 20) opens its subscriptions: none yet.
  await page.getByRole('link', { name: /Events/ }).click();
  await expect(page.getByText('No event subscriptions')).toBeVisible();
  await snap(page, 'bucket-events-empty');
});

test('sets CORS rules on the Summary, which S3 reads back, then removes them', async ({ browser }) => {
  const corsXml = async (): Promise<string> => {
    const res = await rootS3().makeRequestAsync({ method: 'GET', bucketName: 'e2e-photos', query: 'cors' });
    return new Promise((resolve, reject) => {
      let body = '';
      res.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      res.on('end', () => resolve(body));
      res.on('error', reject);
    });
  };
  const page = await asRoot(browser);
  await page.goto('/buckets/e2e-photos/admin/summary');
  const value = page.getByLabel('CORS value');
  await expect(value).toHaveText('Disabled');
  await page.getByRole('button', { name: 'Edit CORS' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit CORS' });
  await dialog.getByLabel('Allowed Origins').fill('https://app.example.com');
  await dialog.getByRole('checkbox', { name: 'PUT' }).check();
  await dialog.getByLabel('Max Age (seconds)').fill('600');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  // The saved rules show at once (the answer of the save), and the store holds them.
  await expect(value).toHaveText('1 rule');
  await expect(page.getByText('Origins: https://app.example.com')).toBeVisible();
  await snapBoth(page, 'bucket-cors-summary');
  const xml = await corsXml();
  expect(xml).toContain('<AllowedOrigin>https://app.example.com</AllowedOrigin>');
  expect(xml).toContain('<AllowedMethod>PUT</AllowedMethod>');
  expect(xml).toContain('<MaxAgeSeconds>600</MaxAgeSeconds>');

  await page.getByRole('button', { name: 'Edit CORS' }).click();
  await dialog.getByRole('button', { name: 'Remove rule 1' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(value).toHaveText('Disabled');
  await expect(corsXml()).rejects.toMatchObject({ code: 'NoSuchCORSConfiguration' });
});

test('refuses to delete a non-empty bucket, then deletes it once empty', async ({ browser }) => {
  const page = await asRoot(browser);
  await page.goto('/buckets/e2e-photos/admin/summary');
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Bucket' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog.getByText(/not empty/i)).toBeVisible();
  await snap(page, 'bucket-delete-not-empty');
  expect(await rootS3().bucketExists('e2e-photos')).toBe(true);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  for (const key of ['a.bin', 'b.bin', 'public/cat.txt']) await rootS3().removeObject('e2e-photos', key);
  await page.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/buckets$/);
  await expect(page.getByRole('article', { name: 'e2e-photos' })).toHaveCount(0);
  expect(await rootS3().bucketExists('e2e-photos')).toBe(false);
});

test('a readonly user sees the buckets but no Create Bucket button', async ({ browser }) => {
  const admin = rootAdmin();
  await admin.addUser('e2e-reader', 'e2e-reader-secret');
  await admin.setPolicy('readonly', 'e2e-reader', false);
  const page = await newPage(browser);
  await signIn(page, 'e2e-reader', 'e2e-reader-secret');
  await page.goto('/buckets');
  const card = page.getByRole('article', { name: vault });
  await expect(card).toBeVisible();
  await expect(card.getByText('R', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bulk Select' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Bucket' })).toHaveCount(0);
  await snap(page, 'buckets-readonly');
});

test('on a one-drive store the create modal disables the distributed features with the notice', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // Its own store (one drive = non-erasure mode) and console, serving the same built app.
  const own = await startOwnConsole(1);
  try {
    const page = await newPage(browser, { baseURL: own.url });
    await signIn(page, E2E.rootUser, E2E.rootPassword);
    await page.goto('/buckets');
    await page.getByRole('button', { name: 'Create Bucket' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Bucket' });
    await expect(
      dialog.getByText('Some these features are disabled as server is running in non-erasure coded mode.'),
    ).toBeVisible();
    for (const name of ['Versioning', 'Object Locking', 'Quota']) {
      await expect(dialog.getByRole('switch', { name })).toBeDisabled();
    }
    await dialog.getByLabel('Bucket Name').fill('single');
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled({ timeout: 5000 });
    // Object Ownership needs no erasure coding: offered in every mode (issue 37).
    await dialog.getByRole('combobox', { name: 'Object Ownership' }).click();
    await page.getByRole('option', { name: 'Object writer (ACLs enabled)' }).click();
    await expect(dialog.getByRole('combobox', { name: 'Object Ownership' })).toHaveText(
      'Object writer (ACLs enabled)',
    );
    await expect(page.getByRole('listbox')).toBeHidden();
    await snapBoth(page, 'buckets-create-modal-one-drive');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    // The store created it with that ownership (x-amz-object-ownership on CreateBucket).
    const controls = await own.s3.makeRequestAsync(
      { method: 'GET', bucketName: 'single', query: 'ownershipControls' },
      '',
      [200],
    );
    let xml = '';
    for await (const chunk of controls) xml += String(chunk);
    expect(xml).toContain('<ObjectOwnership>ObjectWriter</ObjectOwnership>');
    await page.getByRole('link', { name: 'Manage single' }).click();
    await expect(page.getByLabel('Access Policy value')).toHaveText('Private');
    // Versioning, quota, locking and retention exist only in distributed mode (spec 1 §6).
    await expect(page.getByLabel('Versioning value')).toHaveCount(0);
    await expect(page.getByLabel('Quota value')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Replication/ })).toHaveCount(0);
    await snap(page, 'bucket-summary-one-drive');
  } finally {
    await own.close();
  }
});

test('2,000 buckets stay smooth: the list is virtualized and search finds any of them', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const s3 = rootS3();
  const names = Array.from({ length: 2000 }, (_, i) => `bulk-${String(i).padStart(4, '0')}`);
  let next = 0;
  await Promise.all(
    Array.from({ length: 24 }, async () => {
      while (next < names.length) {
        const name = names[next++]!;
        await s3.makeBucket(name);
      }
    }),
  );
  const page = await asRoot(browser);
  await page.goto('/buckets');
  await expect(page.getByText(/2,00\d buckets/)).toBeVisible({ timeout: 30_000 });
  // Only the visible cards (plus overscan) are in the page, not 2,000.
  const rendered = await page.getByRole('article').count();
  expect(rendered).toBeGreaterThan(3);
  expect(rendered).toBeLessThan(80);
  // A full-page shot of 2,000 cards would be 200,000 px tall: the viewport shows what a person sees.
  await page.screenshot({ path: path.join(import.meta.dirname, '..', 'screenshots', 'buckets-2000.png') });
  await page.mouse.wheel(0, 60_000);
  await expect(page.getByRole('article', { name: 'bulk-0000' })).toHaveCount(0);
  await expect(page.getByRole('article').first()).toBeVisible();
  expect(await page.getByRole('article').count()).toBeLessThan(80);
  await page.getByPlaceholder('Search Buckets').fill('bulk-1999');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article', { name: 'bulk-1999' })).toBeVisible();
});
