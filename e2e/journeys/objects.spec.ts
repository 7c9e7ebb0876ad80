// SPDX-License-Identifier: Apache-2.0
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { rootS3 } from '../support/clients.js';
import { E2E } from '../support/env.js';
import { signIn } from '../support/login.js';
import { snap } from '../support/screenshots.js';

// Issue 7: the object browser — uploads (folder, drag and drop, a 50 MiB file), breadcrumbs, search,
// previews, share links, downloads, tags, legal hold and retention, versions, rewind and delete — browser →
// console backend → embedded store, checked from the outside with S3 calls and fresh browser contexts.

test.describe.configure({ mode: 'serial' });

const bucket = 'e2e-objects';
const locked = 'e2e-locked';
const browse = (p = '') => `/buckets/${bucket}/browse/${p}`;

let work: string;
/** Contents of the files the journeys upload, by object name. */
const contents = new Map<string, Buffer>();
/** When the first uploads were all stored: rewind goes back to the minute after it. */
let firstUploadsAt = 0;

const opened: BrowserContext[] = [];
test.afterEach(async () => {
  for (const context of opened.splice(0)) await context.close();
});

/** Root's signed-in browser state: one sign-in for the file (the console allows 10 sign-ins a minute per address). */
let rootState: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;

async function newContext(browser: Browser, signedIn = false): Promise<BrowserContext> {
  // UTC, so that the rewind picker's local time is the time this test computes.
  const context = await browser.newContext({
    timezoneId: 'UTC',
    ...(signedIn && rootState ? { storageState: rootState } : {}),
  });
  opened.push(context);
  return context;
}

async function asRoot(browser: Browser): Promise<Page> {
  const page = await (await newContext(browser, true)).newPage();
  if (!rootState) {
    await signIn(page, E2E.rootUser, E2E.rootPassword);
    rootState = await page.context().storageState();
  }
  return page;
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function storedBytes(b: string, key: string, versionId?: string): Promise<Buffer> {
  const stream = await rootS3().getObject(b, key, versionId ? { versionId } : {});
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

async function storedKeys(b: string, prefix = ''): Promise<string[]> {
  const keys: string[] = [];
  for await (const o of rootS3().listObjectsV2(b, prefix, true)) if (o.name) keys.push(o.name);
  return keys.sort();
}

const row = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });

async function waitForUploadsDone(page: Page): Promise<void> {
  await expect(page.getByText('Object(s) uploaded successfully.')).toBeVisible({ timeout: 60_000 });
}

/** A real PNG, drawn by the browser itself. */
async function drawPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 100;
    const g = canvas.getContext('2d');
    if (!g) throw new Error('no 2d context');
    g.fillStyle = '#1565c0';
    g.fillRect(0, 0, 160, 100);
    g.fillStyle = '#ffca28';
    g.beginPath();
    g.arc(80, 50, 30, 0, Math.PI * 2);
    g.fill();
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
}

test.beforeAll(async () => {
  const s3 = rootS3();
  await s3.makeBucket(bucket);
  await s3.setBucketVersioning(bucket, { Status: 'Enabled' });
  await s3.makeBucket(locked, '', { ObjectLocking: true });
  work = await mkdtemp(path.join(os.tmpdir(), 'stowage-e2e-objects-'));
});

test.afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

test('uploads a folder and files dropped on the list, keeping the folder structure', async ({ browser }) => {
  const page = await asRoot(browser);
  await page.goto(browse());
  await expect(page.getByText('This location is empty, please try uploading a new file')).toBeVisible();
  await snap(page, 'objects-empty');

  // A folder, as "Upload folder" picks it: album/photo.png and album/notes/readme.txt.
  const album = path.join(work, 'album');
  await mkdir(path.join(album, 'notes'), { recursive: true });
  const png = await drawPng(page);
  const readme = Buffer.from('Release notes\n<b>shown as text, never as HTML</b>\n');
  await writeFile(path.join(album, 'photo.png'), png);
  await writeFile(path.join(album, 'notes', 'readme.txt'), readme);
  contents.set('album/photo.png', png).set('album/notes/readme.txt', readme);
  await page.getByLabel('Folder to upload').setInputFiles(album);
  await waitForUploadsDone(page);
  await expect(row(page, 'album')).toBeVisible();

  // Two files dragged from the desktop onto the list.
  const dropped = { 'hello.txt': 'hello, version one\n', 'data.json': '{"answer":42}\n' };
  for (const [name, text] of Object.entries(dropped)) contents.set(name, Buffer.from(text));
  const zone = page.getByTestId('object-drop-zone');
  const dataTransfer = await page.evaluateHandle((files) => {
    const dt = new DataTransfer();
    for (const [name, text] of Object.entries(files)) dt.items.add(new File([text], name));
    return dt;
  }, dropped);
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await expect(page.getByText('Drop files or folders to upload')).toBeVisible();
  await snap(page, 'objects-drop-overlay');
  await zone.dispatchEvent('drop', { dataTransfer });
  await expect(page.getByText('Drop files or folders to upload')).toBeHidden();
  await expect(row(page, 'hello.txt')).toBeVisible({ timeout: 30_000 });
  await expect(row(page, 'data.json')).toBeVisible();
  await snap(page, 'objects-list');

  expect(await storedKeys(bucket)).toEqual([
    'album/notes/readme.txt',
    'album/photo.png',
    'data.json',
    'hello.txt',
  ]);
  for (const [key, bytes] of contents) expect(sha256(await storedBytes(bucket, key))).toBe(sha256(bytes));
  firstUploadsAt = Date.now();
});

