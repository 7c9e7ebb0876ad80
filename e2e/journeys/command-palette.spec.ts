// SPDX-License-Identifier: Apache-2.0
import { type Browser, expect, type Page, test } from '@playwright/test';
import { rootAdmin, rootS3 } from '../support/clients.js';
import { E2E } from '../support/env.js';
import { signIn } from '../support/login.js';
import { snapBoth } from '../support/screenshots.js';

// Issue 38 — the command palette: Ctrl+K jumps to any page the session may open and to a bucket by name,
// keyboard only; a read-only user's palette offers no admin page.
const READER = { user: 'palette-reader', secret: 'palette-reader-secret' };
const BUCKETS = ['palette-photos', 'palette-reports'];

test.beforeAll(async () => {
  const s3 = rootS3();
  for (const b of BUCKETS) if (!(await s3.bucketExists(b))) await s3.makeBucket(b);
  const admin = rootAdmin();
  await admin.addUser(READER.user, READER.secret);
  await admin.setPolicy('readonly', READER.user, false);
});

async function signedIn(browser: Browser, user: string, secret: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, user, secret);
  return page;
}

async function openPalette(page: Page) {
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette.getByRole('combobox', { name: 'Jump to' })).toBeFocused();
  return palette;
}

test('Ctrl+K jumps to a page and to a bucket by name, with the keyboard only', async ({ browser }) => {
  const page = await signedIn(browser, E2E.rootUser, E2E.rootPassword);
  let palette = await openPalette(page);
  await page.keyboard.type('prof');
  await expect(palette.getByRole('option', { name: /^Profile/, selected: true })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);

  palette = await openPalette(page);
  await page.keyboard.type('palette-');
  const options = palette.getByRole('option');
  await expect(options).toHaveCount(2);
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  const chosen = palette.getByRole('option', { selected: true });
  await expect(chosen).toHaveCount(1);
  const name = ((await chosen.textContent()) ?? '').replace(/Bucket$/, '');
  expect(BUCKETS).toContain(name);
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await snapBoth(page, 'command-palette');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/buckets/${name}/browse$`));

  palette = await openPalette(page);
  await page.keyboard.type('no such place');
  await expect(palette.getByText('Nothing matches “no such place”.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
  await page.context().close();
});

test("a read-only user's palette lists the pages of their menu and their buckets, no admin page", async ({
  browser,
}) => {
  const page = await signedIn(browser, READER.user, READER.secret);
  // The menu's entries, read before the modal palette hides the page behind it.
  const menu = (
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link').allTextContents()
  ).map((t) => t.trim());
  const palette = await openPalette(page);
  // The pages come first; the shared store's buckets (other journeys' too) may fill the list's 50 rows.
  await expect(palette.getByRole('option', { name: /^License/ })).toBeVisible();
  const pages = (await palette.getByRole('option').allTextContents())
    .filter((t) => !t.endsWith('Bucket'))
    .map((t) => t.replace(/(Page|Tools|Operator)$/, ''));
  // Each page offered is one of the user's menu entries, and the menu's pages are all offered.
  for (const p of pages) expect(menu).toContain(p);
  for (const p of ['Buckets', 'Service Accounts', 'License']) expect(pages).toContain(p);
  for (const admin of ['Users', 'Groups', 'Policies', 'Settings', 'Profile', 'Inspect', 'Trace', 'OpenID']) {
    expect(pages).not.toContain(admin);
  }
  // The user's buckets are offered by name.
  await page.keyboard.type('palette-');
  await expect(palette.getByRole('option', { name: /^palette-photos/ })).toBeVisible();
  await expect(palette.getByRole('option', { name: /^palette-reports/ })).toBeVisible();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('palette-reports');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/buckets\/palette-reports\/browse$/);
  await page.context().close();
});
