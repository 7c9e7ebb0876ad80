// SPDX-License-Identifier: Apache-2.0
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, expect, type Page, type Route, test } from '@playwright/test';
import { rootS3 } from '../support/clients.js';
import { E2E } from '../support/env.js';
import { signIn } from '../support/login.js';
import { snapBoth } from '../support/screenshots.js';

// Issue 35, uploads that resume: a large file uploads in 8 MiB parts through the console; the page is
// reloaded at ~40% and the upload resumed with the same file (another one is refused), sending only the
// parts the store lacks; the network goes away mid-upload and comes back; a stale upload is discarded.
// Checked from the outside: the stored object's SHA-256, S3 ListMultipartUploads, the parts the page sent.

test.describe.configure({ mode: 'serial' });

const bucket = 'e2e-resumable';
const browse = () => `/buckets/${bucket}/browse/`;
const MiB = 1024 * 1024;
/** The upload manager's part size (lib/multipart-upload.ts): the files below span many parts. */
const PART = 8 * MiB;

let work: string;
const opened: BrowserContext[] = [];
let rootState: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;

test.beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'e2e-resumable-'));
  const s3 = rootS3();
  if (!(await s3.bucketExists(bucket))) await s3.makeBucket(bucket);
});

test.afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

test.afterEach(async () => {
  for (const context of opened.splice(0)) await context.close();
});

async function asRoot(browser: Browser): Promise<Page> {
  const context = await browser.newContext(rootState ? { storageState: rootState } : {});
  opened.push(context);
  const page = await context.newPage();
  if (!rootState) {
    await signIn(page, E2E.rootUser, E2E.rootPassword);
    rootState = await context.storageState();
  }
  return page;
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function storedSha256(key: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const c of await rootS3().getObject(bucket, key)) hash.update(c as Buffer);
  return hash.digest('hex');
}

/** The store's unfinished multipart uploads of `key` (S3 ListMultipartUploads). */
async function incompleteUploads(key: string): Promise<string[]> {
  const ids: string[] = [];
  for await (const u of rootS3().listIncompleteUploads(bucket, key, true)) {
    if (u.key === key) ids.push(u.uploadId);
  }
  return ids;
}

/** The part numbers the store holds for `key`'s one unfinished upload, asked through the console's API. */
async function storedParts(page: Page, key: string): Promise<number[]> {
  const [uploadId] = await incompleteUploads(key);
  if (!uploadId) return [];
  const res = await page.request.get(
    `/api/v1/buckets/${bucket}/multipart-uploads/${encodeURIComponent(uploadId)}?key=${encodeURIComponent(key)}`,
  );
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { parts: { part_number: number }[] };
  return body.parts.map((p) => p.part_number).sort((a, b) => a - b);
}

async function writeRandom(
  dir: string,
  name: string,
  bytes: number,
): Promise<{ file: string; data: Buffer }> {
  await mkdir(path.join(work, dir), { recursive: true });
  const data = randomBytes(bytes);
  const file = path.join(work, dir, name);
  await writeFile(file, data);
  return { file, data };
}

/** The keys of the uploads the browser's journal (IndexedDB 'stowage-uploads') still holds. */
function journalKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('stowage-uploads');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('uploads').objectStore('uploads').getAll();
          all.onerror = () => reject(all.error);
          all.onsuccess = () => {
            open.result.close();
            resolve((all.result as { key: string }[]).map((u) => u.key));
          };
        };
      }),
  );
}

/**
 * Lets the first `pass` part requests through and holds every later one (`held`) until `release()`, which
 * aborts the ones still held (a part that reached the route after the test took `held`, or one of a page
 * since reloaded: the upload manager sends it again) and from which on every part request goes through.
 * The route stays for the page's life: removing it (`unrouteAll`) right after a reload once left a request
 * of the new page paused for good (the session call, in CI; a request intercepted while interception is
 * being switched off).
 */
async function holdPartsAfter(page: Page, pass: number): Promise<{ held: Route[]; release: () => void }> {
  const held: Route[] = [];
  let passed = 0;
  let released = false;
  await page.route('**/multipart-uploads/*/parts/*', (route) => {
    if (released || passed < pass) {
      passed++;
      void route.continue().catch(() => undefined);
    } else held.push(route);
  });
  const release = () => {
    released = true;
    for (const route of held.splice(0)) void route.abort('internetdisconnected').catch(() => undefined);
  };
  return { held, release };
}

const uploads = (page: Page) => page.getByRole('region', { name: 'Uploads' });
const unfinished = (page: Page, key: string) =>
  uploads(page).getByRole('listitem', { name: `Unfinished upload of ${key}` });
const uploading = (page: Page, key: string) =>
  uploads(page).getByRole('listitem', { name: `Upload of ${key}`, exact: true });

/** Part numbers of the part uploads the page sends from now on. */
function recordPartRequests(page: Page): number[] {
  const sent: number[] = [];
  page.on('request', (r) => {
    const m = /\/multipart-uploads\/[^/]+\/parts\/(\d+)/.exec(r.url());
    if (m && r.method() === 'PUT') sent.push(Number(m[1]));
  });
  return sent;
}

