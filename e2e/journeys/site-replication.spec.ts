// SPDX-License-Identifier: Apache-2.0
import { expect, type Page, test } from '@playwright/test';
import { startSiteStore } from '../../packages/console/src/testing/site-store.js';
import { E2E } from '../support/env.js';
import { signIn } from '../support/login.js';
import { startOwnConsole } from '../support/own-console.js';
import { snapBoth } from '../support/screenshots.js';

// Issue 34: Settings → Site Replication against this journey's own store and two more stores (the
// peers), each with root keys of its own — browser → console → madmin SiteReplicationAdd → the stores.

/** Dialogs fade in and panels slide: shoot once nothing moves. */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().length === 0);
}

async function fillSite(
  page: Page,
  row: string,
  site: { name: string; endpoint: string; accessKey: string; secretKey: string },
): Promise<void> {
  await page.getByLabel(`Site Name of ${row}`).fill(site.name);
  await page.getByLabel(`Endpoint of ${row}`).fill(site.endpoint);
  await page.getByLabel(`Access Key of ${row}`).fill(site.accessKey);
  await page.getByLabel(`Secret Key of ${row}`).fill(site.secretKey);
}

test('two peers added in the form replicate with this site; a bucket made at one site is at every site', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const own = await startOwnConsole(4);
  const [east, west] = await Promise.all([startSiteStore('east', 1), startSiteStore('west', 1)]);
  try {
    const context = await browser.newContext({ baseURL: own.url });
    const page = await context.newPage();
    await signIn(page, E2E.rootUser, E2E.rootPassword);
    await page.goto('/settings');
    await page
      .getByRole('navigation', { name: 'Settings sections' })
      .getByRole('button', { name: 'Site Replication' })
      .click();
    await expect(page.getByText('Site Replication is not configured')).toBeVisible();
    await settle(page);
    await snapBoth(page, 'site-replication-empty');

    // The add form: every field is checked before anything is sent.
    await page.getByRole('button', { name: 'Add Sites' }).click();
    const form = page.getByRole('form', { name: 'Add Sites' });
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Site name is required')).toHaveCount(2);
    await expect(form.getByText('Endpoint is required')).toHaveCount(2);
    await page.getByLabel('Endpoint of peer 1').fill('east:9000');
    await expect(
      form.getByText('Enter the endpoint as a URL, e.g. https://minio.example.com:9000'),
    ).toBeVisible();
    await settle(page);
    await snapBoth(page, 'site-replication-add-errors');

    await fillSite(page, 'this site', {
      name: 'home',
      endpoint: own.store.url,
      accessKey: E2E.rootUser,
      secretKey: E2E.rootPassword,
    });
    await fillSite(page, 'peer 1', east.peer);
    await form.getByRole('button', { name: 'Add Peer' }).click();
    await fillSite(page, 'peer 2', west.peer);
    // A row can be added and removed again.
    await form.getByRole('button', { name: 'Add Peer' }).click();
    await expect(page.getByLabel('Site Name of peer 3')).toBeVisible();
    await form.getByRole('button', { name: 'Remove peer 3' }).click();
    await expect(page.getByLabel('Site Name of peer 3')).toHaveCount(0);
    await settle(page);
    await snapBoth(page, 'site-replication-add');
    await form.getByRole('button', { name: 'Save' }).click();

    // The sites table: endpoint, name, deployment id of each, with Edit and Remove.
    const table = page.getByRole('table', { name: 'Replication Sites' });
    await expect(table.getByRole('row')).toHaveCount(4, { timeout: 60_000 });
    for (const s of [
      { name: 'home', url: own.store.url },
      { name: 'east', url: east.store.url },
      { name: 'west', url: west.store.url },
    ]) {
      const row = table.getByRole('row', { name: new RegExp(`\\b${s.name}\\b`) });
      await expect(row.getByRole('cell', { name: s.url })).toBeVisible();
      await expect(row.getByRole('cell').nth(2)).toHaveText(/^[0-9a-f-]{36}$/);
      await expect(row.getByRole('button', { name: `Edit ${s.name}` })).toBeVisible();
      await expect(row.getByRole('button', { name: `Remove ${s.name}` })).toBeVisible();
    }
    await settle(page);
    await snapBoth(page, 'site-replication-sites');

    await page.getByRole('button', { name: 'Edit east' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Site east' });
    await expect(edit.getByLabel('Endpoint')).toHaveValue(east.store.url);
    await settle(page);
    await snapBoth(page, 'site-replication-edit');
    await edit.getByRole('button', { name: 'Cancel' }).click();

    // Replication Status: every site in sync.
    await page.getByRole('button', { name: 'Replication Status' }).click();
    await expect(page.getByText('All sites in sync')).toBeVisible({ timeout: 60_000 });
    const sites = page.getByRole('table', { name: 'Sites' });
    await expect(sites.getByRole('row')).toHaveCount(4);

    // A bucket made at one site (east, with its own keys) shows at every site in the entity lookup.
    await east.s3.makeBucket('made-in-east', 'us-east-1');
    await page.getByLabel('Entity Value').fill('made-in-east');
    await page.getByRole('button', { name: 'Look Up' }).click();
    const lookup = page.getByRole('table', { name: 'Bucket made-in-east at each site' });
    for (const name of ['home', 'east', 'west']) {
      await expect(
        lookup.getByRole('row', { name: new RegExp(`\\b${name}\\b`) }).getByText('In sync'),
      ).toBeVisible({
        timeout: 60_000,
      });
    }
    await expect(page.getByText('All sites in sync')).toBeVisible({ timeout: 60_000 });
    await settle(page);
    await snapBoth(page, 'site-replication-status');
    // The bucket is really at this site too.
    expect(await own.s3.bucketExists('made-in-east')).toBe(true);

    // Resync: east loses an object (removed the way a replicated delete removes a version, so home is
    // not told); Resync east sends it back, with its version id.
    const homeObject = await own.s3.putObject('made-in-east', 'report.txt', Buffer.from('kept at home'));
    await expect
      .poll(
        async () => (await east.s3.statObject('made-in-east', 'report.txt').catch(() => null))?.versionId,
        {
          timeout: 60_000,
        },
      )
      .toBe(homeObject.versionId);
    await east.s3.makeRequestAsync(
      {
        method: 'DELETE',
        bucketName: 'made-in-east',
        objectName: 'report.txt',
        query: `versionId=${homeObject.versionId}`,
        headers: { 'x-minio-source-replication-request': 'true' },
      },
      '',
      [204],
    );
    await expect(east.s3.statObject('made-in-east', 'report.txt')).rejects.toThrow();
    await page.getByRole('button', { name: 'Back To Site Replication' }).click();
    await expect(table.getByRole('button', { name: 'Resync home' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Resync east' }).click();
    const resync = page.getByRole('dialog', { name: 'Resync Site' });
    await expect(resync).toContainText('Send every object of every bucket at this site to east');
    await resync.getByRole('button', { name: 'Resync', exact: true }).click();
    await expect(resync.getByRole('status')).toHaveText(/^Resync of east started: Success/, {
      timeout: 60_000,
    });
    await expect(
      resync.getByRole('table', { name: 'Resync of east' }).getByRole('row', { name: 'made-in-east' }),
    ).toContainText('Success');
    await settle(page);
    await snapBoth(page, 'site-replication-resync');
    await resync.getByRole('button', { name: 'Done' }).click();
    await expect
      .poll(
        async () => (await east.s3.statObject('made-in-east', 'report.txt').catch(() => null))?.versionId,
        { timeout: 60_000 },
      )
      .toBe(homeObject.versionId);
    // Nothing is left to cancel: the store says so in the dialog.
    await page.getByRole('button', { name: 'Cancel resync of east' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel Resync' });
    await cancel.getByRole('button', { name: 'Cancel Resync' }).click();
    await expect(cancel.getByRole('alert')).toContainText('no resync in progress');
    await cancel.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(cancel).toBeHidden();

    // Remove west after the confirmation; home and east stay.
    await page.getByRole('button', { name: 'Remove west' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove Site' });
    await settle(page);
    await snapBoth(page, 'site-replication-remove');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Site west removed from site replication.')).toBeVisible({ timeout: 60_000 });
    await expect(table.getByRole('row')).toHaveCount(3);
    await context.close();
  } finally {
    await own.close();
    await east.close();
    await west.close();
  }
});
