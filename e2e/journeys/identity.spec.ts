// SPDX-License-Identifier: Apache-2.0
import { readFile } from 'node:fs/promises';
import { type Browser, expect, type Page, test } from '@playwright/test';
import * as Minio from 'minio';
import { searchBucket } from '../support/buckets.js';
import { rootS3 } from '../support/clients.js';
import { E2E } from '../support/env.js';
import { snap } from '../support/screenshots.js';

// Issue 8: the identity screens end to end — policies, users, groups, service accounts, passwords.

const run = Date.now().toString(36);
const allowed = `id-allowed-${run}`;
const other = `id-other-${run}`;

const bucketPolicy = (bucket: string): string =>
  JSON.stringify(
    {
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Action: ['s3:GetBucketLocation', 's3:ListBucket'],
          Resource: [`arn:aws:s3:::${bucket}`],
        },
        { Effect: 'Allow', Action: ['s3:GetObject', 's3:PutObject'], Resource: [`arn:aws:s3:::${bucket}/*`] },
      ],
    },
    null,
    2,
  );

async function signIn(page: Page, user: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByPlaceholder('Enter Username').fill(user);
  await page.getByPlaceholder('Enter Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
}

/** A fresh browser context (no cookies, no local storage) signed in as `user`. */
async function freshSession(browser: Browser, user: string, password: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: E2E.consoleUrl,
    viewport: { width: 1400, height: 900 },
  });
  const page = await context.newPage();
  await signIn(page, user, password);
  return page;
}

/** Replaces the text of the CodeMirror policy editor inside `scope`. */
async function setEditorText(page: Page, text: string, scope = page.locator('body')): Promise<void> {
  const content = scope.locator('.cm-content').first();
  await content.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  // insertText bypasses auto-closing brackets, so the document is exactly `text`.
  await page.keyboard.insertText(text);
}

// Journeys sign in several identities in fresh browsers; give them room on a 2-core machine.
test.describe.configure({ timeout: 180_000 });

const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

test.beforeAll(async () => {
  const s3 = rootS3();
  await s3.makeBucket(allowed);
  await s3.makeBucket(other);
  await s3.putObject(allowed, 'hello.txt', Buffer.from('hello'));
});

