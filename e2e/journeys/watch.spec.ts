// SPDX-License-Identifier: Apache-2.0
import { expect, test } from '@playwright/test';
import { rootS3 } from '../support/clients.js';
import { E2E } from '../support/env.js';
import { signIn } from '../support/login.js';
import { snap } from '../support/screenshots.js';

// Spec 3 "Live tools" — Watch: browser → console WebSocket → the store's ListenBucketNotification.
test('watch shows objects created and removed in the chosen bucket, with prefix and suffix, until Stop', async ({
  page,
}) => {
  const s3 = rootS3();
  const bucket = `watched-${Date.now()}`;
  await s3.makeBucket(bucket);

  await signIn(page, E2E.rootUser, E2E.rootPassword);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Watch' }).click();
  await expect(page.getByRole('heading', { name: 'Watch' })).toBeVisible();
  await expect(page.getByText('No Changes at this time')).toBeVisible();
  // Start needs a bucket from the list.
  await expect(page.getByRole('button', { name: 'Start' })).toBeDisabled();

  await page.getByLabel('Bucket').fill(bucket);
  await page.getByRole('option', { name: bucket }).click();
  await page.getByLabel('Prefix').fill('photos/');
  await page.getByLabel('Suffix').fill('.jpg');
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByText('Watching')).toBeVisible();
  await expect(page.getByLabel('Prefix')).toBeDisabled();

  const table = page.getByRole('table', { name: 'Changes' });
  // The socket opens before the store has the subscription: write until a probe shows, then it is live.
  let probes = 0;
  await expect
    .poll(async () => {
      await s3.putObject(bucket, `photos/probe-${probes++}.jpg`, Buffer.from('p'));
      return table.getByRole('row').filter({ hasText: 'photos/probe-' }).count();
    })
    .toBeGreaterThan(0);

  await s3.putObject(bucket, 'photos/summit.jpg', Buffer.alloc(2048, 7));
  await s3.putObject(bucket, 'notes/list.jpg', Buffer.from('other prefix'));
  await s3.putObject(bucket, 'photos/readme.txt', Buffer.from('other suffix'));
  await s3.removeObject(bucket, 'photos/summit.jpg');
  const rows = table.getByRole('row').filter({ hasText: 'photos/summit.jpg' });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('ObjectRemoved:Delete');
  await expect(rows.nth(1)).toContainText('ObjectCreated:Put');
  await expect(rows.nth(1)).toContainText('2 KiB');
  await expect(table.getByRole('row').filter({ hasText: 'notes/list.jpg' })).toHaveCount(0);
  await expect(table.getByRole('row').filter({ hasText: 'photos/readme.txt' })).toHaveCount(0);
  await snap(page, 'watch-running');

  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByText('Stopped')).toBeVisible();
  await s3.putObject(bucket, 'photos/after-stop.jpg', Buffer.from('not watched'));
  await page.waitForTimeout(1000);
  await expect(table.getByRole('row').filter({ hasText: 'after-stop' })).toHaveCount(0);
});
