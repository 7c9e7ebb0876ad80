// SPDX-License-Identifier: Apache-2.0
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E } from '../support/env.js';
import { signIn } from '../support/login.js';
import { snapBoth } from '../support/screenshots.js';

const version = (
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as {
    version: string;
  }
).version;

// The License page (issue 40, spec 3 §2 "License page" adapted): the console's licence with its full text,
// the embedded store's licence, and the searchable third-party notices; the footer's About line.
test('the License page shows the console’s licence, the server’s and the third-party notices', async ({
  page,
}) => {
  test.setTimeout(120_000); // two screens in both colour schemes
  await signIn(page, E2E.rootUser, E2E.rootPassword);
  const about = page.getByRole('link', { name: `About: Stowage ${version}, Apache-2.0` });
  await expect(about).toBeVisible();
  await about.click();
  await expect(page).toHaveURL(/\/license$/);
  await expect(page.getByRole('heading', { level: 1, name: 'License' })).toBeVisible();

  const card = page.getByRole('region', { name: 'Console licence' });
  await expect(card.getByRole('heading', { name: `Stowage ${version}` })).toBeVisible();
  const server = page.getByRole('region', { name: 'Server licence' });
  await expect(server.getByRole('heading', { name: `Embedded Stowage store ${version}` })).toBeVisible();
  await expect(server).toContainText('licensed under the Apache License 2.0');
  await expect(page.getByRole('heading', { name: 'Third-party notices' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Third-party packages' }).getByRole('listitem'),
  ).not.toHaveCount(0);
  await snapBoth(page, 'license');
  const packages = page.getByRole('list', { name: 'Third-party packages' }).getByRole('listitem');
  await expect(packages).toHaveCount(50);
  await page.getByRole('button', { name: /^Show all \d+ packages$/ }).click();
  await expect(packages).not.toHaveCount(50);

  await card.getByRole('button', { name: 'View License' }).click();
  const dialog = page.getByRole('dialog', { name: 'Apache License 2.0' });
  await expect(dialog).toContainText('TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION');
  await expect(dialog).toContainText('END OF TERMS AND CONDITIONS');
  await snapBoth(page, 'license-text');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('searchbox', { name: 'Search Notices' }).fill('fastify mit');
  const items = page.getByRole('list', { name: 'Third-party packages' }).getByRole('listitem');
  const fastify = items.filter({ has: page.getByText('fastify', { exact: true }) });
  await expect(fastify).toHaveCount(1);
  await expect(page.getByText(/ of \d+ packages/)).toBeVisible();
  await fastify.getByRole('button').click();
  await expect(fastify).toContainText('Permission is hereby granted');
  await snapBoth(page, 'license-notices-search');

  await page.getByRole('searchbox', { name: 'Search Notices' }).fill('no-such-package-anywhere');
  await expect(page.getByText('No package matches “no-such-package-anywhere”.')).toBeVisible();
});
