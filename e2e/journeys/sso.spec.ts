// SPDX-License-Identifier: Apache-2.0
import { expect, test } from '@playwright/test';
import { MadminClient } from '@stowage/madmin';
import * as Minio from 'minio';
import { testService } from '../../test-services/index.js';
import type { OidcProviderInfo } from '../../test-services/services/oidc-provider.js';
import type { SlapdInfo } from '../../test-services/services/slapd.js';
import { E2E } from '../support/env.js';
import { signIn } from '../support/login.js';
import { type OwnConsole, startOwnConsole } from '../support/own-console.js';
import { snap } from '../support/screenshots.js';
import { bucketNames, bucketPolicy, ldapConfigLine } from '../support/sso.js';

// Issue 23: single sign-on in the browser — OpenID through oidc-provider's own login page, LDAP against
// slapd, and the identity provider's error on /oauth_callback. A console and store of the journey's own,
// the console reading identity_openid / identity_ldap from the store's configuration.

test.describe.configure({ mode: 'serial' });

let own: OwnConsole;
let admin: MadminClient;
let idp: OidcProviderInfo;
let ldap: SlapdInfo;

test.beforeAll(async () => {
  idp = await testService<OidcProviderInfo>('oidc-provider');
  ldap = await testService<SlapdInfo>('slapd');
  own = await startOwnConsole(1, {
    sso: { serverAdmin: { accessKey: E2E.rootUser, secretKey: E2E.rootPassword } },
  });
  admin = new MadminClient({ endpoint: own.store.url, accessKey: E2E.rootUser, secretKey: E2E.rootPassword });
  for (const b of ['sso-alice-bucket', 'sso-other-bucket', 'ldap-alice-bucket']) await own.s3.makeBucket(b);
  await admin.addCannedPolicy('sso-alice', bucketPolicy('sso-alice-bucket'));
  await admin.addCannedPolicy('ldap-alice', bucketPolicy('ldap-alice-bucket'));
  // This console's client at the provider, registered with its exact redirect URI.
  const res = await fetch(idp.registrationUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      redirect_uris: [`${own.url}/oauth_callback`],
      grant_types: ['authorization_code'],
    }),
  });
  const client = (await res.json()) as { client_id: string; client_secret: string };
  await admin.setConfigKV(
    `identity_openid config_url="${idp.configUrl}" client_id="${client.client_id}" ` +
      `client_secret="${client.client_secret}" display_name="Sign in with Stowage ID"`,
  );
  const d = ldap.directory;
  await admin.setConfigKV(ldapConfigLine(ldap));
  await admin.attachPolicyLDAP({ policies: ['ldap-alice'], user: d.users.alice.dn });
});

test.afterAll(async () => {
  await own?.close();
});

