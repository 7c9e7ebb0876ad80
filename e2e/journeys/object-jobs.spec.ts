// SPDX-License-Identifier: Apache-2.0
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import * as Minio from 'minio';
import { rootAdmin, rootS3 } from '../support/clients.js';
import { E2E } from '../support/env.js';
import { signIn } from '../support/login.js';
import { snapBoth } from '../support/screenshots.js';

// Issue 35: copy, move and rename as background jobs of the console — a folder of 1,000 objects renamed, a
// selection moved across buckets with one object under legal hold, an SSE-KMS object copied, and a job
// that survives the console being killed — browser → console → store, checked with S3 calls.

test.describe.configure({ mode: 'serial' });

const src = 'e2e-jobs-src';
const dst = 'e2e-jobs-dst';
const held = 'e2e-jobs-locked';

const opened: BrowserContext[] = [];
test.afterEach(async () => {
  for (const context of opened.splice(0)) await context.close();
});

/** Root's signed-in state on the shared console: one sign-in for the file. */
let rootState: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;

async function asRoot(browser: Browser, baseURL?: string): Promise<Page> {
  const shared = baseURL === undefined;
  const context = await browser.newContext(
    shared ? (rootState ? { storageState: rootState } : {}) : { baseURL },
  );
  opened.push(context);
  const page = await context.newPage();
  if (!shared || !rootState) {
    await signIn(page, E2E.rootUser, E2E.rootPassword);
    if (shared) rootState = await context.storageState();
  }
  return page;
}

const row = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });

async function keys(s3: Minio.Client, bucket: string, prefix: string): Promise<string[]> {
  const out: string[] = [];
  for await (const o of s3.listObjectsV2(bucket, prefix, true)) if (o.name) out.push(o.name);
  return out.sort();
}

async function seed(s3: Minio.Client, bucket: string, names: string[]): Promise<void> {
  for (let i = 0; i < names.length; i += 50)
    await Promise.all(
      names.slice(i, i + 50).map((k) => s3.putObject(bucket, k, Buffer.from(`data of ${k}`))),
    );
}

/** The jobs panel's entry of a job, by its title. */
function jobEntry(page: Page, title: string | RegExp): Locator {
  return page.getByRole('region', { name: 'Jobs' }).getByRole('listitem', { name: title });
}

/** Picks a bucket (and optionally a folder of it) in the Copy to… / Move to… dialog's destination picker. */
async function pickDestination(dialog: Locator, bucket: string): Promise<void> {
  const field = dialog.getByRole('combobox', { name: 'Bucket' });
  await field.click();
  await field.fill(bucket);
  await dialog.page().getByRole('option', { name: bucket, exact: true }).click();
  await expect(dialog.getByRole('status')).toHaveText(`Destination: ${bucket}/`);
}

test.beforeAll(async () => {
  const s3 = rootS3();
  await s3.makeBucket(src);
  await s3.makeBucket(dst);
  await s3.makeBucket(held, 'us-east-1', { ObjectLocking: true });
});