test('a 50 MiB upload shows its progress, and its download is the same bytes', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await asRoot(browser);
  await page.goto(browse());
  await expect(row(page, 'hello.txt')).toBeVisible();

  const big = randomBytes(50 * 1024 * 1024);
  const file = path.join(work, 'big.bin');
  await writeFile(file, big);
  await page.getByLabel('Files to upload').setInputFiles(file);
  const item = page
    .getByRole('region', { name: 'Uploads' })
    .getByRole('listitem', { name: 'Upload of big.bin' });
  await expect(item).toBeVisible();
  await expect(item.getByRole('progressbar', { name: 'Upload progress of big.bin' })).toBeAttached();
  await waitForUploadsDone(page);
  await expect(item).toHaveAttribute('data-status', 'done');
  await snap(page, 'objects-upload-done');
  await expect(row(page, 'big.bin')).toContainText('50 MiB');
  expect((await rootS3().statObject(bucket, 'big.bin')).size).toBe(big.length);

  const download = page.waitForEvent('download');
  await row(page, 'big.bin').getByRole('button', { name: 'Download big.bin' }).click();
  const saved = await (await download).path();
  expect(sha256(await readFile(saved))).toBe(sha256(big));
  expect((await download).suggestedFilename()).toBe('big.bin');
});

test('breadcrumbs, search, and previews of an image and a text file', async ({ browser }) => {
  const page = await asRoot(browser);
  await page.goto(browse());
  await row(page, 'album').getByRole('link', { name: 'album' }).click();
  await expect(page).toHaveURL(new RegExp(`${browse('album/')}$`));
  await expect(page.getByRole('heading', { name: 'album', level: 1 })).toBeVisible();
  await row(page, 'notes').getByRole('link', { name: 'notes' }).click();
  await expect(row(page, 'readme.txt')).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Object path' });
  await expect(crumbs).toContainText('album');
  await snap(page, 'objects-breadcrumbs');

  // A text file is shown as text: its markup appears literally.
  await row(page, 'readme.txt').getByRole('button', { name: 'Preview readme.txt' }).click();
  const textPreview = page.getByRole('dialog', { name: 'Preview - readme.txt' });
  await expect(textPreview.getByLabel('Contents of readme.txt')).toContainText(
    '<b>shown as text, never as HTML</b>',
  );
  await snap(page, 'objects-preview-text');
  await textPreview.getByRole('button', { name: 'Close' }).click();

  await crumbs.getByRole('link', { name: 'album' }).click();
  await expect(page).toHaveURL(new RegExp(`${browse('album/')}$`));
  await crumbs.getByRole('link', { name: bucket }).click();
  await expect(row(page, 'big.bin')).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search Objects' }).fill('.json');
  await expect(row(page, 'data.json')).toBeVisible();
  await expect(row(page, 'hello.txt')).toHaveCount(0);
  await expect(row(page, 'album')).toHaveCount(0);
  await snap(page, 'objects-search');
  await page.getByRole('searchbox', { name: 'Search Objects' }).fill('');
  await expect(row(page, 'hello.txt')).toBeVisible();

  await page.goto(browse('album/'));
  await row(page, 'photo.png').getByRole('button', { name: 'Preview photo.png' }).click();
  const imagePreview = page.getByRole('dialog', { name: 'Preview - photo.png' });
  const img = imagePreview.getByRole('img', { name: 'photo.png' });
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(160);
  await snap(page, 'objects-preview-image');
});

