// SPDX-License-Identifier: Apache-2.0
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { startStore } from '@stowage/store';
import * as Minio from 'minio';
import { E2E } from '../support/env.js';
import { signIn } from '../support/login.js';
import { startOwnConsole } from '../support/own-console.js';
import { snap } from '../support/screenshots.js';

// Issue 21: the Set Multiple Bucket Replication wizard against a second store started here — browser →
// console → the source store (remote targets, rules) → the target store, checked with S3 calls on both.

/** Dialogs fade in and the theme fades over: shoot once nothing moves. */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().length === 0);
}

async function arrived(s3: Minio.Client, bucket: string, key: string): Promise<boolean> {
  return s3.statObject(bucket, key).then(
    () => true,
    () => false,
  );
}

test('the wizard replicates two buckets to a second store, and the Replication tab lists the rule', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const own = await startOwnConsole(4);
  const targetDir = await mkdtemp(path.join(os.tmpdir(), 'stowage-e2e-replica-'));
  const target = await startStore({
    dataDir: targetDir,
    drives: 1,
    port: 0,
    host: '127.0.0.1',
    rootUser: E2E.rootUser,
    rootPassword: E2E.rootPassword,
  });
  const targetS3 = new Minio.Client({
    endPoint: '127.0.0.1',
    port: target.port,
    useSSL: false,
    accessKey: E2E.rootUser,
    secretKey: E2E.rootPassword,
    region: 'us-east-1',
  });
  try {
    for (const b of ['r-pics', 'r-notes']) {
      await own.s3.makeBucket(b, 'us-east-1');
      await own.s3.setBucketVersioning(b, { Status: 'Enabled' });
    }
    await targetS3.makeBucket('r-notes', 'us-east-1');

    const context = await browser.newContext({ baseURL: own.url });
    const page = await context.newPage();
    await signIn(page, E2E.rootUser, E2E.rootPassword);
    await page.goto('/buckets');
    await page.getByRole('button', { name: 'Bulk Select' }).click();
    await page.getByRole('checkbox', { name: 'Select r-pics' }).check();
    await page.getByRole('checkbox', { name: 'Select r-notes' }).check();
    await page.getByRole('button', { name: 'Set Replication' }).click();

    const wizard = page.getByRole('dialog', { name: 'Set Multiple Bucket Replication' });
    await expect(wizard.getByText('Remote Configuration')).toBeVisible();
    await expect(wizard.getByText(/not its root/)).toBeVisible();
    // Next without the fields names what is missing.
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(wizard.getByText('Target URL is required')).toBeVisible();
    await wizard.getByLabel('Target URL').fill(new URL(target.url).host);
    await wizard.getByLabel('Access Key').fill(E2E.rootUser);
    await wizard.getByLabel('Secret Key').fill(E2E.rootPassword);
    await wizard.getByLabel('Use TLS').uncheck();
    await settle(page);
    await snap(page, 'replication-wizard-remote');
    await wizard.getByRole('button', { name: 'Next' }).click();

    await expect(wizard.getByText('Bucket Assignments')).toBeVisible();
    await expect(wizard.getByText('1 bucket on the remote server.')).toBeVisible();
    await wizard.getByLabel('Destination of r-pics').fill('r-pics-copy');
    await snap(page, 'replication-wizard-assignments');
    await wizard.getByRole('button', { name: 'Create' }).click();
    await expect(wizard).toBeHidden();
    await expect(page.getByText('Replication rules created.')).toBeVisible();

    // New objects arrive on the target with the same version ids.
    const put = await own.s3.putObject('r-pics', 'cat.jpg', Buffer.from('meow'));
    await own.s3.putObject('r-notes', 'todo.txt', Buffer.from('replicate'));
    await expect.poll(() => arrived(targetS3, 'r-pics-copy', 'cat.jpg'), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => arrived(targetS3, 'r-notes', 'todo.txt'), { timeout: 30_000 }).toBe(true);
    expect((await targetS3.statObject('r-pics-copy', 'cat.jpg')).versionId).toBe(put.versionId);

    // The bucket's Replication tab lists the rule (the ARN prefix stripped) and the figures.
    await page.goto('/buckets/r-pics/admin/replication');
    const rules = page.getByRole('table', { name: 'Replication rules' });
    await expect(rules.getByRole('cell', { name: 'r-pics-copy' })).toBeVisible();
    await expect(rules.getByRole('cell', { name: 'Enabled' })).toBeVisible();
    await expect(page.getByLabel('Replicated objects')).toHaveText(/^1 /);
    await snap(page, 'replication-tab');
    // Edit Replication Rule: the row opens the rule's form; the change reaches the store's configuration.
    await rules.getByRole('cell', { name: 'r-pics-copy' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Replication Rule' });
    await expect(edit.getByLabel('Destination')).toHaveValue('r-pics-copy');
    await edit.getByLabel('Priority').fill('0');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit.getByText('Priority must be a whole number above zero')).toBeVisible();
    await edit.getByLabel('Priority').fill('2');
    await edit.getByLabel('Prefix').fill('only/');
    await edit.getByLabel('Tags').fill('team=ops');
    await edit.getByLabel('Deletes Replication').uncheck();
    await settle(page);
    await snap(page, 'replication-rule-edit');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Replication rule updated.')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(rules.getByRole('cell', { name: 'only/' })).toBeVisible();
    await expect(rules.getByRole('cell', { name: 'Yes' })).toBeVisible();
    const stored = JSON.stringify(await own.s3.getBucketReplication('r-pics'));
    expect(stored).toContain('only/');
    expect(stored).toContain('team');
    expect(stored).toMatch(/"DeleteReplication":\{"Status":"Disabled"\}/);
    await page.getByRole('button', { name: 'Add Replication Rule' }).click();
    await expect(page.getByRole('dialog', { name: 'Set Bucket Replication' })).toBeVisible();
    await settle(page);
    await snap(page, 'replication-rule-form');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await settle(page);
    await snap(page, 'replication-tab-dark');
    await page.getByRole('button', { name: 'Edit rule 2' }).click();
    await settle(page);
    await snap(page, 'replication-rule-edit-dark');
    await page.getByRole('button', { name: 'Cancel' }).click();

    // Delete Replication Rule.
    await page.getByRole('button', { name: 'Delete rule 2' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Replication Rule' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText('There are no replication rules yet.')).toBeVisible();
    await context.close();
  } finally {
    await own.close();
    await target.close();
    await rm(targetDir, { recursive: true, force: true });
  }
});
