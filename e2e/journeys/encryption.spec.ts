// SPDX-License-Identifier: Apache-2.0
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { rootS3 } from '../support/clients.js';
import { zipEntries } from '../support/engines/zip.js';
import { E2E } from '../support/env.js';
import { signIn } from '../support/login.js';
import { startOwnConsole } from '../support/own-console.js';
import { snap } from '../support/screenshots.js';

// Issue 18: enable SSE-S3 on a bucket from its Summary, upload through the object browser, see the
// object's encryption in its details, download it bit-exact — and the drive folders hold no plaintext.
// An SSE-C object shows its encryption while Download, Preview and Share say the customer key is needed;
// from the listing (which cannot tell SSE-C apart) Download and Preview say why, and a zip leaves it out.

test.describe.configure({ mode: 'serial' });

const bucket = 'e2e-sealed';
const PATTERN = `E2E-SEALED-PLAINTEXT-${randomBytes(6).toString('hex')}`;
let work: string;

/** Both colour schemes of the current screen (the theme's `data-color-scheme` attribute, as MUI's toggle sets it). */
async function snapBoth(page: Page, name: string): Promise<void> {
  for (const mode of ['light', 'dark'] as const) {
    await page.evaluate((m) => document.documentElement.setAttribute('data-color-scheme', m), mode);
    await snap(page, `${name}-${mode}`);
  }
  await page.evaluate(() => document.documentElement.setAttribute('data-color-scheme', 'light'));
}

async function asRoot(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, E2E.rootUser, E2E.rootPassword);
  return page;
}

async function driveFilesHolding(needle: Buffer): Promise<string[]> {
  const hits: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const e of await readdir(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) await walk(p);
      else if ((await readFile(p)).includes(needle)) hits.push(p);
    }
  };
  await walk(process.env.STOWAGE_E2E_DATA as string);
  return hits;
}

test.beforeAll(async () => {
  await rootS3().makeBucket(bucket);
  work = await mkdtemp(path.join(os.tmpdir(), 'stowage-e2e-sse-'));
});
test.afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

test('enables SSE-S3, uploads, sees the encryption in the details and downloads bit-exact', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await asRoot(browser);
  await page.goto(`/buckets/${bucket}/admin/summary`);
  await expect(page.getByLabel('Encryption value')).toHaveText('Disabled');
  await page.getByRole('button', { name: 'Enable Bucket Encryption' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enable Bucket Encryption' });
  await dialog.getByLabel('SSE-S3 (keys managed by the server)').check();
  await snapBoth(page, 'bucket-encryption-modal');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Encryption value')).toHaveText('SSE-S3');
  await snapBoth(page, 'bucket-summary-encrypted');
  const config = (await rootS3().getBucketEncryption(bucket)) as {
    Rule?: { ApplyServerSideEncryptionByDefault?: { SSEAlgorithm?: string } }[];
  };
  expect(JSON.stringify(config)).toContain('AES256');

  // 3 MiB of text with a known pattern: larger than a package, an erasure block and the inline limit.
  const lines: string[] = [];
  for (let i = 0; lines.length * 48 < 3 * 1024 * 1024; i++) lines.push(`${PATTERN} ${i}\n`);
  const data = Buffer.from(lines.join(''));
  const file = path.join(work, 'secret.txt');
  await writeFile(file, data);
  await page.goto(`/buckets/${bucket}/browse/`);
  await page.getByLabel('Files to upload').setInputFiles(file);
  await expect(page.getByText('Object(s) uploaded successfully.')).toBeVisible({ timeout: 60_000 });
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: 'secret.txt', exact: true }) });
  await row.getByRole('link', { name: 'secret.txt' }).click();
  await expect(page.getByLabel('Object properties')).toContainText('SSE-S3');
  await snapBoth(page, 'object-details-encrypted');

  const download = page.waitForEvent('download');
  await page.goto(`/buckets/${bucket}/browse/`);
  await row.getByRole('button', { name: 'Download secret.txt' }).click();
  const saved = await (await download).path();
  const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
  expect(sha(await readFile(saved))).toBe(sha(data));
  expect((await rootS3().statObject(bucket, 'secret.txt')).size).toBe(data.length);
  expect(await driveFilesHolding(Buffer.from(PATTERN))).toEqual([]);
});