test('renames a folder of 1,000 objects in place', async ({ browser }) => {
  test.setTimeout(120_000);
  const names = Array.from({ length: 1000 }, (_, i) => `reports-2024/r${String(i).padStart(4, '0')}.csv`);
  await seed(rootS3(), src, names);
  const page = await asRoot(browser);
  await page.goto(`/buckets/${src}/browse/`);
  await row(page, 'reports-2024').getByRole('button', { name: 'Rename reports-2024' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename reports-2024' });
  await dialog.getByLabel('New folder name').fill('reports-archive');
  await snapBoth(page, 'object-jobs-rename-dialog');
  await dialog.getByRole('button', { name: 'Rename' }).click();
  await expect(dialog).toBeHidden();
  const entry = jobEntry(page, `Rename ${src}/reports-2024/ to reports-archive/`);
  await expect(entry.getByRole('status')).toHaveText(/^Done · 1,000 objects moved/, { timeout: 90_000 });
  await expect(row(page, 'reports-archive')).toBeVisible();
  await expect(row(page, 'reports-2024')).toHaveCount(0);
  await snapBoth(page, 'object-jobs-panel');
  expect(await keys(rootS3(), src, 'reports-2024/')).toEqual([]);
  expect(await keys(rootS3(), src, 'reports-archive/')).toEqual(
    names.map((n) => n.replace('reports-2024/', 'reports-archive/')),
  );
});

test('moves a selection across buckets; the object under legal hold is reported and stays', async ({
  browser,
}) => {
  const s3 = rootS3();
  for (const k of ['a.txt', 'b.txt', 'held.txt']) await s3.putObject(held, `pick/${k}`, Buffer.from(k));
  await s3.setObjectLegalHold(held, 'pick/held.txt', { status: 'ON' });
  const page = await asRoot(browser);
  await page.goto(`/buckets/${held}/browse/pick/`);
  for (const k of ['a.txt', 'b.txt', 'held.txt'])
    await page.getByRole('checkbox', { name: `Select ${k}` }).check();
  await page.getByRole('button', { name: 'Move to…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move 3 items to…' });
  await pickDestination(dialog, dst);
  await dialog.getByRole('radio', { name: 'Overwrite' }).check();
  await snapBoth(page, 'object-jobs-move-dialog');
  await dialog.getByRole('button', { name: 'Move' }).click();
  await expect(dialog).toBeHidden();
  const entry = jobEntry(page, `Move 3 items from ${held} to ${dst}/`);
  await expect(entry.getByRole('status')).toHaveText(/^Done · 2 objects moved · .* · 1 failed$/, {
    timeout: 30_000,
  });
  await entry.getByRole('button', { name: 'Show failures (1)' }).click();
  const failures = entry.getByRole('list', { name: /^Failures of/ });
  await expect(failures).toContainText('pick/held.txt');
  await expect(failures).toContainText('under legal hold');
  await snapBoth(page, 'object-jobs-failures');
  expect(await keys(s3, dst, '')).toEqual(expect.arrayContaining(['a.txt', 'b.txt']));
  expect(await keys(s3, dst, 'held.txt')).toEqual([]);
  expect(await keys(s3, held, 'pick/')).toEqual(['pick/held.txt']);
});

test('copies an SSE-KMS object: the copy is SSE-KMS with the same key and the same bytes', async ({
  browser,
}) => {
  const s3 = rootS3();
  await s3.putObject(src, 'secret/plan.txt', Buffer.from('sealed plan'), undefined, {
    'X-Amz-Server-Side-Encryption': 'aws:kms',
  });
  const page = await asRoot(browser);
  await page.goto(`/buckets/${src}/browse/secret/`);
  await page.getByRole('checkbox', { name: 'Select plan.txt' }).check();
  await page.getByRole('button', { name: 'Copy to…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Copy secret/plan.txt to…' });
  await pickDestination(dialog, dst);
  await dialog.getByRole('textbox', { name: 'New folder' }).fill('kms-copies');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByRole('status')).toHaveText(`Destination: ${dst}/kms-copies/`);
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(
    jobEntry(page, `Copy secret/plan.txt from ${src} to ${dst}/kms-copies/`).getByRole('status'),
  ).toHaveText(/^Done · 1 object copied/, { timeout: 30_000 });
  const [before, after] = await Promise.all([
    s3.statObject(src, 'secret/plan.txt'),
    s3.statObject(dst, 'kms-copies/plan.txt'),
  ]);
  expect(after.metaData['x-amz-server-side-encryption']).toBe('aws:kms');
  expect(after.metaData['x-amz-server-side-encryption-aws-kms-key-id']).toBe(
    before.metaData['x-amz-server-side-encryption-aws-kms-key-id'],
  );
  const chunks: Buffer[] = [];
  for await (const c of await s3.getObject(dst, 'kms-copies/plan.txt')) chunks.push(c as Buffer);
  expect(Buffer.concat(chunks).toString()).toBe('sealed plan');
});

/** The two boxes share no pixel. */
function apart(a: Box, b: Box): boolean {
  return a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
}
type Box = { x: number; y: number; width: number; height: number };

test('the jobs and uploads panels stack in one dock: both shown, never overlapping, each collapsible by keyboard', async ({
  browser,
}) => {
  test.setTimeout(120_000); // three uploads wait for their snackbar to hide (5 s each)
  await rootS3().putObject(src, 'dock/draft.txt', Buffer.from('draft'));
  const page = await asRoot(browser);
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto(`/buckets/${src}/browse/dock/`);
  await row(page, 'draft.txt').getByRole('button', { name: 'Rename draft.txt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename draft.txt' });
  await dialog.getByRole('textbox', { name: 'New name' }).fill('final.txt');
  await dialog.getByRole('button', { name: 'Rename' }).click();
  const entry = jobEntry(page, `Rename ${src}/dock/draft.txt to dock/final.txt`);
  await expect(entry.getByRole('status')).toHaveText(/^Done · 1 object moved/, { timeout: 30_000 });
  await page
    .getByLabel('Files to upload')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') });
  const uploads = page.getByRole('region', { name: 'Uploads' });
  const upload = uploads.getByRole('listitem', { name: 'Upload of dock/notes.txt' });
  await expect(upload).toHaveAttribute('data-status', 'done');

  const jobs = page.getByRole('region', { name: 'Jobs' });
  for (const width of [1920, 1280, 1024]) {
    await page.setViewportSize({ width, height: 768 });
    await expect(jobs).toBeInViewport({ ratio: 1 });
    await expect(uploads).toBeInViewport({ ratio: 1 });
    const [j, u] = [await jobs.boundingBox(), await uploads.boundingBox()];
    if (!j || !u) throw new Error('a dock panel has no box');
    expect(apart(j, u), `the panels overlap at ${width} px: ${JSON.stringify({ j, u })}`).toBe(true);
    // One column at the right: Jobs stacked above Uploads.
    expect(Math.round(j.x + j.width)).toBe(Math.round(u.x + u.width));
    expect(j.y + j.height).toBeLessThanOrEqual(u.y);
  }
  await snapBoth(page, 'object-dock');

  // The snackbar an upload shows keeps clear of the dock at every width (centred, it covered Uploads at 1024;
  // below 600 px the dock is as wide as the window and the snackbar goes to the top).
  const uploaded = page.getByRole('alert').filter({ hasText: 'Object(s) uploaded successfully.' });
  for (const width of [480, 1024, 1280, 1920]) {
    await page.setViewportSize({ width, height: 768 });
    await page
      .getByLabel('Files to upload')
      .setInputFiles({ name: `note-${width}.txt`, mimeType: 'text/plain', buffer: Buffer.from('note') });
    await expect(uploaded).toBeInViewport({ ratio: 1 });
    const [s, j, u] = [await uploaded.boundingBox(), await jobs.boundingBox(), await uploads.boundingBox()];
    if (!s || !j || !u) throw new Error('the snackbar or a dock panel has no box');
    expect(
      apart(s, j) && apart(s, u),
      `the snackbar covers the dock at ${width} px: ${JSON.stringify({ s, j, u })}`,
    ).toBe(true);
    if (width === 1024) await snapBoth(page, 'object-dock-snackbar');
    if (width === 480) await snapBoth(page, 'object-dock-snackbar-narrow');
    // It hides by itself after 5 s; the next upload's message then opens afresh.
    await expect(uploaded).toBeHidden({ timeout: 15_000 });
  }

  // Keyboard: Tab reaches each panel's toggle, Enter and Space fold and unfold its list.
  const hideJobs = jobs.getByRole('button', { name: 'Hide jobs' });
  await hideJobs.focus();
  await page.keyboard.press('Enter');
  await expect(entry).toBeHidden();
  await expect(jobs.getByRole('button', { name: 'Show jobs' })).toHaveAttribute('aria-expanded', 'false');
  await expect(upload).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(uploads.getByRole('button', { name: 'Clear finished' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(uploads.getByRole('button', { name: 'Hide uploads' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(upload).toBeHidden();
  await snapBoth(page, 'object-dock-collapsed');
  await page.keyboard.press('Space');
  await expect(upload).toBeVisible();
  await jobs.getByRole('button', { name: 'Show jobs' }).press('Enter');
  await expect(entry).toBeVisible();
  expect(await keys(rootS3(), src, 'dock/')).toEqual([
    'dock/final.txt',
    'dock/note-1024.txt',
    'dock/note-1280.txt',
    'dock/note-1920.txt',
    'dock/note-480.txt',
    'dock/notes.txt',
  ]);
});

test('a session that may read but not delete gets Copy, and Move disabled with the reason', async ({
  browser,
}) => {
  const admin = rootAdmin();
  await admin.addCannedPolicy('e2e-jobs-reader', {
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Action: ['s3:ListAllMyBuckets', 's3:GetBucketLocation'],
        Resource: ['arn:aws:s3:::*'],
      },
      {
        Effect: 'Allow',
        Action: ['s3:GetObject', 's3:ListBucket'],
        Resource: [`arn:aws:s3:::${src}`, `arn:aws:s3:::${src}/*`],
      },
    ],
  });
  await admin.addUser('e2e-jobs-reader', 'e2e-jobs-reader-secret');
  await admin.setPolicy('e2e-jobs-reader', 'e2e-jobs-reader', false);
  const context = await browser.newContext();
  opened.push(context);
  const page = await context.newPage();
  await signIn(page, 'e2e-jobs-reader', 'e2e-jobs-reader-secret');
  await page.goto(`/buckets/${src}/browse/secret/`);
  await page.getByRole('checkbox', { name: 'Select plan.txt' }).check();
  await expect(page.getByRole('button', { name: 'Copy to…' })).toBeEnabled();
  const move = page.getByRole('button', { name: 'Move to…' });
  await expect(move).toBeDisabled();
  await move.locator('..').hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    `Move is not available: you may read objects in ${src} but not delete them. Copy them instead.`,
  );
  await expect(row(page, 'plan.txt').getByRole('button', { name: 'Rename plan.txt' })).toBeDisabled();
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** `npm start`'s program on its own data folder and ports; resolves once it listens. */
async function startMain(dataDir: string, consolePort: number, s3Port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['packages/console/dist/main.js'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      CONSOLE_PORT: String(consolePort),
      STOWAGE_S3_PORT: String(s3Port),
      CONSOLE_HOST: '127.0.0.1',
      STOWAGE_DATA_DIR: dataDir,
      STOWAGE_DRIVES: '4',
      MINIO_ROOT_USER: E2E.rootUser,
      MINIO_ROOT_PASSWORD: E2E.rootPassword,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (b: Buffer) => {
      output += b.toString();
      if (output.includes('Stowage console:')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (b: Buffer) => (output += b.toString()));
    child.once('exit', (code) => reject(new Error(`the console exited (${code}): ${output}`)));
  });
  return child;
}

test('a job carries on after the console is killed mid-way and started again', async ({ browser }) => {
  test.setTimeout(240_000);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stowage-e2e-jobs-kill-'));
  const [consolePort, s3Port] = [await freePort(), await freePort()];
  let child = await startMain(dataDir, consolePort, s3Port);
  try {
    const s3 = new Minio.Client({
      endPoint: '127.0.0.1',
      port: s3Port,
      useSSL: false,
      accessKey: E2E.rootUser,
      secretKey: E2E.rootPassword,
      region: 'us-east-1',
    });
    await s3.makeBucket('from-here');
    await s3.makeBucket('to-there');
    const names = Array.from({ length: 800 }, (_, i) => `batch/k${String(i).padStart(5, '0')}`);
    await seed(s3, 'from-here', names);
    const page = await asRoot(browser, `http://127.0.0.1:${consolePort}`);
    await page.goto('/buckets/from-here/browse/');
    await page.getByRole('checkbox', { name: 'Select batch' }).check();
    await page.getByRole('button', { name: 'Copy to…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Copy batch/ to…' });
    await pickDestination(dialog, 'to-there');
    await dialog.getByRole('button', { name: 'Copy' }).click();
    const progress = async () => {
      const res = await page.request.get('/api/v1/jobs');
      const { jobs } = (await res.json()) as { jobs: { state: string; progress: { objects: number } }[] };
      return jobs[0];
    };
    await expect
      .poll(async () => (await progress())?.progress.objects ?? 0, { timeout: 60_000 })
      .toBeGreaterThan(100);
    const atKill = (await progress())?.progress.objects ?? 0;
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    expect(atKill).toBeLessThan(names.length);

    child = await startMain(dataDir, consolePort, s3Port);
    // The page lost its backend at the kill; the session cookie is still good with the restarted console.
    await page.goto('/buckets/from-here/browse/');
    const entry = jobEntry(page, 'Copy batch/ from from-here to to-there/');
    await expect(entry.getByRole('status')).toHaveText(/^Done · 8\d\d objects copied/, {
      timeout: 120_000,
    });
    const done = await progress();
    // Resumed from the journal's cursor: only keys in flight at the kill (16 at a time) are copied again.
    expect(done?.progress.objects).toBeGreaterThanOrEqual(names.length);
    expect(done?.progress.objects).toBeLessThanOrEqual(names.length + 16);
    expect(await keys(s3, 'to-there', 'batch/')).toEqual(names);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r(undefined)));
    await rm(dataDir, { recursive: true, force: true });
  }
});