test('a policy for one bucket, a user with it: the user sees only that bucket and the allowed menu; disabling them cuts them off', async ({
  page,
  browser,
}) => {
  const policyName = `team/only-${allowed}`; // policy names may contain slashes
  const userName = `reader-${run}`;
  await signIn(page, E2E.rootUser, E2E.rootPassword);

  // Policies: create one through the JSON editor; invalid JSON is pointed out and blocks Save.
  await page.goto('/policies');
  await expect(page.getByRole('heading', { name: 'Policies' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'consoleAdmin' })).toBeVisible();
  await snap(page, 'identity-policies');
  await page.getByRole('button', { name: 'Create Policy' }).click();
  const createPolicy = page.getByRole('dialog', { name: 'Create Policy' });
  await createPolicy.getByLabel('Policy Name').fill(policyName);
  await setEditorText(page, '{"Version": ', createPolicy);
  await expect(createPolicy.getByRole('alert')).toContainText('not valid JSON');
  await expect(createPolicy.getByRole('button', { name: 'Save' })).toBeDisabled();
  await snap(page, 'identity-create-policy-invalid');
  await setEditorText(page, bucketPolicy(allowed), createPolicy);
  await expect(createPolicy.getByText('Valid JSON.')).toBeVisible();
  await snap(page, 'identity-create-policy');
  await createPolicy.getByRole('button', { name: 'Save' }).click();

  // Its page: Summary with the statements, the name not editable.
  await expect(page.getByRole('heading', { name: policyName })).toBeVisible();
  const statements = page.getByRole('table', { name: 'Statements' });
  await expect(statements).toContainText('s3:ListBucket');
  await expect(statements).toContainText(`arn:aws:s3:::${allowed}/*`);
  await snap(page, 'identity-policy-summary');

  // Users: the short secret is refused with the spec's message, then the user is made with the policy.
  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await page.getByRole('button', { name: 'Create User' }).click();
  const createUser = page.getByRole('dialog', { name: 'Create User' });
  await createUser.getByLabel('Access Key').fill(userName);
  await createUser.getByLabel('Secret Key').fill('short');
  await createUser.getByRole('button', { name: 'Save' }).click();
  await expect(createUser.getByText('Passwords must be at least 8 characters long')).toBeVisible();
  await createUser.getByLabel('Secret Key').fill('reader-secret-1');
  await createUser.getByRole('group', { name: 'Policies' }).getByLabel(policyName).check();
  await snap(page, 'identity-create-user');
  await createUser.getByRole('button', { name: 'Save' }).click();
  await expect(createUser).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: userName });
  await expect(row).toContainText(policyName);
  // The signed-in user cannot delete themselves: their row's delete is disabled.
  await snap(page, 'identity-users');

  // The policy's Users tab lists the user and links to them.
  await page.goto(`/policies/${encodeURIComponent(policyName)}`);
  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(page.getByRole('link', { name: userName })).toBeVisible();
  await snap(page, 'identity-policy-users');

  // The user, in a fresh browser, sees only the allowed bucket and only the menu entries they may use.
  const userPage = await freshSession(browser, userName, 'reader-secret-1');
  await userPage.goto('/buckets');
  await expect(userPage.getByText(allowed)).toBeVisible();
  await expect(userPage.getByText(other)).toHaveCount(0);
  const menu = mainMenu(userPage);
  await expect(menu.getByRole('link', { name: 'Buckets' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Service Accounts' })).toBeVisible();
  for (const hidden of ['Users', 'Groups', 'Policies', 'Settings', 'Dashboard']) {
    await expect(menu.getByRole('link', { name: hidden, exact: true })).toHaveCount(0);
  }
  await snap(userPage, 'identity-restricted-user-buckets');

  // Root disables the user on their page: the toggle applies at once.
  await page.goto(`/users/${userName}`);
  await expect(page.getByTestId('user-status')).toHaveText('Enabled');
  await snap(page, 'identity-user-details');
  await page.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByTestId('user-status')).toHaveText('Disabled');

  // The disabled user's next call is refused: the session ends and the login screen shows.
  const refused = await userPage.request.get('/api/v1/buckets');
  expect([401, 403]).toContain(refused.status());
  await userPage.goto('/buckets');
  await expect(userPage).toHaveURL(/\/login$/);
  await userPage.getByPlaceholder('Enter Username').fill(userName);
  await userPage.getByPlaceholder('Enter Password').fill('reader-secret-1');
  await userPage.getByRole('button', { name: 'Login' }).click();
  await expect(userPage.getByRole('alert').filter({ hasText: 'Invalid Login' })).toBeVisible();
  await userPage.context().close();

  // The edit dialog applies its status on save: enable the user again.
  await page.getByRole('button', { name: 'Edit User' }).click();
  const edit = page.getByRole('dialog', { name: `Edit User ${userName}` });
  await expect(edit.getByRole('group', { name: 'Policies' }).getByLabel(policyName)).toBeChecked();
  await edit.getByLabel('Status: Disabled').check();
  await expect(page.getByTestId('user-status')).toHaveText('Disabled');
  await snap(page, 'identity-edit-user');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('user-status')).toHaveText('Enabled');

  // Saving the policy JSON on its JSON tab.
  await page.goto(`/policies/${encodeURIComponent(policyName)}`);
  await page.getByRole('tab', { name: 'JSON' }).click();
  const widened = JSON.parse(bucketPolicy(allowed));
  widened.Statement[0].Resource.push(`arn:aws:s3:::${other}`);
  await setEditorText(page, JSON.stringify(widened, null, 2));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Policy successfully updated.')).toBeVisible();
  await snap(page, 'identity-policy-json');
  // The editor follows the dark theme too.
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  await snap(page, 'identity-policy-json-dark');
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await page.getByRole('tab', { name: 'Summary' }).click();
  await expect(page.getByRole('table', { name: 'Statements' })).toContainText(`arn:aws:s3:::${other}`);
});

