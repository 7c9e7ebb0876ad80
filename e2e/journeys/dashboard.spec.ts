// SPDX-License-Identifier: Apache-2.0
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { type BrowserContext, expect, test } from '@playwright/test';
import { E2E } from '../support/env.js';
import { signIn } from '../support/login.js';
import { startOwnConsole } from '../support/own-console.js';
import { snap } from '../support/screenshots.js';

// Spec 2 "Dashboard": the usage summary, against its own store on 6 real drive folders (so the counts are
// known, the Drives tab has two pages, and a drive can be taken away without touching other journeys).
test('the dashboard shows the counts, the server and its drives, and a lost drive as offline', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const own = await startOwnConsole(6);
  const { s3, dataDir, store } = own;
  let context: BrowserContext | undefined;
  try {
    await s3.makeBucket('dash-photos');
    await s3.makeBucket('dash-logs');
    await s3.putObject('dash-photos', 'a.jpg', Buffer.alloc(1000, 1));
    await s3.putObject('dash-photos', 'b.jpg', Buffer.alloc(2500, 2));
    await s3.putObject('dash-logs', 'today.log', Buffer.alloc(300, 3));

    context = await browser.newContext({ baseURL: own.url });
    const page = await context.newPage();
    await signIn(page, E2E.rootUser, E2E.rootPassword);
    // Root may see the dashboard, the first page of the menu: it is where a sign-in lands.
    await expect(page).toHaveURL(/\/dashboard$/);
    const card = (name: string) => page.getByRole('region', { name });
    await expect(card('All Buckets')).toContainText('2');
    await expect(card('Total Objects')).toContainText('3');
    await expect(card('Usage')).toContainText('3.7 KiB');
    await expect(card('Servers')).toContainText('6/6 drives online');

    const host = new URL(store.url).host;
    const servers = page.getByRole('list', { name: 'Servers' });
    await expect(servers.getByRole('article')).toHaveCount(1);
    const server = servers.getByRole('article', { name: host });
    await expect(server).toContainText('Online');
    await expect(server).toContainText('6/6 online');
    await snap(page, 'dashboard');

    // A drive folder vanishes; the next write notices, and Refresh shows it.
    await rename(path.join(dataDir, 'drive4'), path.join(dataDir, 'drive4-gone'));
    await s3.putObject('dash-logs', 'after.log', Buffer.from('written with a drive gone'));
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(card('Total Objects')).toContainText('4');
    await expect(server).toContainText('5/6 online');

    await page.getByRole('tab', { name: /Drives/ }).click();
    const drives = page.getByRole('list', { name: 'Drives' });
    await expect(drives.getByRole('article')).toHaveCount(5);
    const lost = drives.getByRole('article', { name: path.join(dataDir, 'drive4') });
    await expect(lost).toContainText('Offline');
    await expect(lost).toContainText('The server cannot reach this drive.');
    const first = drives.getByRole('article', { name: path.join(dataDir, 'drive1') });
    await expect(first).toContainText('OK');
    await expect(first).toContainText('Pool1 · set 1');
    await snap(page, 'dashboard-drives');
    await page.getByRole('button', { name: 'Go to page 2' }).click();
    await expect(drives.getByRole('article')).toHaveCount(1);
    await expect(drives.getByRole('article', { name: path.join(dataDir, 'drive6') })).toBeVisible();
  } finally {
    await context?.close();
    await own.close();
  }
});
