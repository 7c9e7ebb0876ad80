// SPDX-License-Identifier: Apache-2.0
import { expect, test } from '@playwright/test';
import { rootAdmin } from '../support/clients.js';
import { E2E } from '../support/env.js';
import { signIn } from '../support/login.js';
import { snap, snapBoth } from '../support/screenshots.js';

// Issue 5: sign-in, session and the signed-in shell, in Chromium against the real console and store.

test('the login error banner shows the failure and hides itself after 10 seconds', async ({ page }) => {
  await page.goto('/login');
  await page.getByPlaceholder('Enter Username').fill(E2E.rootUser);
  await page.getByPlaceholder('Enter Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  const banner = page.getByRole('alert').filter({ hasText: 'Error' });
  await expect(banner).toBeVisible();
  await page.getByRole('button', { name: 'Details' }).click();
  await snap(page, 'login-error-details');
  await page.mouse.move(0, 0);
  await expect(banner).toBeHidden({ timeout: 15_000 });
});

test('a user with only readonly sees only their menu entries; a forbidden URL falls back', async ({
  browser,
}) => {
  const admin = rootAdmin();
  const user = `reader-${Date.now()}`;
  await admin.addUser(user, 'reader-secret-1');
  await admin.setPolicy('readonly', user, false);

  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, user, 'reader-secret-1');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByText('Buckets')).toBeVisible();
  for (const hidden of ['Dashboard', 'Users', 'Groups', 'Policies', 'Trace', 'Logs', 'Settings']) {
    await expect(menu.getByText(hidden, { exact: true })).toHaveCount(0);
  }
  await snap(page, 'shell-readonly-user');

  await page.goto('/users');
  await expect(page).toHaveURL(/\/buckets$/);
  await context.close();
});

test('root sees the admin entries; the collapsed menu survives a reload; light and dark themes', async ({
  page,
}) => {
  await signIn(page, E2E.rootUser, E2E.rootPassword);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  // Root lands on the first page it may see, the dashboard; shoot it once its figures are in.
  await expect(page).toHaveURL(/\/dashboard$/);
  const loaded = page.getByRole('region', { name: 'All Buckets' });
  await expect(loaded).toBeVisible({ timeout: 30_000 });
  await expect(menu.getByText('Buckets')).toBeVisible();
  await expect(menu.getByRole('button', { name: /logout/i })).toBeVisible();
  await snap(page, 'shell-open-light');

  await page.getByRole('button', { name: 'Collapse menu' }).click();
  await expect(page.getByRole('button', { name: 'Expand menu' })).toBeVisible();
  // The menu animates its width (0.2 s): wait for it to settle.
  await expect.poll(async () => (await menu.boundingBox())?.width).toBeLessThanOrEqual(116);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Expand menu' })).toBeVisible();
  await expect(loaded).toBeVisible({ timeout: 30_000 });
  await snap(page, 'shell-collapsed-light');

  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  await snap(page, 'shell-collapsed-dark');
  await page.getByRole('button', { name: 'Expand menu' }).click();
  await expect.poll(async () => (await menu.boundingBox())?.width).toBeGreaterThanOrEqual(244);
  await snap(page, 'shell-open-dark');
  await page.getByRole('button', { name: 'Switch to light theme' }).click();

  await page.goto('/no/such/page');
  await expect(page.getByText('404 Not Found')).toBeVisible();
  await expect(page.getByText(/copyright|©/i)).toBeVisible();
  await snap(page, 'not-found');
});

test('on a short window the side menu says more entries are below and brings up the last one to click', async ({
  page,
}) => {
  await signIn(page, E2E.rootUser, E2E.rootPassword);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(page).toHaveURL(/\/dashboard$/);
  // The menu's list ends with the last page entry, then Documentation (the footer's About line follows).
  const names = (await menu.getByRole('link').allInnerTexts()).map((n) => n.trim());
  const last = names[names.indexOf('Documentation') - 1] ?? '';
  const lastEntry = menu.getByRole('link', { name: last, exact: true });
  const documentation = menu.getByRole('link', { name: 'Documentation' });
  const logout = menu.getByRole('button', { name: /logout/i });
  const more = menu.getByRole('button', { name: 'Scroll menu down' });
  for (const [height, collapsed] of [
    [800, false],
    [600, false],
    [600, true],
  ] as const) {
    await page.setViewportSize({ width: 1280, height });
    await page.goto('/dashboard');
    if (collapsed) await page.getByRole('button', { name: 'Collapse menu' }).click();
    // The footer (Logout) stays on screen; the lowest entries are below the list's edge, which says so.
    await expect(logout).toBeInViewport({ ratio: 1 });
    await expect(documentation).not.toBeInViewport({ ratio: 1 });
    await expect(more).toBeVisible();
    if (height === 600) await snapBoth(page, `shell-menu-more-${collapsed ? 'collapsed' : 'open'}`);
    // The button brings the rest up a page at a time and goes once nothing is left below.
    await expect(async () => {
      if (await more.isVisible()) await more.click({ timeout: 1000 });
      await expect(more).toBeHidden({ timeout: 1000 });
    }).toPass();
    await expect(documentation, `Documentation at 1280x${height}`).toBeInViewport({ ratio: 1 });
    await expect(lastEntry).toBeInViewport({ ratio: 1 });
    await expect(logout).toBeInViewport({ ratio: 1 });
    await lastEntry.click();
    await expect(lastEntry).toHaveAttribute('aria-current', 'page');
    // The wheel over the menu scrolls it back to the top, and the button shows again.
    const box = await lastEntry.boundingBox();
    if (!box) throw new Error('the last menu entry has no box');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -5000);
    await expect(more).toBeVisible();
    if (collapsed) await page.getByRole('button', { name: 'Expand menu' }).click();
  }
  // A window tall enough for every entry shows no button.
  await page.setViewportSize({ width: 1280, height: 1400 });
  await expect(documentation).toBeInViewport({ ratio: 1 });
  await expect(more).toBeHidden();
});

test('when the backend cannot be reached the login screen offers Retry, which asks again', async ({
  page,
}) => {
  // The SPA is already loaded; the network then refuses the API (as when the backend process is down).
  await page.route('**/api/v1/login', (route) => route.abort('connectionrefused'));
  await page.goto('/login');
  await expect(page.getByText('An error has occurred, the backend cannot be reached.')).toBeVisible();
  await snap(page, 'login-backend-unreachable');
  await page.unroute('**/api/v1/login');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('Console Login')).toBeVisible();
});
