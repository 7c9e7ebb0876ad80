// SPDX-License-Identifier: Apache-2.0
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { sioDecryptStream } from '@stowage/madmin';
import { unzip } from '../../packages/console/src/testing/unzip.js';
import { E2E } from '../support/env.js';
import { signIn } from '../support/login.js';
import { type OwnConsole, startOwnConsole } from '../support/own-console.js';
import { snapBoth } from '../support/screenshots.js';

// Issue 38 — the support tools of the community console, on a store of the journey's own: Performance
// (object and drive speedtest over a WebSocket, results downloaded as JSON, no test data left behind);
// Inspect (the raw files of an object on every drive as a zip, or sealed with a one-time key shown once);
// Identity → OpenID / LDAP (the server's idp-config: named OpenID configurations, the LDAP one); Profile
// (the server's CPU profile, heap profile and heap snapshot, downloaded as a zip of DevTools files).
let own: OwnConsole;
let context: BrowserContext;
let page: Page;

test.beforeAll(async ({ browser }) => {
  own = await startOwnConsole(4);
  await own.s3.makeBucket('kept');
  await own.s3.putObject('kept', 'evidence/big.bin', Buffer.alloc(1024 * 1024 + 3, 9));
  context = await browser.newContext({ baseURL: own.url, acceptDownloads: true });
  page = await context.newPage();
  await signIn(page, E2E.rootUser, E2E.rootPassword);
});

test.afterAll(async () => {
  await context?.close();
  await own?.close();
});

test('Performance: a speedtest shows PUT/GET per server and each drive, downloads as JSON, and leaves no data', async () => {
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Performance' })
    .click();
  await expect(page.getByRole('heading', { name: 'Performance' })).toBeVisible();
  await page.getByLabel('Object size (MiB)').fill('0');
  await expect(page.getByText('Object size must be between 1 KiB and 1024 MiB')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start' })).toBeDisabled();
  await page.getByLabel('Object size (MiB)').fill('1');
  await page.getByLabel('Duration (seconds)').fill('2');
  await page.getByLabel('Concurrency').fill('2');
  await expect(page.getByRole('button', { name: 'Download JSON' })).toBeDisabled();
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByLabel('Speedtest in progress')).toBeVisible();
  await expect(page.getByText('The speedtest is complete.')).toBeVisible({ timeout: 60_000 });
  const objects = page.getByRole('region', { name: 'Object results' });
  await expect(objects.getByRole('heading', { name: 'Object speedtest' })).toBeVisible();
  const host = new URL(own.store.url).host;
  await expect(objects.getByRole('cell', { name: host })).toBeVisible();
  const drives = page.getByRole('region', { name: 'Drive results' });
  await expect(drives.getByRole('row')).toHaveCount(5);
  await snapBoth(page, 'speedtest');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download JSON' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('speedtest.json');
  const saved = JSON.parse(await readFile((await download.path()) as string, 'utf8')) as {
    object: { size: number; put: { throughputPerSec: number } };
    drives: { drives: unknown[] }[];
  };
  expect(saved.object.size).toBe(1024 * 1024);
  expect(saved.object.put.throughputPerSec).toBeGreaterThan(0);
  expect(saved.drives[0]?.drives).toHaveLength(4);
  expect((await own.s3.listBuckets()).map((b) => b.name)).toEqual(['kept']);
});

test("Inspect: the zip holds every drive's files; Encrypt gives a sealed file and its key once; no match is an error", async () => {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Inspect' }).click();
  await expect(page.getByRole('heading', { name: 'Inspect' })).toBeVisible();
  await page.getByRole('button', { name: 'Inspect' }).click();
  await expect(page.getByText('Volume (the bucket) is required')).toBeVisible();
  await expect(page.getByText('Path (the object) is required')).toBeVisible();
  await page.getByLabel('Volume').fill('kept');
  await page.getByLabel('Path').fill('nothing/*');
  await page.getByRole('button', { name: 'Inspect' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'No files matched the given pattern' }),
  ).toBeVisible();

  await page.getByLabel('Path').fill('evidence/*');
  const [plain] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Inspect' }).click(),
  ]);
  expect(plain.suggestedFilename()).toMatch(/^inspect\.[0-9a-f]{8}\.zip$/);
  const files = await unzip(await readFile((await plain.path()) as string));
  expect([...files.keys()].filter((n) => n.endsWith('/kept/evidence/big.bin/catalog-row.json'))).toHaveLength(
    4,
  );
  expect([...files.keys()].filter((n) => /\/part\.1$/.test(n))).toHaveLength(4);
  await expect(page.getByText('The inspect file has been downloaded.')).toBeVisible();
  await snapBoth(page, 'inspect');

  await page.getByLabel(/^Encrypt/).check();
  const [sealed] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Inspect' }).click(),
  ]);
  expect(sealed.suggestedFilename()).toMatch(/^inspect\.[0-9a-f]{8}\.enc$/);
  const dialog = page.getByRole('dialog', { name: 'Inspect file encrypted' });
  const key = (await dialog.getByLabel('Decryption key', { exact: true }).textContent()) ?? '';
  expect(key).toMatch(/^[0-9a-f]{72}$/);
  await expect(dialog.getByRole('button', { name: 'Copy Decryption key' })).toBeVisible();
  await snapBoth(page, 'inspect-key');
  const bytes = await readFile((await sealed.path()) as string);
  const zip = await buffer(Readable.from([bytes]).pipe(sioDecryptStream(Buffer.from(key.slice(8), 'hex'))));
  expect((await unzip(zip)).has('inspect-input.txt')).toBe(true);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
});

