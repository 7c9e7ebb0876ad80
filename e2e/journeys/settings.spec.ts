// SPDX-License-Identifier: Apache-2.0
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { E2E } from '../support/env.js';
import { signIn } from '../support/login.js';
import { startOwnConsole } from '../support/own-console.js';
import { snapBoth } from '../support/screenshots.js';

// Issue 15: Settings end to end on its own store (a region change and restarts must not touch the other
// journeys' store): change a set that needs a restart, see the restart banner, restart, see it gone; add
// and delete a logger webhook; export the configuration, then import it back; the history.

/** A real HTTP receiver for the webhook target: it accepts every record. */
async function startReceiver(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200).end());
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/logs`, server };
}

/** Waits until the open dialog's fade-in has finished, so its screenshot is not half transparent. */
async function dialogSettled(page: Page): Promise<void> {
  await expect(page.locator('.MuiDialog-container').last()).toHaveCSS('opacity', '1');
}

async function restartAndWait(page: Page): Promise<void> {
  const banner = page.getByRole('region', { name: 'Restart required' });
  await banner.getByRole('button', { name: 'Restart' }).click();
  await expect(banner).toBeHidden({ timeout: 60_000 });
}

test('settings: a restart set, the restart banner, a logger webhook, export and import', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const own = await startOwnConsole(4);
  const receiver = await startReceiver();
  let context: BrowserContext | undefined;
  try {
    context = await browser.newContext({
      baseURL: own.url,
      viewport: { width: 1400, height: 900 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    await signIn(page, E2E.rootUser, E2E.rootPassword);

    // The menu leads to Settings; the Configurations list comes from the server's help.
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    const list = page.getByRole('list', { name: 'Configurations' });
    await expect(list.getByRole('button', { name: /^region/ })).toBeVisible();
    await expect(list.getByRole('button', { name: /^logger_webhook/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Restart required' })).toBeHidden();
    await snapBoth(page, 'settings-configurations');

    // region takes effect at the next restart: saving it raises the banner.
    await list.getByRole('button', { name: /^region/ }).click();
    const form = page.getByRole('region', { name: 'Configuration region' });
    await expect(form).toBeVisible();
    await expect(page).toHaveURL(/\/settings\?config=region$/);
    const nameInput = form.getByRole('textbox', { name: 'Name', exact: true });
    await nameInput.fill('not a region!');
    await form.getByRole('button', { name: 'Save' }).click();
    // The server refuses the value, names it, and nothing is saved.
    await expect(page.getByText(/is not a region name/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Restart required' })).toBeHidden();
    await nameInput.fill('eu-journey-1');
    await snapBoth(page, 'settings-region-form');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(list).toBeVisible();
    await expect(page.getByText('Configuration region saved. Restart the server to apply it.')).toBeVisible();
    const banner = page.getByRole('region', { name: 'Restart required' });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('The server needs to be restarted');
    await snapBoth(page, 'settings-restart-banner');

    // The saved value is what the form shows when opened again.
    await list.getByRole('button', { name: /^region/ }).click();
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('eu-journey-1');
    await page.getByRole('button', { name: 'Back To Configurations' }).click();
    await expect(list).toBeVisible();

    // Restart: a progress bar while the server comes back, then the banner is gone. The answer is held
    // back in the browser until the restarting state has been looked at, then passed on unchanged.
    let release = (): void => undefined;
    const held = new Promise<void>((done) => {
      release = done;
    });
    await page.route('**/api/v1/service/restart', async (route) => {
      await held;
      await route.continue();
    });
    await banner.getByRole('button', { name: 'Restart' }).click();
    await expect(page.getByRole('progressbar', { name: 'Restarting the server' })).toBeVisible();
    await expect(banner).toContainText('The server is restarting…');
    await expect(banner.getByRole('button', { name: 'Restart' })).toBeDisabled();
    await snapBoth(page, 'settings-restarting');
    release();
    await expect(banner).toBeHidden({ timeout: 60_000 });
    await page.unroute('**/api/v1/service/restart');

    // The logger webhook page, reached from its Configurations entry.
    await list.getByRole('button', { name: /^logger_webhook/ }).click();
    await expect(page).toHaveURL(/\/webhook\/logger$/);
    await expect(page.getByRole('heading', { name: 'Logger Webhook Configuration' })).toBeVisible();
    await expect(page.getByText('No Webhooks Configured')).toBeVisible();
    await snapBoth(page, 'settings-logger-webhooks-empty');

    await page.getByRole('button', { name: 'Add Webhook Configuration' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Webhook Configuration' });
    await dialog.getByLabel('Name').fill('journey-log');
    await dialog.getByLabel('Endpoint').fill('ftp://wrong');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('The endpoint must be an http:// or https:// URL')).toBeVisible();
    await dialog.getByLabel('Endpoint').fill(receiver.url);
    const token = dialog.getByLabel('Auth Token', { exact: true });
    await expect(token).toHaveAttribute('type', 'password');
    await token.fill('journey-token');
    await dialog.getByRole('button', { name: 'Show Auth Token' }).click();
    await expect(token).toHaveAttribute('type', 'text');
    await dialog.getByRole('button', { name: 'Hide Auth Token' }).click();
    await expect(token).toHaveAttribute('type', 'password');
    await dialog.getByLabel('Queue Size').fill('1000');
    await dialogSettled(page);
    await snapBoth(page, 'settings-logger-webhook-add');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const table = page.getByRole('table', { name: 'Webhooks' });
    const row = table.getByRole('row', { name: /journey-log/ });
    await expect(row).toContainText(receiver.url);
    await expect(row.getByText(/Online|Offline|Unknown/)).toBeVisible();
    await snapBoth(page, 'settings-logger-webhooks');

    // Edit it: the name is fixed, an empty token keeps the saved one.
    await row.getByRole('button', { name: 'Edit journey-log' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Webhook journey-log' });
    await expect(edit.getByLabel('Name')).toBeDisabled();
    await expect(edit.getByLabel('Queue Size')).toHaveValue('1000');
    await edit.getByLabel('Endpoint').fill(`${receiver.url}/edited`);
    await dialogSettled(page);
    await snapBoth(page, 'settings-logger-webhook-edit');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText(`${receiver.url}/edited`);

    // Delete it, after the confirmation.
    await row.getByRole('button', { name: 'Delete journey-log' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Webhook' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('No Webhooks Configured')).toBeVisible();

    // The audit page has its own title.
    await page.goto('/webhook/audit');
    await expect(page.getByRole('heading', { name: 'Audit Webhook Configuration' })).toBeVisible();

    // Export the configuration, change the region, import the file: the exported region is back.
    await page.goto('/settings');
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('config.txt');
    const file = await download.path();
    const exported = await readFile(file, 'utf8');
    expect(exported).toContain('eu-journey-1');

    await page
      .getByRole('list', { name: 'Configurations' })
      .getByRole('button', { name: /^region/ })
      .click();
    await form.getByRole('button', { name: 'Restore Defaults' }).click();
    const restore = page.getByRole('dialog', { name: 'Restore Defaults' });
    await dialogSettled(page);
    await snapBoth(page, 'settings-restore-defaults');
    await restore.getByRole('button', { name: 'Restore' }).click();
    await expect(restore).toBeHidden();
    await expect(page.getByRole('list', { name: 'Configurations' })).toBeVisible();
    await page
      .getByRole('list', { name: 'Configurations' })
      .getByRole('button', { name: /^region/ })
      .click();
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('');
    await page.getByRole('button', { name: 'Back To Configurations' }).click();

    await page.getByLabel('Configuration file to import').setInputFiles(file);
    await expect(
      page.getByText(/Configuration imported from .*\. Restart the server to apply it\./),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Restart required' })).toBeVisible();
    await page
      .getByRole('list', { name: 'Configurations' })
      .getByRole('button', { name: /^region/ })
      .click();
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('eu-journey-1');
    await page.getByRole('button', { name: 'Back To Configurations' }).click();
    await restartAndWait(page);

    // The history lists the saved changes, each with Restore.
    await page.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'Configuration History' });
    await expect(history.getByRole('table', { name: 'Configuration history' })).toBeVisible();
    await expect(history.getByRole('button', { name: /^Restore / }).first()).toBeVisible();
    // Each entry shows what it changed against the one saved before it: the import put the region back.
    const newestRow = history.getByRole('row').nth(1);
    const newest = newestRow.getByRole('group', { name: 'Changed settings' });
    await expect(newest).toContainText('− region name="" comment=""');
    await expect(newest).toContainText('+ region name=eu-journey-1 comment=""');
    await expect(newest).not.toContainText('logger_webhook');
    await newestRow.getByRole('button', { name: 'Show configuration' }).click();
    await expect(newestRow).toContainText('compression enable=');
    await expect(newestRow.getByRole('button', { name: 'Hide configuration' })).toBeVisible();
    await dialogSettled(page);
    await snapBoth(page, 'settings-history');
    await history.getByRole('button', { name: 'Close' }).click();
  } finally {
    await context?.close();
    await new Promise((done) => receiver.server.close(done));
    await own.close();
  }
});

test('settings: the Object Ownership of new buckets (api object_ownership, issue 37)', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const own = await startOwnConsole(1);
  let context: BrowserContext | undefined;
  try {
    context = await browser.newContext({ baseURL: own.url, viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await signIn(page, E2E.rootUser, E2E.rootPassword);
    await page.goto('/settings?config=api');
    const form = page.getByRole('region', { name: 'Configuration api' });
    const field = form.getByRole('textbox', { name: 'Object Ownership', exact: true });
    // The default in effect: ACLs disabled, as AWS since 2023.
    await expect(field).toHaveValue('BucketOwnerEnforced');
    await field.fill('ObjectWriter');
    await snapBoth(page, 'settings-api-object-ownership');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(/Configuration api saved/)).toBeVisible();
    // A bucket created without x-amz-object-ownership now has ACLs enabled, its writer owning objects.
    await own.s3.makeBucket('after-setting');
    const controls = await own.s3.makeRequestAsync(
      { method: 'GET', bucketName: 'after-setting', query: 'ownershipControls' },
      '',
      [200],
    );
    let xml = '';
    for await (const chunk of controls) xml += String(chunk);
    expect(xml).toContain('<ObjectOwnership>ObjectWriter</ObjectOwnership>');
  } finally {
    await context?.close();
    await own.close();
  }
});
