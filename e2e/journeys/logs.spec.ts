// SPDX-License-Identifier: Apache-2.0
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { type BrowserContext, expect, test } from '@playwright/test';
import { E2E } from '../support/env.js';
import { signIn } from '../support/login.js';
import { startOwnConsole } from '../support/own-console.js';
import { snap } from '../support/screenshots.js';

// Spec 3 "Live tools" — Logs (Error Logs), on its own store so a drive can be taken away.
test('error logs show a drive that goes away, live; the filter narrows them; audit logs need log search', async ({
  browser,
}) => {
  const own = await startOwnConsole(4);
  let context: BrowserContext | undefined;
  try {
    await own.s3.makeBucket('logged');
    context = await browser.newContext({ baseURL: own.url });
    const page = await context.newPage();
    await signIn(page, E2E.rootUser, E2E.rootPassword);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Logs' }).click();
    await expect(page.getByRole('heading', { name: 'Logs' })).toBeVisible();
    await expect(page.getByText('Following')).toBeVisible();
    const kinds = page.getByRole('navigation', { name: 'Log kinds' });
    await expect(kinds.getByRole('button', { name: /Audit Logs/ })).toBeDisabled();

    await rename(path.join(own.dataDir, 'drive2'), path.join(own.dataDir, 'drive2-gone'));
    await own.s3.putObject('logged', 'after.txt', Buffer.from('written with a drive gone'));
    const log = page.getByRole('list', { name: 'Error log' });
    const entry = log.getByRole('listitem').filter({ hasText: /Drive 2 .* is offline/ });
    await expect(entry).toBeVisible();
    await expect(entry).toContainText('ERROR');
    await snap(page, 'logs-error');

    await page.getByLabel('Filter').fill('Drive 2');
    await expect(entry).toBeVisible();
    await page.getByLabel('Filter').fill('no entry says this');
    await expect(page.getByText('No entry contains “no entry says this”.')).toBeVisible();
  } finally {
    await context?.close();
    await own.close();
  }
});
