import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Browser, expect, type Page } from '@playwright/test';
import type * as Minio from 'minio';
import { snap } from '../screenshots.js';
import type { Engine } from './fixtures.js';
import { zipEntries } from './zip.js';

// The steps the journeys on other S3 engines share: what a user does on any S3 server, checked from the
// outside with the engine's own S3 client.

/** A row of the object list, by the name shown in it. */
export const objectRow = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });

/** The bytes of an object, as any S3 client reads them. */
export async function objectBytes(s3: Minio.Client, bucket: string, key: string): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of await s3.getObject(bucket, key)) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

export async function objectKeys(s3: Minio.Client, bucket: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const o of s3.listObjectsV2(bucket, '', true)) if (o.name) keys.push(o.name);
  return keys.sort();
}

/** Writes the folder a journey uploads under `dir`: album/notes.txt (text with markup), album/data/answer.json. */
export async function writeAlbum(dir: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>([
    ['album/notes.txt', Buffer.from('Release notes\n<b>shown as text, never as HTML</b>\n')],
    ['album/data/answer.json', Buffer.from('{"answer":42}\n')],
  ]);
  for (const [key, bytes] of files) {
    await mkdir(path.dirname(path.join(dir, key)), { recursive: true });
    await writeFile(path.join(dir, key), bytes);
  }
  return files;
}

/** Create Bucket from /buckets, with versioning when asked; the bucket's card then shows. */
export async function createBucket(page: Page, name: string, shot: string, versioning: boolean) {
  await page.goto('/buckets');
  await page.getByRole('button', { name: 'Create Bucket' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create Bucket' });
  await dialog.getByLabel('Bucket Name').fill(name);
  const save = dialog.getByRole('button', { name: 'Save' });
  await expect(save).toBeEnabled({ timeout: 5000 });
  if (versioning) await dialog.getByRole('switch', { name: 'Versioning' }).check();
  else await expect(dialog.getByRole('switch', { name: 'Versioning' })).toHaveCount(0);
  await snap(page, `${shot}-create-bucket`);
  await save.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('article', { name, exact: true })).toBeVisible();
  await snap(page, `${shot}-buckets`);
}

/** Uploads `dir`/album with 'Upload folder', opens it, previews notes.txt; the server holds the same bytes. */
export async function uploadBrowsePreview(
  page: Page,
  engine: Engine,
  bucket: string,
  dir: string,
  album: Map<string, Buffer>,
  shot: string,
) {
  await page.goto(`/buckets/${bucket}/browse/`);
  await page.getByLabel('Folder to upload').setInputFiles(path.join(dir, 'album'));
  await expect(page.getByText('Object(s) uploaded successfully.')).toBeVisible({ timeout: 60_000 });
  await objectRow(page, 'album').getByRole('link', { name: 'album' }).click();
  await expect(page.getByRole('heading', { name: 'album', level: 1 })).toBeVisible();
  await expect(objectRow(page, 'data')).toBeVisible();
  await objectRow(page, 'notes.txt').getByRole('button', { name: 'Preview notes.txt' }).click();
  const preview = page.getByRole('dialog', { name: 'Preview - notes.txt' });
  await expect(preview.getByLabel('Contents of notes.txt')).toContainText(
    '<b>shown as text, never as HTML</b>',
  );
  await snap(page, `${shot}-preview`);
  await preview.getByRole('button', { name: 'Close' }).click();

  expect(await objectKeys(engine.s3, bucket)).toEqual([...album.keys()].sort());
  for (const [key, bytes] of album) expect(await objectBytes(engine.s3, bucket, key)).toEqual(bytes);
}

/** 'Download Selected' on the album folder gives a zip of its files; a share link works without a session. */
export async function zipAndShare(
  page: Page,
  browser: Browser,
  engine: Engine,
  bucket: string,
  album: Map<string, Buffer>,
  shot: string,
) {
  await page.goto(`/buckets/${bucket}/browse/`);
  await page.getByRole('checkbox', { name: 'Select album' }).check();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Selected' }).click();
  const files = await zipEntries(await readFile(await (await download).path()));
  for (const [key, bytes] of album) expect(files.get(key)).toEqual(bytes);

  await page.goto(`/buckets/${bucket}/browse/album/`);
  await objectRow(page, 'notes.txt').getByRole('button', { name: 'Share notes.txt' }).click();
  const share = page.getByRole('dialog', { name: 'Share File' });
  const url = await share.getByRole('textbox', { name: 'Share URL' }).inputValue();
  expect(url.startsWith(`${engine.url}/${bucket}/album/notes.txt?`)).toBe(true);
  await snap(page, `${shot}-share`);
  const stranger = await browser.newContext();
  try {
    const res = await stranger.request.get(url);
    expect(res.status()).toBe(200);
    expect(Buffer.from(await res.body())).toEqual(album.get('album/notes.txt'));
  } finally {
    await stranger.close();
  }
}

/** Adds the tag project=apollo on the object's page; the server holds it. */
export async function tagObject(page: Page, engine: Engine, bucket: string, key: string, shot: string) {
  await page.goto(`/buckets/${bucket}/browse/${key}`);
  await expect(page.getByRole('heading', { name: path.basename(key), level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add tag' }).click();
  const addTag = page.getByRole('dialog', { name: 'Add Tag' });
  await addTag.getByLabel('Tag Key').fill('project');
  await addTag.getByLabel('Tag Value').fill('apollo');
  await addTag.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('list', { name: 'Tags' })).toContainText('project: apollo');
  await expect
    .poll(() => engine.s3.getObjectTagging(bucket, key))
    .toEqual([{ Key: 'project', Value: 'apollo' }]);
  await snap(page, `${shot}-object-detail`);
}

/** Deletes album/notes.txt from the listing: it is gone from the list and from a listing of the bucket. */
export async function deleteNotes(page: Page, engine: Engine, bucket: string) {
  await page.goto(`/buckets/${bucket}/browse/album/`);
  await objectRow(page, 'notes.txt').getByRole('button', { name: 'Delete notes.txt' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Object' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(objectRow(page, 'notes.txt')).toHaveCount(0);
  expect(await objectKeys(engine.s3, bucket)).toEqual(['album/data/answer.json']);
}

/** Users and Settings are not in the menu; opened by address, each says why. */
export async function absentAdminScreens(page: Page, shot: string) {
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Buckets' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Users' })).toHaveCount(0);
  for (const screen of ['/users', '/settings']) {
    await page.goto(screen);
    await expect(page.getByText("This server does not provide MinIO's admin API")).toBeVisible();
  }
  await snap(page, `${shot}-settings-absent`);
}