test('Identity → OpenID and LDAP: add, edit and delete a named OpenID configuration; save and delete LDAP', async () => {
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('link', { name: 'OpenID' }).click();
  await expect(page.getByText('No OpenID provider is configured.')).toBeVisible();
  await page.getByRole('button', { name: 'Add Configuration' }).click();
  const add = page.getByRole('dialog', { name: 'Add OpenID configuration' });
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add.getByText('A name is required')).toBeVisible();
  await add.getByRole('textbox', { name: 'Name', exact: true }).fill('dex');
  await add.getByLabel('Config URL', { exact: true }).fill('not a url');
  await add.getByLabel('Client ID', { exact: true }).fill('console-app');
  // The client secret is masked, shown only on request, and echoed nowhere as text.
  const secret = add.getByLabel('Client Secret', { exact: true });
  await expect(secret).toHaveAttribute('type', 'password');
  await secret.fill('console-secret');
  await add.getByRole('button', { name: 'Show Client Secret' }).click();
  await expect(secret).toHaveAttribute('type', 'text');
  await expect(secret).toHaveValue('console-secret');
  await add.getByRole('button', { name: 'Hide Client Secret' }).click();
  await expect(secret).toHaveAttribute('type', 'password');
  await expect(page.getByText('console-secret')).toHaveCount(0);
  await add.getByLabel('Role Policy', { exact: true }).fill('readonly');
  // The store's help says config_url is a URL: the form says so before anything is sent.
  await expect(add.getByText('Config URL must be an http:// or https:// URL')).toBeVisible();
  await expect(add.getByRole('button', { name: 'Save' })).toBeDisabled();
  await add
    .getByLabel('Config URL', { exact: true })
    .fill('https://idp.example.test/.well-known/openid-configuration');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toBeHidden();
  const table = page.getByRole('region', { name: 'OpenID configurations' });
  await expect(table.getByRole('cell', { name: 'dex', exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'arn:minio:iam:::role/dex' })).toBeVisible();
  await snapBoth(page, 'idp-openid');

  await table.getByRole('button', { name: 'Edit dex' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit OpenID configuration dex' });
  await expect(edit.getByLabel('Client ID', { exact: true })).toHaveValue('console-app');
  await expect(edit.getByLabel('Client Secret', { exact: true })).toHaveAttribute('type', 'password');
  await expect(edit.getByRole('button', { name: 'Show Client Secret' })).toBeVisible();
  await edit.getByLabel('Display Name', { exact: true }).fill('Dex SSO');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await table.getByRole('button', { name: 'Edit dex' }).click();
  await expect(edit.getByLabel('Display Name', { exact: true })).toHaveValue('Dex SSO');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await table.getByRole('button', { name: 'Delete dex' }).click();
  await page
    .getByRole('dialog', { name: 'Delete OpenID configuration' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('No OpenID provider is configured.')).toBeVisible();

  await menu.getByRole('link', { name: 'LDAP' }).click();
  await expect(page.getByText('LDAP is not configured.')).toBeVisible();
  const ldap = page.getByRole('region', { name: 'LDAP configuration' });
  await ldap.getByLabel('Server Addr', { exact: true }).fill('ldap.example.test:636');
  await ldap.getByLabel('Lookup Bind DN', { exact: true }).fill('cn=admin,dc=example');
  await ldap.getByLabel('Lookup Bind Password', { exact: true }).fill('pw');
  await ldap.getByLabel('User DN Search Base DN', { exact: true }).fill('dc=example');
  await ldap.getByLabel('User DN Search Filter', { exact: true }).fill('(uid=%s)');
  await ldap.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Delete Configuration' })).toBeVisible();
  await expect(page.getByText('LDAP is not configured.')).toBeHidden();
  // The saved bind password comes back masked, with its Show toggle; the bind DN is plain text.
  await expect(ldap.getByLabel('Lookup Bind Password', { exact: true })).toHaveAttribute('type', 'password');
  await expect(ldap.getByRole('button', { name: 'Show Lookup Bind Password' })).toBeVisible();
  await expect(ldap.getByLabel('Lookup Bind DN', { exact: true })).toHaveAttribute('type', 'text');
  await snapBoth(page, 'idp-ldap');
  await page.getByRole('button', { name: 'Delete Configuration' }).click();
  await page
    .getByRole('dialog', { name: 'Delete LDAP configuration' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('LDAP is not configured.')).toBeVisible();
});

test('Heal: the background heal card shows the objects scanned, every drive and the parity', async () => {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Heal' }).click();
  const card = page.getByRole('region', { name: 'Background heal' });
  await expect(card.getByText('Drives to heal')).toBeVisible();
  await expect(card.getByText(/: ok$/)).toHaveCount(4);
  await expect(card.getByText('STANDARD parity')).toBeVisible();
  await snapBoth(page, 'heal-background');

  // Heal of every bucket at once: no bucket to choose, no prefix.
  const options = page.getByRole('region', { name: 'Heal options' });
  await options.getByLabel('All buckets').check();
  await expect(options.getByLabel('Prefix')).toBeDisabled();
  await options.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByText('The heal finished.')).toBeVisible({ timeout: 60_000 });
  const progress = page.getByRole('region', { name: 'Heal progress' });
  // Every item — the store's documents, each bucket, each object — healthy before and after.
  await expect(progress.getByRole('img', { name: /^Green 100%/ })).toHaveCount(2);
  await snapBoth(page, 'heal-all-buckets');
});

test('Profile: choose types, Start, Stop — profile.zip holds a CPU profile, a heap profile and a heap snapshot', async () => {
  test.setTimeout(180_000);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  const form = page.getByRole('region', { name: 'Profile' });
  await expect(form.getByRole('button', { name: 'Stop and download' })).toBeDisabled();
  await form.getByRole('checkbox', { name: /^CPU profile/ }).uncheck();
  await expect(form.getByText('Choose at least one profile type')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Start' })).toBeDisabled();
  await form.getByRole('checkbox', { name: /^CPU profile/ }).check();
  await form.getByRole('checkbox', { name: /^Heap profile/ }).check();
  await form.getByRole('checkbox', { name: /^Heap snapshot/ }).check();
  await form.getByRole('button', { name: 'Start' }).click();
  await expect(form.getByLabel('Profiling in progress')).toBeVisible();
  await expect(form.getByRole('checkbox', { name: /^CPU profile/ })).toBeDisabled();
  await snapBoth(page, 'profile-running');
  // Work for the profiler to see.
  for (let i = 0; i < 10; i++) await own.s3.putObject('kept', `profiled/${i}`, Buffer.alloc(128 * 1024, i));
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 120_000 }),
    form.getByRole('button', { name: 'Stop and download' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('profile.zip');
  await expect(form.getByText('profile.zip has been downloaded.', { exact: false })).toBeVisible();
  await expect(form.getByLabel('Profiling in progress')).toBeHidden();
  const files = await unzip(await readFile((await download.path()) as string));
  const host = new URL(own.store.url).host;
  expect([...files.keys()].sort()).toEqual([
    `profile-${host}-cpu.cpuprofile`,
    `profile-${host}-heap.heapsnapshot`,
    `profile-${host}-mem.heapprofile`,
  ]);
  const cpu = JSON.parse(String(files.get(`profile-${host}-cpu.cpuprofile`))) as {
    nodes: unknown[];
    samples: number[];
  };
  expect(cpu.nodes.length).toBeGreaterThan(1);
  expect(cpu.samples.length).toBeGreaterThan(0);
  const heap = JSON.parse(String(files.get(`profile-${host}-mem.heapprofile`))) as { head: unknown };
  expect(heap.head).toBeDefined();
  const snapshot = String(files.get(`profile-${host}-heap.heapsnapshot`)?.subarray(0, 200));
  expect(snapshot.startsWith('{"snapshot":{"meta":')).toBe(true);
  await snapBoth(page, 'profile');
});
