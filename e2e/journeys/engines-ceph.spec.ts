import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { cephTest as test } from '../support/engines/fixtures.js';
import {
  objectBytes,
  objectKeys,
  objectRow,
  waitForUploadsDone,
  writeAlbum,
} from '../support/engines/journey.js';
import { zipEntries } from '../support/engines/zip.js';
import { signIn } from '../support/login.js';
import { snap } from '../support/screenshots.js';

// Issue 24: the console on Ceph RGW. The test setup starts a single-node Ceph cluster (Debian's packages) on
// free ports once for this file, and a console with CONSOLE_MINIO_SERVER pointing at its gateway. RGW has
// no MinIO admin API and an STS that needs roles: the console signs with the user's own keys.

test.describe.configure({ mode: 'serial' });

const bucket = 'e2e-ceph';
const browse = (p = '') => `/buckets/${bucket}/browse/${p}`;
let work: string;
let album: Map<string, Buffer>;

test.beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'stowage-e2e-ceph-'));
  album = await writeAlbum(work);
});
test.afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

test("Ceph RGW answers S3 with its user's keys, and a console runs in front of it", async ({
  engine,
  page,
}) => {
  const smoke = 'e2e-ceph-smoke';
  await engine.s3.makeBucket(smoke);
  await engine.s3.putObject(smoke, 'hello.txt', Buffer.from('hello from Ceph'));
  expect((await objectBytes(engine.s3, smoke, 'hello.txt')).toString()).toBe('hello from Ceph');
  expect((await engine.s3.listBuckets()).map((b) => b.name)).toContain(smoke);
  await engine.s3.removeObject(smoke, 'hello.txt');
  await engine.s3.removeBucket(smoke);

  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
});

test("signs in with the RGW user's keys and creates a versioned bucket", async ({ engine, page }) => {
  await signIn(page, engine.accessKey, engine.secretKey);
  await page.goto('/buckets');
  await page.getByRole('button', { name: 'Create Bucket' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create Bucket' });
  await dialog.getByLabel('Bucket Name').fill(bucket);
  const save = dialog.getByRole('button', { name: 'Save' });
  await expect(save).toBeEnabled({ timeout: 5000 });
  await dialog.getByRole('switch', { name: 'Versioning' }).check();
  await snap(page, 'engines-ceph-create-bucket');
  await save.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('article', { name: bucket })).toBeVisible();
  await snap(page, 'engines-ceph-buckets');
  expect((await engine.s3.getBucketVersioning(bucket)).Status).toBe('Enabled');
});

test('uploads a folder, browses it and previews a text file', async ({ engine, page }) => {
  await signIn(page, engine.accessKey, engine.secretKey);
  await page.goto(browse());
  await page.getByLabel('Folder to upload').setInputFiles(path.join(work, 'album'));
  await waitForUploadsDone(page);
  await objectRow(page, 'album').getByRole('link', { name: 'album' }).click();
  await expect(page.getByRole('heading', { name: 'album', level: 1 })).toBeVisible();
  await expect(objectRow(page, 'data')).toBeVisible();
  await objectRow(page, 'notes.txt').getByRole('button', { name: 'Preview notes.txt' }).click();
  const preview = page.getByRole('dialog', { name: 'Preview - notes.txt' });
  await expect(preview.getByLabel('Contents of notes.txt')).toContainText(
    '<b>shown as text, never as HTML</b>',
  );
  await snap(page, 'engines-ceph-preview');
  await preview.getByRole('button', { name: 'Close' }).click();

  expect(await objectKeys(engine.s3, bucket)).toEqual([...album.keys()].sort());
  for (const [key, bytes] of album) expect(await objectBytes(engine.s3, bucket, key)).toEqual(bytes);
});

test('downloads the folder as a zip and shares a link that opens without a session', async ({
  engine,
  page,
  browser,
}) => {
  await signIn(page, engine.accessKey, engine.secretKey);
  await page.goto(browse());
  await page.getByRole('checkbox', { name: 'Select album' }).check();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Selected' }).click();
  const files = await zipEntries(await readFile(await (await download).path()));
  for (const [key, bytes] of album) expect(files.get(key)).toEqual(bytes);

  await page.goto(browse('album/'));
  await objectRow(page, 'notes.txt').getByRole('button', { name: 'Share notes.txt' }).click();
  const share = page.getByRole('dialog', { name: 'Share File' });
  const url = await share.getByRole('textbox', { name: 'Share URL' }).inputValue();
  expect(url.startsWith(`${engine.url}/${bucket}/album/notes.txt?`)).toBe(true);
  await snap(page, 'engines-ceph-share');
  const stranger = await browser.newContext();
  try {
    const res = await stranger.request.get(url);
    expect(res.status()).toBe(200);
    expect(Buffer.from(await res.body())).toEqual(album.get('album/notes.txt'));
  } finally {
    await stranger.close();
  }
});

test('tags an object and, after an overwrite, shows both versions', async ({ engine, page }) => {
  await signIn(page, engine.accessKey, engine.secretKey);
  await page.goto(browse('album/notes.txt'));
  await expect(page.getByRole('heading', { name: 'notes.txt', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add tag' }).click();
  const addTag = page.getByRole('dialog', { name: 'Add Tag' });
  await addTag.getByLabel('Tag Key').fill('project');
  await addTag.getByLabel('Tag Value').fill('apollo');
  await addTag.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('list', { name: 'Tags' })).toContainText('project: apollo');
  await expect
    .poll(() => engine.s3.getObjectTagging(bucket, 'album/notes.txt'))
    .toEqual([{ Key: 'project', Value: 'apollo' }]);
  await snap(page, 'engines-ceph-object-detail');

  await engine.s3.putObject(bucket, 'album/notes.txt', Buffer.from('Release notes, second edition\n'));
  await page.reload();
  await page.getByRole('tab', { name: 'Versions' }).click();
  const versions = page.getByRole('table', { name: 'Versions' });
  await expect(versions.getByRole('row')).toHaveCount(3); // header + two versions
  for await (const v of engine.s3.listObjects(bucket, 'album/notes.txt', true, { IncludeVersion: true }))
    await expect(versions).toContainText(String(v.versionId));
  await snap(page, 'engines-ceph-versions');
});

test('deletes an object, keeping its versions behind a delete marker', async ({ engine, page }) => {
  await signIn(page, engine.accessKey, engine.secretKey);
  await page.goto(browse('album/'));
  await objectRow(page, 'notes.txt').getByRole('button', { name: 'Delete notes.txt' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Object' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(objectRow(page, 'notes.txt')).toHaveCount(0);
  expect(await objectKeys(engine.s3, bucket)).toEqual(['album/data/answer.json']);
  const kept = [];
  for await (const v of engine.s3.listObjects(bucket, 'album/notes.txt', true, { IncludeVersion: true }))
    kept.push(v);
  expect(kept.length).toBe(3); // two versions and the delete marker
});

test('identity and settings screens explain why they are absent', async ({ engine, page }) => {
  await signIn(page, engine.accessKey, engine.secretKey);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Buckets' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Users' })).toHaveCount(0);
  for (const screen of ['/users', '/settings']) {
    await page.goto(screen);
    await expect(page.getByText("This server does not provide MinIO's admin API")).toBeVisible();
  }
  await snap(page, 'engines-ceph-settings-absent');
});