test('a share link opens in a fresh browser context', async ({ browser }) => {
  const page = await asRoot(browser);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(browse());
  await row(page, 'data.json').getByRole('button', { name: 'Share data.json' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share File' });
  await expect(dialog.getByRole('combobox', { name: 'Days' })).toHaveText('7');
  await expect(dialog.getByRole('combobox', { name: 'Hours' })).toHaveText('0');
  const urlBox = dialog.getByRole('textbox', { name: 'Share URL' });
  await expect(urlBox).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\/e2e-objects\/data\.json\?/);
  const url = await urlBox.inputValue();
  await dialog.getByRole('button', { name: 'Copy Share URL' }).click();
  await expect(page.getByText('Share URL Copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await snap(page, 'objects-share');

  // Someone without a session opens the link.
  const stranger = await (await newContext(browser)).newPage();
  // Dropped without a type, the object is application/octet-stream: the browser saves it.
  const download = stranger.waitForEvent('download');
  await stranger.goto(url).catch((e: Error) => expect(e.message).toContain('Download is starting'));
  expect((await download).suggestedFilename()).toBe('data.json');
  expect(await readFile(await (await download).path())).toEqual(contents.get('data.json'));
});

test('object detail: tags are added and removed; an overwrite shows both versions', async ({ browser }) => {
  const page = await asRoot(browser);
  await page.goto(browse());
  await row(page, 'hello.txt').getByRole('link', { name: 'hello.txt' }).click();
  await expect(page.getByRole('heading', { name: 'hello.txt', level: 1 })).toBeVisible();
  // Not a locked bucket: no legal hold.
  await expect(page.getByLabel('Object properties')).toContainText('Disabled');

  await page.getByRole('button', { name: 'Add tag' }).click();
  const addTag = page.getByRole('dialog', { name: 'Add Tag' });
  await addTag.getByLabel('Tag Key').fill('project');
  await addTag.getByLabel('Tag Value').fill('apollo');
  await addTag.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('list', { name: 'Tags' })).toContainText('project: apollo');
  await expect
    .poll(async () => rootS3().getObjectTagging(bucket, 'hello.txt'))
    .toEqual([{ Key: 'project', Value: 'apollo' }]);
  await snap(page, 'object-detail');

  await page.getByRole('button', { name: 'Remove tag project' }).click();
  await page.getByRole('dialog', { name: 'Delete Tag' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('list', { name: 'Tags' })).not.toContainText('project: apollo');
  await expect.poll(async () => rootS3().getObjectTagging(bucket, 'hello.txt')).toEqual([]);

  // Overwrite hello.txt from the listing.
  const v2 = Buffer.from('hello, version two\n');
  await writeFile(path.join(work, 'hello.txt'), v2);
  await page.goto(browse());
  await page.getByLabel('Files to upload').setInputFiles(path.join(work, 'hello.txt'));
  await waitForUploadsDone(page);
  expect((await storedBytes(bucket, 'hello.txt')).toString()).toBe(v2.toString());

  await row(page, 'hello.txt').getByRole('link', { name: 'hello.txt' }).click();
  await page.getByRole('tab', { name: 'Versions' }).click();
  const versions = page.getByRole('table', { name: 'Versions' });
  await expect(versions.getByRole('row')).toHaveCount(3); // header + two versions
  const stored = [];
  for await (const v of rootS3().listObjects(bucket, 'hello.txt', true, { IncludeVersion: true }))
    stored.push(v);
  expect(stored).toHaveLength(2);
  for (const v of stored) await expect(versions).toContainText(String(v.versionId));
  await snap(page, 'object-versions');
});

test('legal hold and retention on a bucket with object locking', async ({ browser }) => {
  await rootS3().putObject(locked, 'contract.txt', Buffer.from('signed\n'));
  const page = await asRoot(browser);
  await page.goto(`/buckets/${locked}/browse/contract.txt`);
  await expect(page.getByRole('heading', { name: 'contract.txt', level: 1 })).toBeVisible();
  const properties = page.getByLabel('Object properties');
  await expect(properties).toContainText('Undefined');

  await page.getByRole('button', { name: 'Edit Legal Hold' }).click();
  const hold = page.getByRole('dialog', { name: 'Set Legal Hold' });
  await hold.getByRole('switch').check();
  await hold.getByRole('button', { name: 'Save' }).click();
  await expect(hold).toBeHidden();
  await expect
    .poll(async () => rootS3().getObjectLegalHold(locked, 'contract.txt'))
    .toEqual({ Status: 'ON' }); // minio-js types it as the bare string

  await page.getByRole('button', { name: 'Edit Retention' }).click();
  const retention = page.getByRole('dialog', { name: 'Set Retention' });
  await expect(retention.getByRole('radio', { name: 'Governance' })).toBeDisabled();
  await retention.getByRole('switch').check();
  await retention.getByRole('radio', { name: 'Governance' }).check();
  const until = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  await retention.getByLabel('Retention Date').fill(until);
  await snap(page, 'object-retention-dialog');
  await retention.getByRole('button', { name: 'Save' }).click();
  await expect(retention).toBeHidden();
  await expect(properties).toContainText('Governance until');
  const stored = await rootS3().getObjectRetention(locked, 'contract.txt');
  expect(stored?.mode).toBe('GOVERNANCE');
  expect(String(stored?.retainUntilDate).slice(0, 10)).toBe(until);
  await snap(page, 'object-detail-locked');

  // The store now refuses to delete that version.
  const versionId = (await rootS3().statObject(locked, 'contract.txt')).versionId ?? '';
  await expect(rootS3().removeObject(locked, 'contract.txt', { versionId })).rejects.toMatchObject({
    code: 'AccessDenied',
  });
});

test('rewind shows the bucket as it was, and Show Current Data goes back', async ({ browser }) => {
  test.setTimeout(150_000);
  // The picker has minute steps: rewind to the first minute after the first uploads.
  const minute = new Date(Math.ceil((firstUploadsAt + 1) / 60_000) * 60_000);
  const wait = minute.getTime() + 1_000 - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));

  // Tags belong to a version: the version deleted below keeps this one, and rewind shows it.
  await rootS3().setObjectTagging(bucket, 'data.json', { kind: 'sample' });
  const page = await asRoot(browser);
  await page.goto(browse());
  await row(page, 'data.json').getByRole('button', { name: 'Delete data.json' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Object' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  // Until the delete is answered the dialog is open and the list behind it aria-hidden (no row matches).
  await expect(confirm).toBeHidden();
  await expect(row(page, 'data.json')).toHaveCount(0);

  await page.getByRole('button', { name: 'Rewind' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rewind' });
  await dialog.getByLabel('Year').selectOption(String(minute.getUTCFullYear()));
  await dialog.getByLabel('Month').selectOption(String(minute.getUTCMonth() + 1));
  await dialog.getByLabel('Day').selectOption(String(minute.getUTCDate()));
  await dialog.getByLabel('Hour').selectOption(String(minute.getUTCHours()));
  await dialog.getByLabel('Minute').selectOption(String(minute.getUTCMinutes()));
  await dialog.getByRole('button', { name: 'Rewind' }).click();

  await expect(page.getByRole('button', { name: 'Show Current Data' })).toBeVisible();
  await expect(row(page, 'data.json')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: /Object Date/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload file' })).toBeDisabled();
  await snap(page, 'objects-rewind');

  // The object as it was: a past version, read-only, with its own tags.
  await row(page, 'data.json').getByRole('link', { name: 'data.json' }).click();
  await expect(page.getByRole('heading', { name: 'data.json', level: 1 })).toBeVisible();
  await expect(page.getByText(/^As of .* \(read-only\)$/)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Tags' })).toContainText('kind: sample');
  await expect(page.getByRole('button', { name: 'Add tag' })).toHaveCount(0);
  await snap(page, 'object-detail-rewind');
  await page.goBack();

  await page.getByRole('button', { name: 'Show Current Data' }).click();
  await expect(row(page, 'data.json')).toHaveCount(0);
  await expect(row(page, 'hello.txt')).toBeVisible();
});

test('delete selected removes the chosen objects and keeps the rest', async ({ browser }) => {
  const page = await asRoot(browser);
  await page.goto(browse());
  await page.getByRole('checkbox', { name: 'Select hello.txt' }).check();
  await page.getByRole('checkbox', { name: 'Select big.bin' }).check();
  await expect(page.getByText('2 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Delete Selected' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Objects' });
  await snap(page, 'objects-delete-selected');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, 'hello.txt')).toHaveCount(0);
  await expect(row(page, 'big.bin')).toHaveCount(0);
  await expect(row(page, 'album')).toBeVisible();
  expect(await storedKeys(bucket)).toEqual(['album/notes/readme.txt', 'album/photo.png']);
});
