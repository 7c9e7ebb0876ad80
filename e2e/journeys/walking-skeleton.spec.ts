// SPDX-License-Identifier: Apache-2.0
import { expect, test } from '@playwright/test';
import { searchBucket } from '../support/buckets.js';
import { rootS3 } from '../support/clients.js';
import { E2E } from '../support/env.js';
import { snap } from '../support/screenshots.js';

// Issue 2: browser → console backend → embedded store → disk, thin but real.
test('root signs in, sees the buckets that exist in the store, and logs out', async ({ page }) => {
  const bucket = `skeleton-${Date.now()}`;
  await rootS3().makeBucket(bucket);

  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Console Login')).toBeVisible();
  const login = page.getByRole('button', { name: 'Login' });
  await expect(login).toBeDisabled();
  await snap(page, 'login');

  await page.getByPlaceholder('Enter Username').fill(E2E.rootUser);
  await expect(login).toBeDisabled();
  await page.getByPlaceholder('Enter Password').fill(E2E.rootPassword);
  await expect(login).toBeEnabled();
  await login.click();
  // Sign-in answers once the server's capabilities are probed: wait for it before leaving the page,
  // as a person waits for the console to open (navigating away would cancel the sign-in request).
  await expect(page).not.toHaveURL(/\/login$/);

  await page.goto('/buckets');
  await expect(page.getByRole('heading', { name: 'Buckets' })).toBeVisible();
  await expect(await searchBucket(page, bucket)).toBeVisible();
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name === 'token');
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe('Strict');
  await snap(page, 'buckets');

  await page.getByRole('button', { name: /logout/i }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/buckets');
  await expect(page).toHaveURL(/\/login$/);
});

test('a wrong password shows the error banner and the API answers 401 with the error shape', async ({
  page,
  request,
}) => {
  const res = await request.post('/api/v1/login', {
    data: { accessKey: E2E.rootUser, secretKey: 'wrong-password' },
  });
  expect(res.status()).toBe(401);
  const body = await res.json();
  expect(typeof body.errorMessage).toBe('string');
  expect(typeof body.detailedError).toBe('string');

  const strategy = await request.get('/api/v1/login');
  expect(await strategy.json()).toEqual({ loginStrategy: 'form' });

  await page.goto('/login');
  await page.getByPlaceholder('Enter Username').fill(E2E.rootUser);
  await page.getByPlaceholder('Enter Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Login' }).click();
  const banner = page.getByRole('alert').filter({ hasText: 'Error' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(body.errorMessage);
  await snap(page, 'login-error');
});