test('SSO: the provider login page signs alice in with only her policy’s buckets', async ({ browser }) => {
  const page = await browser.newPage({ baseURL: own.url, viewport: { width: 1400, height: 900 } });
  await page.goto('/login');
  const sso = page.getByRole('link', { name: 'Sign in with Stowage ID' });
  await expect(sso).toBeVisible();
  await snap(page, 'sso-login-light');
  await sso.click();
  // oidc-provider's own login page.
  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
  await page.locator('input[name=login]').fill('alice');
  await page.locator('input[name=password]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  expect(await bucketNames(page)).toEqual(['sso-alice-bucket']);
  await snap(page, 'sso-buckets-alice');
  await page.close();
});

test('IdP error: a cancelled sign-in shows the provider’s error on /oauth_callback', async ({ browser }) => {
  const page = await browser.newPage({ baseURL: own.url, viewport: { width: 1400, height: 900 } });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign in with Stowage ID' }).click();
  await page.getByRole('link', { name: /Cancel/ }).click();
  await expect(page).toHaveURL(/\/oauth_callback\?/);
  await expect(page.getByRole('heading', { name: 'IDP Error:' })).toBeVisible();
  await expect(page.getByText('access_denied')).toBeVisible();
  await expect(page.getByText('End-User aborted interaction')).toBeVisible();
  await snap(page, 'sso-idp-error-dark');
  await page.close();
});

test('LDAP: the form signs a directory user in; root still signs in with keys', async ({ browser }) => {
  const d = ldap.directory;
  const page = await browser.newPage({ baseURL: own.url, viewport: { width: 1400, height: 900 } });
  await signIn(page, 'alice', d.users.alice.password);
  expect(await bucketNames(page)).toEqual(['ldap-alice-bucket']);
  await snap(page, 'ldap-buckets-alice');
  // Her own service account: the dialog says to use the directory for the console (spec 2 §4).
  await page.goto('/account');
  await page.getByRole('button', { name: 'Create service account' }).click();
  await page
    .getByRole('dialog', { name: 'Create Service Account' })
    .getByRole('button', { name: 'Create' })
    .click();
  const creds = page.getByRole('dialog', { name: 'New Service Account Created' });
  await expect(creds.getByText('Your identity comes from your LDAP directory')).toBeVisible();
  await snap(page, 'ldap-service-account-created');
  const saKey = (await creds.getByLabel('Access Key', { exact: true }).textContent()) ?? '';
  const saSecret = (await creds.getByLabel('Secret Key', { exact: true }).textContent()) ?? '';
  await creds.getByRole('button', { name: 'Done' }).click();
  // The keys carry her directory policy: her bucket yes, another no.
  const sa = new Minio.Client({
    endPoint: '127.0.0.1',
    port: own.store.port,
    useSSL: false,
    accessKey: saKey,
    secretKey: saSecret,
    region: 'us-east-1',
  });
  await sa.putObject('ldap-alice-bucket', 'sa.txt', Buffer.from('ok'));
  await expect(sa.putObject('sso-other-bucket', 'sa.txt', Buffer.from('no'))).rejects.toMatchObject({
    code: 'AccessDenied',
  });

  const wrong = await browser.newPage({ baseURL: own.url });
  await wrong.goto('/login');
  await wrong.getByPlaceholder('Enter Username').fill('alice');
  await wrong.getByPlaceholder('Enter Password').fill('not-her-password');
  await wrong.getByRole('button', { name: 'Login' }).click();
  await expect(wrong.getByRole('alert').getByText('Invalid Login.')).toBeVisible();
  await expect(wrong).toHaveURL(/\/login$/);

  const root = await browser.newPage({ baseURL: own.url });
  await signIn(root, E2E.rootUser, E2E.rootPassword);
  // The directory owns users and groups: their pages list the DNs that have policies, read-only.
  const menu = root.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Policies' })).toBeVisible();
  await menu.getByRole('link', { name: 'Users' }).click();
  const users = root.getByRole('table', { name: 'LDAP Users' });
  await expect(users.getByRole('row', { name: new RegExp(d.users.alice.dn) })).toContainText('ldap-alice');
  await expect(root.getByRole('button', { name: 'Create User' })).toHaveCount(0);
  await expect(root.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  expect(await bucketNames(root)).toEqual(['ldap-alice-bucket', 'sso-alice-bucket', 'sso-other-bucket']);
  await Promise.all([page.close(), wrong.close(), root.close()]);
});

test('LDAP: the admin assigns a policy to a group DN; a member then sees only its bucket', async ({
  browser,
}) => {
  const d = ldap.directory;
  await own.s3.makeBucket('ldap-staff-bucket');
  await admin.addCannedPolicy('ldap-staff', bucketPolicy('ldap-staff-bucket'));
  const page = await browser.newPage({ baseURL: own.url, viewport: { width: 1400, height: 900 } });
  await signIn(page, E2E.rootUser, E2E.rootPassword);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('table', { name: 'LDAP Users' })).toBeVisible();
  await snap(page, 'ldap-users-light');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Groups' }).click();
  await expect(page.getByText('No LDAP Groups with Policies')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Group' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Assign Policies' }).click();
  const dialog = page.getByRole('dialog', { name: 'Assign Policies to an LDAP Group' });
  const dn = dialog.getByRole('textbox', { name: 'Group DN' });
  // A plain name is not a DN; a DN the directory lacks is the server's refusal.
  await dn.fill('staff');
  await dn.blur();
  await expect(
    dialog.getByText('Enter a distinguished name such as cn=staff,ou=groups,dc=example,dc=com'),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dn.fill(`cn=nobody,${d.groupsBase}`);
  await dialog.getByRole('checkbox', { name: 'ldap-staff' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    dialog.getByText(`the group DN 'cn=nobody,${d.groupsBase}' was not found in the LDAP directory`),
  ).toBeVisible();
  await page
    .getByRole('alert')
    .filter({ hasText: 'was not found' })
    .getByRole('button', { name: 'Close' })
    .click();
  await dn.fill(d.groups.staff);
  await snap(page, 'ldap-assign-policies-light');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const groups = page.getByRole('table', { name: 'LDAP Groups' });
  await expect(groups.getByRole('row', { name: new RegExp(d.groups.staff) })).toContainText('ldap-staff');
  await snap(page, 'ldap-groups-light');
  expect((await admin.getLDAPPolicyEntities({ groups: [d.groups.staff] })).groupMappings).toEqual([
    { group: d.groups.staff, policies: ['ldap-staff'] },
  ]);
  // The same screens in the dark theme.
  await page.emulateMedia({ colorScheme: 'dark' });
  await groups.getByRole('button', { name: `Edit policies of ${d.groups.staff}` }).click();
  await expect(page.getByRole('dialog', { name: `Policies of ${d.groups.staff}` })).toBeVisible();
  await snap(page, 'ldap-edit-policies-dark');
  await page.keyboard.press('Escape');
  await snap(page, 'ldap-groups-dark');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('table', { name: 'LDAP Users' })).toBeVisible();
  await snap(page, 'ldap-users-dark');

  // carol has no policy of her own; as a member of staff she now signs in and sees its bucket only.
  const carol = await browser.newPage({ baseURL: own.url, viewport: { width: 1400, height: 900 } });
  await signIn(carol, 'carol', d.users.carol.password);
  expect(await bucketNames(carol)).toEqual(['ldap-staff-bucket']);
  await snap(carol, 'ldap-buckets-carol');
  await Promise.all([page.close(), carol.close()]);
});

test('Settings: Test Connection tries identity_ldap before it is saved', async ({ browser }) => {
  const page = await browser.newPage({ baseURL: own.url, viewport: { width: 1400, height: 900 } });
  await signIn(page, E2E.rootUser, E2E.rootPassword);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Settings' }).click();
  await page
    .getByRole('list', { name: 'Configurations' })
    .getByRole('button', { name: /^identity_ldap/ })
    .click();
  const form = page.getByRole('region', { name: 'Configuration identity_ldap' });
  await form.getByRole('button', { name: 'Test Connection' }).click();
  await expect(page.getByText(/^Connection works: connected to 127\.0\.0\.1:\d+ as cn=lookup/)).toBeVisible();
  await snap(page, 'sso-settings-ldap-test');
  // An unsaved change that points nowhere is reported, and nothing is saved.
  const addr = form.getByRole('textbox', { name: 'Server Addr' });
  await addr.fill('127.0.0.1:9');
  await form.getByRole('button', { name: 'Test Connection' }).click();
  await expect(page.getByText(/could not be used/).first()).toBeVisible();
  expect(await admin.getConfigKV('identity_ldap')).toContain(`server_addr=${ldap.serverAddr}`);
  await page.close();
});