test('a 128 MiB upload reloaded at 40% resumes with the same file only, and is stored bit-exact', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const key = 'resume.bin';
  const size = 128 * MiB;
  const { file, data } = await writeRandom('a', key, size);
  // Same name and size, other bytes: not the file the upload started with.
  const other = await writeRandom('b', key, size);

  const page = await asRoot(browser);
  await page.goto(browse());
  const { held, release } = await holdPartsAfter(page, 6);
  await page.getByLabel('Files to upload').setInputFiles(file);
  await expect(uploading(page, key)).toBeVisible({ timeout: 30_000 });
  // 6 of 16 parts stored (37.5%), the next ones held in flight: the page is reloaded there.
  // (Which 6: parts go up 3 at a time, so the first 6 let through need not be parts 1 to 6.)
  await expect.poll(async () => (await storedParts(page, key)).length, { timeout: 120_000 }).toBe(6);
  await expect.poll(() => held.length).toBeGreaterThan(0);
  // Reloaded while the held parts are still held (the reload cancels them), and only then released: a
  // release first would let a held part through to the store before the page went away.
  await page.reload();
  release();
  expect(await storedParts(page, key)).toHaveLength(6);

  const row = unfinished(page, key);
  // A busy machine can take a while to load the page again.
  await expect(row).toContainText('6 of 16 parts stored', { timeout: 30_000 });
  await expect(row).toContainText('48 MiB of 128 MiB');
  await snapBoth(page, 'uploads-resumable');

  // Another file is refused, with what differs.
  let chooser = page.waitForEvent('filechooser');
  await row.getByRole('button', { name: `Resume upload of ${key}` }).click();
  await (await chooser).setFiles(other.file);
  await expect(row.getByRole('alert')).toContainText('This is not the file this upload started with');
  await expect(row.getByRole('alert')).toContainText('its content differs');
  await snapBoth(page, 'uploads-resume-refused');

  // The same file: only the missing parts go up, then the upload completes.
  const stored = await storedParts(page, key);
  const sent = recordPartRequests(page);
  chooser = page.waitForEvent('filechooser');
  await row.getByRole('button', { name: `Resume upload of ${key}` }).click();
  await (await chooser).setFiles(file);
  await expect(page.getByText('Object(s) uploaded successfully.')).toBeVisible({ timeout: 180_000 });
  await expect(uploading(page, key)).toHaveAttribute('data-status', 'done');
  await expect(row).toHaveCount(0);

  expect(sent.length).toBeGreaterThan(0);
  expect(sent.filter((n) => stored.includes(n))).toEqual([]);
  expect(new Set([...stored, ...sent])).toEqual(
    new Set(Array.from({ length: size / PART }, (_, i) => i + 1)),
  );
  expect((await rootS3().statObject(bucket, key)).size).toBe(size);
  expect(await storedSha256(key)).toBe(sha256(data));
  expect(await incompleteUploads(key)).toEqual([]);
  expect(sha256(other.data)).not.toBe(sha256(data));

  // The journal forgot it: a fresh page offers nothing to resume.
  expect(await journalKeys(page)).not.toContain(key);
});

test('going offline mid-upload pauses it; back online it finishes bit-exact', async ({ browser }) => {
  test.setTimeout(180_000);
  const key = 'offline.bin';
  const { file, data } = await writeRandom('c', key, 64 * MiB);
  const page = await asRoot(browser);
  await page.goto(browse());
  const { held, release } = await holdPartsAfter(page, 3);
  await page.getByLabel('Files to upload').setInputFiles(file);
  await expect.poll(() => held.length, { timeout: 120_000 }).toBeGreaterThan(0);

  // The network goes away while parts are in flight.
  await page.context().setOffline(true);
  for (const route of held.splice(0)) await route.abort('internetdisconnected');
  const item = uploading(page, key);
  await expect(item).toContainText('Offline: paused, continues when the network is back');
  await expect(item).toHaveAttribute('data-status', 'uploading');
  await snapBoth(page, 'uploads-offline');
  release();

  await page.context().setOffline(false);
  await expect(page.getByText('Object(s) uploaded successfully.')).toBeVisible({ timeout: 120_000 });
  await expect(item).toHaveAttribute('data-status', 'done');
  expect(await storedSha256(key)).toBe(sha256(data));
  expect(await incompleteUploads(key)).toEqual([]);
});

test('Discard aborts a stale upload: the store no longer lists it and the manager forgets it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const key = 'stale.bin';
  const { file } = await writeRandom('d', key, 40 * MiB);
  const page = await asRoot(browser);
  await page.goto(browse());
  const { held, release } = await holdPartsAfter(page, 2);
  await page.getByLabel('Files to upload').setInputFiles(file);
  await expect.poll(async () => (await storedParts(page, key)).length, { timeout: 60_000 }).toBe(2);
  await expect.poll(() => held.length).toBeGreaterThan(0);
  // Reloaded while the held parts are held, then released (as in the first journey).
  await page.reload();
  release();

  const row = unfinished(page, key);
  await expect(row).toContainText('2 of 5 parts stored', { timeout: 30_000 });
  expect(await incompleteUploads(key)).toHaveLength(1);
  await row.getByRole('button', { name: `Discard upload of ${key}` }).click();
  await expect(row).toHaveCount(0);
  expect(await incompleteUploads(key)).toEqual([]);
  await expect(rootS3().statObject(bucket, key)).rejects.toMatchObject({ code: 'NotFound' });
  expect(await journalKeys(page)).not.toContain(key);
});
