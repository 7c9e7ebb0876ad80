// SPDX-License-Identifier: Apache-2.0
import { expect, test } from '@playwright/test';
import { E2E } from '../support/env.js';
import { signIn } from '../support/login.js';
import { snapBoth } from '../support/screenshots.js';

// Issue 38: identity_tls (STS AssumeRoleWithCertificate) and site are sets the store implements, so the
// Settings list offers them as forms from the server's help, no longer marked "not supported";
// identity_tls is saved and applies at once (no restart banner). The set is turned off again at the end,
// as the other journeys found it.
test('settings: identity_tls and site are real forms; identity_tls saves and applies without a restart', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, E2E.rootUser, E2E.rootPassword);
  await page.goto('/settings');
  const list = page.getByRole('list', { name: 'Configurations' });
  const tlsEntry = list.getByRole('button', { name: /^identity_tls/ });
  await expect(tlsEntry).toBeVisible({ timeout: 30_000 });
  await expect(tlsEntry).toContainText('enable X.509 TLS certificate SSO support');
  await expect(tlsEntry).not.toContainText('not supported');
  await expect(list.getByRole('button', { name: /^site/ })).toContainText(
    'label the server and its location',
  );
  await expect(list.getByRole('button', { name: /^site/ })).not.toContainText('not supported');
  // Sets the store does not implement still say so.
  await expect(list.getByRole('button', { name: /^policy_opa/ })).toContainText('not supported');

  await tlsEntry.click();
  await expect(page).toHaveURL(/\/settings\?config=identity_tls$/);
  const form = page.getByRole('region', { name: 'Configuration identity_tls' });
  const enable = form.getByRole('switch', { name: 'Enable' });
  const skipVerify = form.getByRole('switch', { name: 'Skip Verify' });
  await expect(enable).not.toBeChecked();
  await expect(skipVerify).not.toBeChecked();
  await enable.check();
  await snapBoth(page, 'settings-identity-tls');
  try {
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Configuration identity_tls saved and applied.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Restart required' })).toBeHidden();

    // Opened again, the form shows the saved value.
    await list.getByRole('button', { name: /^identity_tls/ }).click();
    await expect(form.getByRole('switch', { name: 'Enable' })).toBeChecked();
  } finally {
    await page.goto('/settings?config=identity_tls');
    await form.getByRole('switch', { name: 'Enable' }).uncheck();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Configuration identity_tls saved and applied.')).toBeVisible();
  }

  // site: the name is checked as MinIO checks it before anything is saved.
  await list.getByRole('button', { name: /^site/ }).click();
  const site = page.getByRole('region', { name: 'Configuration site' });
  await site.getByRole('textbox', { name: 'Name', exact: true }).fill('Not A Site');
  await site.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/is not a site name/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Restart required' })).toBeHidden();
  await snapBoth(page, 'settings-site');
});
