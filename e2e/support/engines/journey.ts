// SPDX-License-Identifier: Apache-2.0
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Browser, expect, type Page } from '@playwright/test';
import type * as Minio from 'minio';
import { signIn } from '../login.js';
import { snap } from '../screenshots.js';
import type { Engine, EngineTest } from './fixtures.js';
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

/** The folder a journey uploads, in a temp dir: album/notes.txt (text with markup), album/data/answer.json. */
export interface Album {
  dir: string;
  /** Object name → bytes. */
  files: Map<string, Buffer>;
  remove(): Promise<void>;
}

export async function makeAlbum(): Promise<Album> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'stowage-e2e-album-'));
  const files = new Map<string, Buffer>([
    ['album/notes.txt', Buffer.from('Release notes\n<b>shown as text, never as HTML</b>\n')],
    ['album/data/answer.json', Buffer.from('{"answer":42}\n')],
  ]);
  for (const [key, bytes] of files) {
    await mkdir(path.dirname(path.join(dir, key)), { recursive: true });
    await writeFile(path.join(dir, key), bytes);
  }
  return { dir, files, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** The engine's own S3 client makes a bucket, writes, reads back, lists, and removes it all. */
export async function s3RoundTrip(engine: Engine, bucket: string): Promise<void> {
  const text = `hello from ${engine.url}`;
  await engine.s3.makeBucket(bucket);
  await engine.s3.putObject(bucket, 'hello.txt', Buffer.from(text));
  expect((await objectBytes(engine.s3, bucket, 'hello.txt')).toString()).toBe(text);
  expect((await engine.s3.listBuckets()).map((b) => b.name)).toContain(bucket);
  await engine.s3.removeObject(bucket, 'hello.txt');
  await engine.s3.removeBucket(bucket);
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
  album: Album,
  shot: string,
) {
  await page.goto(`/buckets/${bucket}/browse/`);
  await page.getByLabel('Folder to upload').setInputFiles(path.join(album.dir, 'album'));
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

  expect(await objectKeys(engine.s3, bucket)).toEqual([...album.files.keys()].sort());
  for (const [key, bytes] of album.files) expect(await objectBytes(engine.s3, bucket, key)).toEqual(bytes);
}

/** 'Download Selected' on the album folder gives a zip of its files; a share link works without a session. */
export async function zipAndShare(
  page: Page,
  browser: Browser,
  engine: Engine,
  bucket: string,
  album: Album,
  shot: string,
) {
  await page.goto(`/buckets/${bucket}/browse/`);
  await page.getByRole('checkbox', { name: 'Select album' }).check();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Selected' }).click();
  const files = await zipEntries(await readFile(await (await download).path()));
  for (const [key, bytes] of album.files) expect(files.get(key)).toEqual(bytes);

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
    expect(Buffer.from(await res.body())).toEqual(album.files.get('album/notes.txt'));
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

/**
 * The setup every engine journey file shares: serial tests, the album folder (made before, removed after),
 * and a sign-in with the engine's user before each test. Returns the album, once made.
 */
export function setUpEngineJourney(test: EngineTest): () => Album {
  let album: Album | undefined;
  test.describe.configure({ mode: 'serial' });
  test.beforeAll(async () => {
    album = await makeAlbum();
  });
  test.afterAll(async () => album?.remove());
  test.beforeEach(async ({ engine, page }) => {
    await signIn(page, engine.accessKey, engine.secretKey);
  });
  return () => {
    if (!album) throw new Error('the album is made in beforeAll');
    return album;
  };
}
