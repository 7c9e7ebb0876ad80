// SPDX-License-Identifier: Apache-2.0
import { expect, test } from '@playwright/test';
import { rootS3 } from '../support/clients.js';
import { E2E } from '../support/env.js';
import { signIn } from '../support/login.js';
import { snap } from '../support/screenshots.js';

// Spec 3 "Live tools" — Trace: browser → console WebSocket → the store's admin trace, with real S3 calls.
test('trace shows S3 calls live as they finish, filtered by path, until Stop', async ({ page }) => {
  const s3 = rootS3();
  const bucket = `traced-${Date.now()}`;
  await s3.makeBucket(bucket);

  await signIn(page, E2E.rootUser, E2E.rootPassword);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Trace' }).click();
  await expect(page.getByRole('heading', { name: 'Trace' })).toBeVisible();
  await expect(page.getByText('Trace is not started yet')).toBeVisible();

  // A negative threshold is refused in the form (spec 3 §5).
  const threshold = page.getByLabel('Threshold (ms)');
  await threshold.fill('-1');
  await expect(page.getByText('Threshold must be at least 0')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start' })).toBeDisabled();
  await threshold.fill('0');

  await page.getByLabel('Calls').click();
  await page.getByRole('option', { name: 'S3' }).click();
  await page.getByLabel('Path').fill(`/${bucket}/`);
  await snap(page, 'trace-idle');
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByText('Tracing')).toBeVisible();
  await expect(page.getByLabel('Path')).toBeDisabled();
  await expect(page.getByText('No Traced elements received yet')).toBeVisible();

  const table = page.getByRole('table', { name: 'Traced calls' });
  // The socket is open before the store has the subscription: call until a probe shows, then it is live.
  await expect
    .poll(async () => {
      await s3.statObject(bucket, 'probe').catch(() => undefined);
      return table
        .getByRole('row')
        .filter({ hasText: `/${bucket}/probe` })
        .count();
    })
    .toBeGreaterThan(0);

  await s3.putObject(bucket, 'hello.txt', Buffer.from('hello, trace'));
  await s3.statObject(bucket, 'missing.txt').catch(() => undefined);
  await s3.listBuckets(); // path '/', left out by the path filter
  const put = table.getByRole('row').filter({ hasText: `PUT /${bucket}/hello.txt` });
  await expect(put).toContainText('s3.PutObject');
  await expect(put).toContainText('200 OK');
  await expect(put).toContainText('12 B');
  await expect(table.getByRole('row').filter({ hasText: `/${bucket}/missing.txt` })).toContainText(
    '404 Not Found',
  );
  await expect(table.getByRole('row').filter({ hasText: 's3.ListBuckets' })).toHaveCount(0);
  await snap(page, 'trace-running');

  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByText('Stopped')).toBeVisible();
  await expect(page.getByLabel('Path')).toBeEnabled();
  const rowsAtStop = await table.getByRole('row').count();
  await s3.putObject(bucket, 'after-stop.txt', Buffer.from('not traced'));
  // Give a call that would arrive the time it takes the ones above to show (they showed within a poll).
  await page.waitForTimeout(1000);
  await expect(table.getByRole('row').filter({ hasText: 'after-stop.txt' })).toHaveCount(0);
  expect(await table.getByRole('row').count()).toBe(rowsAtStop);
});