test('a group with members added in bulk: the group policy takes effect for them', async ({
  page,
  browser,
}) => {
  const group = `team-${run}`;
  const policyName = `group-only-${allowed}`;
  const members = [`ops/ann-${run}`, `ops/bob-${run}`];
  await signIn(page, E2E.rootUser, E2E.rootPassword);
  for (const accessKey of members) {
    const res = await page.request.post('/api/v1/users', {
      data: { accessKey, secretKey: 'member-secret-1' },
    });
    expect(res.status()).toBe(201);
  }
  const made = await page.request.post('/api/v1/policies', {
    data: { name: policyName, policy: bucketPolicy(allowed) },
  });
  expect(made.status()).toBe(201);

  // Before: a member sees no bucket.
  const before = await freshSession(browser, members[0]!, 'member-secret-1');
  await before.goto('/buckets');
  await expect(before.getByText('No buckets yet')).toBeVisible();
  await before.context().close();

  // Create the group (a blank name cannot be saved).
  await page.goto('/groups');
  if ((await page.request.get('/api/v1/groups').then((r) => r.json())).total === 0) {
    await expect(page.getByText('No Groups Available')).toBeVisible();
    await snap(page, 'identity-groups-empty');
  }
  await page.getByRole('button', { name: 'Create Group' }).click();
  const createGroup = page.getByRole('dialog', { name: 'Create Group' });
  await createGroup.getByLabel('Group Name').fill('   ');
  await expect(createGroup.getByRole('button', { name: 'Save' })).toBeDisabled();
  await createGroup.getByLabel('Group Name').fill(group);
  await snap(page, 'identity-create-group');
  await createGroup.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row').filter({ hasText: group })).toBeVisible();
  await snap(page, 'identity-groups');

  // Bulk add: Add to Group is enabled once users are checked; no group chosen → the spec's message.
  await page.goto('/users');
  const addToGroup = page.getByRole('button', { name: 'Add to Group' });
  await expect(addToGroup).toBeDisabled();
  for (const m of members) await page.getByLabel(`Select ${m}`).check();
  await expect(addToGroup).toBeEnabled();
  await addToGroup.click();
  const bulk = page.getByRole('dialog', { name: 'Add Users to Groups' });
  await bulk.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('You need to select at least one group to assign.')).toBeVisible();
  await bulk.getByRole('group', { name: 'Groups' }).getByLabel(group).check();
  await snap(page, 'identity-bulk-add');
  await bulk.getByRole('button', { name: 'Save' }).click();
  const summary = bulk.getByLabel('Assignment summary');
  await expect(summary).toContainText(group);
  await expect(summary).toContainText(members[1]!);
  await snap(page, 'identity-bulk-add-done');
  await bulk.getByRole('button', { name: 'Done' }).click();

  // Set the group's policy; the edit dialog shows the members.
  await page.goto('/groups');
  await page.getByLabel(`Set policies of ${group}`).click();
  const setPolicies = page.getByRole('dialog', { name: `Set Policies of ${group}` });
  await setPolicies.getByRole('group', { name: 'Policies' }).getByLabel(policyName).check();
  await snap(page, 'identity-group-policies');
  await setPolicies.getByRole('button', { name: 'Save' }).click();
  await expect(setPolicies).toBeHidden();
  await page.getByLabel(`Edit ${group}`).click();
  const edit = page.getByRole('dialog', { name: `Edit Group ${group}` });
  await expect(edit.getByLabel(members[0]!)).toBeChecked();
  await expect(edit.getByLabel(members[1]!)).toBeChecked();
  await snap(page, 'identity-edit-group');
  await edit.getByRole('button', { name: 'Cancel' }).click();

  // The member (a name with a slash) shows the group on their page and can now have service accounts.
  await page.goto(`/users/${members[1]}`);
  await expect(page.getByRole('heading', { name: members[1]! })).toBeVisible();
  await expect(page.getByText(group)).toBeVisible();
  await page.getByRole('tab', { name: 'Service Accounts' }).click();
  await page.getByRole('button', { name: 'Create service account' }).click();
  const createSa = page.getByRole('dialog', { name: `Create Service Account for ${members[1]}` });
  await createSa.getByRole('button', { name: 'Create' }).click();
  const saCreds = page.getByRole('dialog', { name: 'New Service Account Created' });
  const saKey = (await saCreds.getByLabel('Access Key', { exact: true }).textContent()) ?? '';
  await saCreds.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('cell', { name: saKey, exact: true })).toBeVisible();
  await snap(page, 'identity-user-service-accounts');

  // Policies tab: the assign dialog lists every policy.
  await page.getByRole('tab', { name: 'Policies' }).click();
  await page.getByRole('button', { name: 'Assign Policies' }).click();
  const assign = page.getByRole('dialog', { name: `Policies of ${members[1]}` });
  await expect(assign.getByLabel('readonly')).toBeVisible();
  await snap(page, 'identity-user-assign-policies');
  await assign.getByRole('button', { name: 'Cancel' }).click();

  // An administrator sets the first member's password (Save only when the repeat matches).
  await page.goto(`/users/${members[0]}`);
  await page.getByRole('button', { name: 'Change Password' }).click();
  const setPassword = page.getByRole('dialog', { name: 'Change User Password' });
  await setPassword.getByLabel('New Password', { exact: true }).fill('member-secret-2');
  await setPassword.getByLabel('Type New Password Again').fill('member-secret-x');
  await expect(setPassword.getByRole('button', { name: 'Save' })).toBeDisabled();
  await setPassword.getByLabel('Type New Password Again').fill('member-secret-2');
  await snap(page, 'identity-change-user-password');
  await setPassword.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Password of ${members[0]} changed.`)).toBeVisible();

  // After: the member (with the new password) sees the bucket the group policy allows, and only it.
  const after = await freshSession(browser, members[0]!, 'member-secret-2');
  await after.goto('/buckets');
  await expect(after.getByText(allowed)).toBeVisible();
  await expect(after.getByText(other)).toHaveCount(0);
  await after.context().close();

  // Delete the group after confirmation.
  await page.goto('/groups');
  await page.getByLabel(`Delete ${group}`).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Group' });
  await snap(page, 'identity-delete-group');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: group })).toHaveCount(0);
});

test('a service account: created, its one-time credentials downloaded and used with an S3 client, then deleted', async ({
  page,
}) => {
  await signIn(page, E2E.rootUser, E2E.rootPassword);
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Service Accounts' })).toBeVisible();
  await page.getByRole('button', { name: 'Create service account' }).click();
  const create = page.getByRole('dialog', { name: 'Create Service Account' });
  await setEditorText(page, bucketPolicy(allowed), create);
  await snap(page, 'identity-create-service-account');
  await create.getByRole('button', { name: 'Create' }).click();

  const creds = page.getByRole('dialog', { name: 'New Service Account Created' });
  await expect(creds.getByText('the secret key is shown only once')).toBeVisible();
  await snap(page, 'identity-service-account-credentials');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    creds.getByRole('button', { name: 'Download' }).click(),
  ]);
  const file = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
    console: Array<{ access_key: string; secret_key: string }>;
  };
  expect(file.console).toHaveLength(1);
  const { access_key: accessKey, secret_key: secretKey } = file.console[0]!;
  await expect(creds.getByLabel('Access Key', { exact: true })).toHaveText(accessKey);
  await creds.getByRole('button', { name: 'Done' }).click();

  // The downloaded keys work with the minio SDK, narrowed by the policy given at creation.
  const s3 = new Minio.Client({
    endPoint: E2E.s3Host,
    port: E2E.s3Port,
    useSSL: false,
    accessKey,
    secretKey,
    region: 'us-east-1',
  });
  expect((await s3.statObject(allowed, 'hello.txt')).size).toBe(5);
  await s3.putObject(allowed, 'from-service-account.txt', Buffer.from('ok'));
  await expect(s3.listObjectsV2(other, '', true).toArray()).rejects.toThrow();

  await expect(page.getByRole('cell', { name: accessKey, exact: true })).toBeVisible();
  await page.getByLabel('Search Service Accounts').fill(accessKey.slice(0, 6));
  await snap(page, 'identity-account');
  await page.getByLabel(`Delete ${accessKey}`).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Service Account' });
  await snap(page, 'identity-delete-service-account');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  // The dialog stays open until the delete is answered, and while it is open the page behind it is
  // aria-hidden: no cell would match even before the delete. Wait for it to close first.
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('cell', { name: accessKey, exact: true })).toHaveCount(0);
  await expect(s3.statObject(allowed, 'hello.txt')).rejects.toThrow();
});

test('a user changes their own password and signs in with the new one', async ({ page, browser }) => {
  const userName = `pw-${run}`;
  await signIn(page, E2E.rootUser, E2E.rootPassword);
  const made = await page.request.post('/api/v1/users', {
    data: { accessKey: userName, secretKey: 'old-password-1', policies: ['readonly'] },
  });
  expect(made.status()).toBe(201);
  // Root is not a directory user: no Change Password on its account page.
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Service Accounts' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change Password' })).toHaveCount(0);

  const userPage = await freshSession(browser, userName, 'old-password-1');
  await userPage.goto('/account');
  await userPage.getByRole('button', { name: 'Change Password' }).click();
  const dialog = userPage.getByRole('dialog', { name: 'Change Password' });
  const save = dialog.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await dialog.getByLabel('Current Password').fill('old-password-1');
  await dialog.getByLabel('New Password', { exact: true }).fill('new-password-1');
  await expect(save).toBeDisabled();
  await dialog.getByLabel('Type New Password Again').fill('new-password-2');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(dialog.getByText("New passwords don't match")).toBeVisible();
  await dialog.getByLabel('Type New Password Again').fill('new-password-1');
  await dialog.getByLabel('Current Password').fill('not-my-password');
  await save.click();
  await expect(userPage.getByText('The current password is not correct')).toBeVisible();
  await snap(userPage, 'identity-change-password-wrong');
  await dialog.getByLabel('Current Password').fill('old-password-1');
  await save.click();
  await expect(dialog).toBeHidden();
  await expect(userPage.getByText('Password changed.')).toBeVisible();
  // Still signed in (the session was renewed).
  await userPage.goto('/buckets');
  await expect(userPage.getByRole('heading', { name: 'Buckets' })).toBeVisible();

  await userPage.getByRole('button', { name: /logout/i }).click();
  await expect(userPage).toHaveURL(/\/login$/);
  await userPage.getByPlaceholder('Enter Username').fill(userName);
  await userPage.getByPlaceholder('Enter Password').fill('old-password-1');
  await userPage.getByRole('button', { name: 'Login' }).click();
  await expect(userPage.getByRole('alert').filter({ hasText: 'Invalid Login' })).toBeVisible();
  await signIn(userPage, userName, 'new-password-1');
  await userPage.goto('/buckets');
  await expect(await searchBucket(userPage, allowed)).toBeVisible();
  await userPage.context().close();
});