test('disabling asks for confirmation; new objects are then stored as sent', async ({ browser }) => {
  const page = await asRoot(browser);
  await page.goto(`/buckets/${bucket}/admin/summary`);
  await page.getByRole('button', { name: 'Enable Bucket Encryption' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enable Bucket Encryption' });
  await dialog.getByLabel('Disabled').check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('New objects in')).toBeVisible();
  await snap(page, 'bucket-encryption-disable-confirm');
  await dialog.getByRole('button', { name: 'Disable Encryption' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Encryption value')).toHaveText('Disabled');
  await expect(rootS3().getBucketEncryption(bucket)).rejects.toMatchObject({
    code: 'ServerSideEncryptionConfigurationNotFoundError',
  });
});

test('the KMS page lists the keys and creates one; SSE-KMS is enabled with it', async ({ browser }) => {
  const page = await asRoot(browser);
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Key Management' })
    .click();
  await expect(page.getByRole('heading', { name: 'Key Management (KMS)', level: 1 })).toBeVisible();
  await expect(page.getByText(/Builtin KMS · default key/)).toBeVisible();
  await page.getByRole('button', { name: 'Create Key' }).first().click();
  const create = page.getByRole('dialog', { name: 'Create Key' });
  await create.getByLabel('Key Name').fill('e2e-key');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(create).toBeHidden();
  const table = page.getByRole('table', { name: 'KMS Keys' });
  await expect(table.getByRole('cell', { name: 'e2e-key', exact: true })).toBeVisible();
  await snapBoth(page, 'kms-page');

  await page.goto(`/buckets/${bucket}/admin/summary`);
  await page.getByRole('button', { name: 'Enable Bucket Encryption' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enable Bucket Encryption' });
  await dialog.getByLabel('SSE-KMS (a KMS key you choose)').check();
  await dialog.getByRole('combobox').click();
  await page.getByRole('option', { name: 'e2e-key' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Encryption value')).toHaveText('SSE-KMS');
  await expect(page.getByText('KMS key: e2e-key')).toBeVisible();
  await rootS3().putObject(bucket, 'kms.txt', Buffer.from('sealed with e2e-key'));
  // An upload that asks for nothing is sealed under the bucket's key.
  const stat = await rootS3().statObject(bucket, 'kms.txt');
  expect(stat.metaData['x-amz-server-side-encryption']).toBe('aws:kms');
  expect(stat.metaData['x-amz-server-side-encryption-aws-kms-key-id']).toBe('arn:aws:kms:e2e-key');
});

test('an SSE-C object shows its details; reading it says the console has no customer key', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // A store of its own that takes SSE-C over plain HTTP (local use only), and a console in front of it.
  const own = await startOwnConsole(4, { store: { env: { STOWAGE_SSE_C_ALLOW_HTTP: 'on' } } });
  try {
    const key = randomBytes(32);
    const body = Buffer.from(`${PATTERN} under a customer key\n`);
    await own.s3.makeBucket('customer');
    await own.s3.putObject('customer', 'secret.txt', body, body.length, {
      'X-Amz-Server-Side-Encryption-Customer-Algorithm': 'AES256',
      'X-Amz-Server-Side-Encryption-Customer-Key': key.toString('base64'),
      'X-Amz-Server-Side-Encryption-Customer-Key-MD5': createHash('md5').update(key).digest('base64'),
    });
    await own.s3.putObject('customer', 'plain.txt', Buffer.from('readable by the console\n'));
    const page = await (await browser.newContext({ baseURL: own.url })).newPage();
    await signIn(page, E2E.rootUser, E2E.rootPassword);
    await page.goto('/buckets/customer/browse/');
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: 'secret.txt', exact: true }) });
    // The download route says why it cannot serve the object (the listing cannot tell SSE-C apart).
    const refused = await page.request.get('/api/v1/buckets/customer/objects/download?prefix=secret.txt');
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toMatchObject({ errorMessage: 'The object needs its customer key' });

    // Download from the row: the console is asked first, and its reason shows in the page.
    await row.getByRole('button', { name: 'Download secret.txt' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'The object needs its customer key' });
    await expect(toast).toContainText('use an S3 client that sends the key');
    await snapBoth(page, 'object-list-download-sse-c');
    await toast.getByRole('button', { name: 'Close' }).click();
    await expect(toast).toBeHidden();

    // Preview from the row: the same reason in the dialog, not the generic "try Download instead".
    await row.getByRole('button', { name: 'Preview secret.txt' }).click();
    const preview = page.getByRole('dialog', { name: 'Preview - secret.txt' });
    await expect(preview.getByRole('alert')).toContainText('The object needs its customer key');
    await snapBoth(page, 'object-list-preview-sse-c');
    await preview.getByRole('button', { name: 'Close' }).click();
    // Share from the row: the dialog says why no link can be made.
    await row.getByRole('button', { name: 'Share secret.txt' }).click();
    const share = page.getByRole('dialog', { name: 'Share File' });
    await expect(share.getByRole('alert')).toContainText('The object needs its customer key');
    await share.getByRole('button', { name: 'Done' }).click();
    await expect(share).toBeHidden();

    // A zip of a selection holding it: every readable object, and a note naming the one left out.
    await page.getByLabel('Select secret.txt').check();
    await page.getByLabel('Select plain.txt').check();
    const zipped = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Selected' }).click();
    const files = await zipEntries(await readFile(await (await zipped).path()));
    expect([...files.keys()].sort()).toEqual(['SKIPPED-OBJECTS.txt', 'plain.txt']);
    expect(files.get('plain.txt')?.toString()).toBe('readable by the console\n');
    expect(files.get('SKIPPED-OBJECTS.txt')?.toString()).toContain(
      'secret.txt: encrypted with a customer-provided key (SSE-C)',
    );

    await row.getByRole('link', { name: 'secret.txt' }).click();
    const properties = page.getByLabel('Object properties');
    await expect(properties).toContainText('SSE-C (customer-provided key)');
    await expect(properties).toContainText(`${body.length} bytes`);
    await expect(page.getByRole('alert').filter({ hasText: 'customer-provided key (SSE-C)' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Share' })).toBeDisabled();
    await expect(page.getByRole('tab', { name: 'Preview' })).toBeDisabled();
    await page.getByRole('button', { name: 'Download' }).locator('xpath=..').hover();
    await expect(page.getByRole('tooltip')).toContainText('The console does not have the key');
    await snapBoth(page, 'object-details-sse-c');
  } finally {
    await own.close();
  }
});
