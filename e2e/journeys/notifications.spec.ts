// SPDX-License-Identifier: Apache-2.0
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import pg from 'pg';
import { testService } from '../../test-services/index.js';
import type { PostgresInfo } from '../../test-services/services/postgres.js';
import { E2E } from '../support/env.js';
import { signIn } from '../support/login.js';
import { startOwnConsole } from '../support/own-console.js';
import { snap } from '../support/screenshots.js';

// Issue 20 on its own store (a target change needs a restart): add a PostgreSQL target through the
// connection-string builder of Settings → Lambda Notifications, restart, subscribe a bucket to uploads on
// its Events tab, upload, and read the row from the real PostgreSQL (test-services).

async function inBothSchemes(page: Page, name: string): Promise<void> {
  for (const mode of ['light', 'dark'] as const) {
    await page.evaluate((m) => document.documentElement.setAttribute('data-color-scheme', m), mode);
    await snap(page, `${name}-${mode}`);
  }
  await page.evaluate(() => document.documentElement.setAttribute('data-color-scheme', 'light'));
}

test('a PostgreSQL notification target added through the builder gets the bucket uploads', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const db = await testService<PostgresInfo>('postgres');
  const own = await startOwnConsole(4);
  const reader = new pg.Client({ connectionString: db.url });
  await reader.connect();
  let context: BrowserContext | undefined;
  try {
    await reader.query('DROP TABLE IF EXISTS journey_events');
    await own.s3.makeBucket('journey-events');
    context = await browser.newContext({ baseURL: own.url, viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await signIn(page, E2E.rootUser, E2E.rootPassword);

    await page.goto('/settings');
    await page
      .getByRole('navigation', { name: 'Settings sections' })
      .getByRole('button', { name: 'Lambda Notifications' })
      .click();
    await expect(page.getByText('No notification targets')).toBeVisible();
    await page.getByRole('button', { name: 'Add Notification Target' }).click();
    await expect(page.getByRole('button', { name: 'Webhook' })).toBeVisible();
    await inBothSchemes(page, 'lambda-services');
    await page.getByRole('button', { name: 'Postgres SQL' }).click();

    const form = page.getByRole('region', { name: 'New postgres target' });
    await expect(form.getByText('Connection String').first()).toBeVisible();
    await form.getByRole('textbox', { name: 'Identifier' }).fill('journey');
    await form.getByRole('textbox', { name: 'Host' }).fill(db.host);
    await form.getByRole('spinbutton', { name: 'Port' }).fill(String(db.port));
    await form.getByRole('textbox', { name: 'Database Name' }).fill(db.database);
    await form.getByRole('textbox', { name: 'User' }).fill(db.user);
    await form.getByLabel('Password').first().fill(db.password);
    await form.getByRole('combobox', { name: 'SSL Mode' }).click();
    await page.getByRole('option', { name: 'disable' }).click();
    const built = `host=${db.host} port=${db.port} dbname=${db.database} user=${db.user} password=${db.password} sslmode=disable`;
    // The built string on screen hides the password; the manual toggle shows the string itself.
    await expect(form.getByRole('textbox', { name: 'Connection String' })).toHaveValue(
      built.replace(`password=${db.password}`, 'password=••••••••'),
    );
    await expect(form.getByText('The password is hidden here.')).toBeVisible();
    await form.getByLabel('Enter the string manually').check();
    await expect(form.getByRole('textbox', { name: 'Connection String' })).toHaveValue(built);
    // Edited by hand, it parses back into the fields.
    await form
      .getByRole('textbox', { name: 'Connection String' })
      .fill(built.replace(`dbname=${db.database}`, 'dbname=typed'));
    await form.getByLabel('Enter the string manually').uncheck();
    await expect(form.getByRole('textbox', { name: 'Database Name' })).toHaveValue('typed');
    await form.getByRole('textbox', { name: 'Database Name' }).fill(db.database);
    await form.getByRole('textbox', { name: 'Table', exact: true }).fill('journey_events');
    await inBothSchemes(page, 'lambda-postgres-form');
    await form.getByRole('button', { name: 'Save Notification Target' }).click();
    await expect(
      page.getByText('Notification target postgres:journey saved. Restart the server to apply it.'),
    ).toBeVisible();

    const banner = page.getByRole('region', { name: 'Restart required' });
    await banner.getByRole('button', { name: 'Restart' }).click();
    await expect(banner).toBeHidden({ timeout: 60_000 });
    const targets = page.getByRole('table', { name: 'Notification targets' });
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(targets.getByRole('row', { name: /Online postgresql:journey/ })).toBeVisible({
        timeout: 1000,
      });
    }).toPass({ timeout: 20_000 });
    await inBothSchemes(page, 'lambda-list');

    await page.goto('/buckets/journey-events/admin/events');
    await page.getByRole('button', { name: 'Subscribe To Event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Subscribe To Event' });
    await dialog.getByRole('combobox', { name: 'ARN' }).click();
    await page.getByRole('option', { name: 'arn:minio:sqs:us-east-1:journey:postgresql' }).click();
    await dialog.getByRole('checkbox', { name: /PUT/ }).check();
    await dialog.getByRole('textbox', { name: 'Prefix' }).fill('photos/');
    await expect(dialog.locator('..').locator('..')).toHaveCSS('opacity', '1');
    await inBothSchemes(page, 'bucket-events-subscribe');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const subscriptions = page.getByRole('table', { name: 'Event subscriptions' });
    await expect(
      subscriptions.getByRole('row', {
        name: /arn:minio:sqs:us-east-1:journey:postgresql s3:ObjectCreated:\* photos\//,
      }),
    ).toBeVisible();
    await inBothSchemes(page, 'bucket-events-list');

    await own.s3.putObject('journey-events', 'photos/cat.jpg', Buffer.from('a cat'));
    await own.s3.putObject('journey-events', 'notes/skipped.txt', Buffer.from('not under photos/'));
    await expect(async () => {
      const { rows } = await reader.query<{ key: string; name: string }>(
        "SELECT key, value->'Records'->0->>'eventName' AS name FROM journey_events ORDER BY key",
      );
      expect(rows).toEqual([{ key: 'journey-events/photos/cat.jpg', name: 's3:ObjectCreated:Put' }]);
    }).toPass({ timeout: 20_000 });
  } finally {
    await context?.close();
    await reader.end();
    await own.close();
  }
});
