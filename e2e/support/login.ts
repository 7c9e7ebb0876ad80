// SPDX-License-Identifier: Apache-2.0
import { expect, type Page } from '@playwright/test';

/** Signs in through the login form, as a person would, and waits for the signed-in shell. */
export async function signIn(page: Page, accessKey: string, secretKey: string): Promise<void> {
  await page.goto('/login');
  await page.getByPlaceholder('Enter Username').fill(accessKey);
  await page.getByPlaceholder('Enter Password').fill(secretKey);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
}
