// SPDX-License-Identifier: Apache-2.0
import { readFile } from 'node:fs/promises';
import { type BrowserContext, expect, test } from '@playwright/test';
import {
  bucketFilesOnDrive,
  emptyDrive,
  flipShardBytes,
  isShardFile,
} from '../../packages/store/src/heal/testing/damage.js';
import { E2E } from '../support/env.js';
import { signIn } from '../support/login.js';
import { startOwnConsole } from '../support/own-console.js';
import { snap, snapBoth } from '../support/screenshots.js';

// Spec 3 "Live tools" — Heal, Diagnostic and Audit Logs on a store of the journey's own: a drive emptied
// and a drive with flipped bytes are healed from the console (the test reads the drives), the diagnostic
// downloads as diagnostic.json without a secret, and the requests made are found in the audit log.
const BUCKET = 'mend';
const KEYS = ['docs/a.bin', 'docs/b.bin', 'c.bin'];

test('heal from the console rebuilds every shard; the diagnostic downloads without secrets; audit logs find the requests', async ({
  browser,
}) => {
  // Heal, diagnostic and audit logs with its columns in one journey: longer than the default minute.
  test.setTimeout(180_000);
  const own = await startOwnConsole(4, { logSearch: true });
  let context: BrowserContext | undefined;
  try {
    await own.s3.makeBucket(BUCKET);
    for (const [i, key] of KEYS.entries())
      await own.s3.putObject(BUCKET, key, Buffer.alloc(300 * 1024, i + 1));
    const good = [];
    for (let d = 1; d <= 4; d++) good.push(await bucketFilesOnDrive(own.dataDir, d, BUCKET));
    await emptyDrive(own.dataDir, 1);
    await flipShardBytes(own.dataDir, 2, BUCKET);

    context = await browser.newContext({ baseURL: own.url, acceptDownloads: true });
    const page = await context.newPage();
    await signIn(page, E2E.rootUser, E2E.rootPassword);
    const menu = page.getByRole('navigation', { name: 'Main menu' });

    // Heal.
    await menu.getByRole('link', { name: 'Heal' }).click();
    await expect(page.getByRole('heading', { name: 'Heal', exact: true })).toBeVisible();
    await expect(page.getByText('This server stores objects erasure coded')).toBeVisible();
    await page.getByRole('combobox', { name: 'Bucket' }).click();
    await page.getByRole('option', { name: BUCKET }).click();
    await page.getByLabel('Recursive').check();
    await page.getByLabel('Deep Scan').check();
    await page.getByLabel('Force Start').check();
    await page.getByLabel('Force Stop').check();
    await expect(page.getByLabel('Force Start')).not.toBeChecked();
    await page.getByLabel('Force Stop').uncheck();
    await page.getByRole('button', { name: 'Start' }).click();
    await expect(page.getByText('The heal finished.')).toBeVisible({ timeout: 60_000 });
    const progress = page.getByRole('region', { name: 'Heal progress' });
    await expect(progress.getByText('Objects healed')).toBeVisible();
    // Three objects red; the bucket and its record document (bucket.json, in the system folder) green.
    await expect(page.getByRole('img', { name: /^Green 40%, Yellow 0%, Red 60%/ })).toBeVisible();
    await expect(page.getByRole('img', { name: /^Green 100%/ })).toBeVisible();
    await snapBoth(page, 'heal');
    for (let d = 1; d <= 4; d++) {
      const now = await bucketFilesOnDrive(own.dataDir, d, BUCKET);
      for (const [file, bytes] of good[d - 1] ?? []) {
        if (isShardFile(file)) expect(now.get(file)?.equals(bytes), `drive${d}/${file}`).toBe(true);
      }
    }

    // Diagnostic.
    await menu.getByRole('link', { name: 'Diagnostic' }).click();
    await expect(page.getByRole('button', { name: 'Download' })).toBeDisabled();
    await page.getByRole('button', { name: 'Start' }).click();
    await expect(page.getByText('Diagnostic file is ready to be downloaded.')).toBeVisible({
      timeout: 60_000,
    });
    await snapBoth(page, 'diagnostic');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('diagnostic.json');
    const text = await readFile((await download.path()) as string, 'utf8');
    const report = JSON.parse(text) as { serverHealthInfo: { sys: { partitions: unknown[] } } };
    expect(report.serverHealthInfo.sys.partitions.length).toBeGreaterThan(0);
    expect(text).not.toContain(E2E.rootPassword);

    // Audit Logs: the three uploads are there; one is found by its name, and opens.
    await menu.getByRole('link', { name: 'Logs' }).click();
    await page
      .getByRole('navigation', { name: 'Log kinds' })
      .getByRole('button', { name: /Audit Logs/ })
      .click();
    const table = page.getByRole('table', { name: 'Audit log' });
    await expect(table.getByRole('row').filter({ hasText: 'PutObject' })).toHaveCount(3, { timeout: 30_000 });
    // The default columns fit the card at 1280 px: nothing scrolls sideways, neither the card nor the page.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect
      .poll(() =>
        table.evaluate(
          (t) => (t.parentElement as Element).scrollWidth - (t.parentElement as Element).clientWidth,
        ),
      )
      .toBeLessThanOrEqual(0);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    await page.getByLabel('Object').fill('docs/b.bin');
    await page.getByRole('button', { name: 'Get Information' }).click();
    await expect(table.getByRole('row').filter({ hasText: 'PutObject' })).toHaveCount(1);
    await snapBoth(page, 'audit-logs');
    await table.getByRole('row').filter({ hasText: 'PutObject' }).click();
    await expect(page.getByLabel('Audit record')).toContainText('"requestID"');
    await snap(page, 'audit-logs-record');
    await page.keyboard.press('Escape');
    // Columns: User Agent hidden, Time to Response shown; the choice outlives a reload.
    const headers = table.getByRole('columnheader');
    await expect(headers.filter({ hasText: 'User Agent' })).toHaveCount(1);
    await page.getByRole('button', { name: 'Columns' }).click();
    const chooser = page.getByRole('menu', { name: 'Audit log columns' });
    await chooser.getByRole('menuitemcheckbox', { name: 'User Agent' }).click();
    await chooser.getByRole('menuitemcheckbox', { name: 'Time to Response' }).click();
    await expect(chooser.getByRole('menuitemcheckbox', { name: 'Time to Response' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await snapBoth(page, 'audit-columns');
    await page.keyboard.press('Escape');
    await expect(headers.filter({ hasText: 'User Agent' })).toHaveCount(0);
    await expect(headers.filter({ hasText: 'Time to Response' })).toHaveCount(1);
    await expect(
      table
        .getByRole('row')
        .filter({ hasText: 'PutObject' })
        .getByText(/^\d+\.\d ms$/),
    ).toBeVisible();
    await page.reload();
    await page
      .getByRole('navigation', { name: 'Log kinds' })
      .getByRole('button', { name: /Audit Logs/ })
      .click();
    await expect(headers.filter({ hasText: 'Time to Response' })).toHaveCount(1);
    await expect(headers.filter({ hasText: 'User Agent' })).toHaveCount(0);
    await page.getByLabel('Object').fill('nothing-like-this');
    await page.getByRole('button', { name: 'Get Information' }).click();
    await expect(page.getByText('There is no information with this criteria')).toBeVisible();
  } finally {
    await context?.close();
    await own.close();
  }
});
