// SPDX-License-Identifier: Apache-2.0
import https from 'node:https';
import { expect, type Page, test } from '@playwright/test';
import * as Minio from 'minio';
import { type OperatorConsole, startOperatorConsole } from '../support/operator-console.js';
import { snapBoth } from '../support/screenshots.js';

// Issue 33, operator mode's screens against the real thing: the built console started with
// CONSOLE_OPERATOR_MODE=on, whose tenants are store server processes on this machine. The journey signs in
// with the operator token the console keeps in its data folder, creates a tenant in the wizard, uses the
// keys of the credentials modal with the minio SDK, expands the tenant, deletes a pod, reads logs and
// events, edits the YAML, manages the tenant, and deletes it with its name retyped.

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

let op: OperatorConsole;
let page: Page;
const NS = 'team-a';
const TENANT = 'tenant-a';
let accessKey = '';
let secretKey = '';
let tenantS3: Minio.Client;

test.beforeAll(async ({ browser }) => {
  op = await startOperatorConsole();
  page = await browser.newPage({ baseURL: op.url });
});

test.afterAll(async () => {
  await page?.close();
  await op?.close();
});

test('the operator signs in with the token and sees only the operator pages', async () => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Operator Login' })).toBeVisible();
  await snapBoth(page, 'operator-login');
  await page.getByLabel('JWT').fill('not-the-token');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.getByLabel('JWT').fill(op.token);
  await page.getByRole('button', { name: 'Login' }).click();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Tenants' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Storage' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Buckets' })).toHaveCount(0);
  await expect(page).toHaveTitle('Stowage Operator');
  await expect(page.getByRole('heading', { name: 'Tenants' })).toBeVisible();
  await expect(page.getByText('No Tenants')).toBeVisible();
  await snapBoth(page, 'operator-tenants-empty');
});

test('the wizard checks its fields, adds the namespace and creates the tenant', async () => {
  await page.getByRole('button', { name: 'Create Tenant' }).click();
  await expect(page.getByRole('heading', { name: 'Create New Tenant' })).toBeVisible();
  const setup = page.getByRole('region', { name: 'Setup' });
  await setup.getByRole('textbox', { name: 'Name', exact: true }).fill('A');
  await expect(
    setup.getByText("Name only can contain lowercase letters, numbers and '-'. Min. Length: 3"),
  ).toBeVisible();
  await setup.getByRole('textbox', { name: 'Name', exact: true }).fill(TENANT);
  await setup.getByRole('textbox', { name: 'Namespace' }).fill(NS);
  await expect(setup.getByText('Please enter a valid namespace')).toBeVisible();
  await setup.getByRole('button', { name: 'Add Namespace' }).click();
  const nsDialog = page.getByRole('dialog', { name: 'Create new namespace' });
  await nsDialog.getByRole('button', { name: 'Create' }).click();
  await expect(nsDialog).toBeHidden();
  await expect(setup.getByText('Please enter a valid namespace')).toBeHidden();
  await expect(setup.getByRole('combobox', { name: 'Storage Class' })).toContainText('standard');
  await setup.getByRole('spinbutton', { name: 'Memory per Node [Gi]' }).fill('1');
  await expect(setup.getByText('Memory size must be greater than 2Gi')).toBeVisible();
  await setup.getByRole('spinbutton', { name: 'Memory per Node [Gi]' }).fill('2');
  await setup.getByRole('spinbutton', { name: 'Total Size' }).fill('2');
  await expect(
    setup.getByText('Disk Size with this combination would be less than 1Gi, please try another combination'),
  ).toBeVisible();
  await setup.getByRole('spinbutton', { name: 'Total Size' }).fill('8');
  await expect(setup.getByRole('combobox', { name: 'Erasure Code Parity' })).toContainText('EC:');
  await expect(page.getByRole('region', { name: 'Resources' })).toContainText('2 GiB');
  await snapBoth(page, 'operator-wizard-setup');

  // Advanced mode: the steps and their messages (an external KMS keeps its checks; the note says it is refused).
  await page.getByLabel('Advanced Mode').check();
  await page.getByRole('tab', { name: 'Configure' }).click();
  await snapBoth(page, 'operator-wizard-configure');
  await page.getByRole('tab', { name: 'Images' }).click();
  await page.getByRole('textbox', { name: 'MinIO Image' }).fill('minio');
  await expect(page.getByText("Format must be of form: 'minio/minio:VERSION'")).toBeVisible();
  await snapBoth(page, 'operator-wizard-images');
  await page.getByRole('textbox', { name: 'MinIO Image' }).fill('');
  await page.getByRole('tab', { name: 'Pod Placement' }).click();
  await page.getByLabel('Node Selector').check();
  await expect(page.getByText('You need to add at least one label key-pair')).toBeVisible();
  await snapBoth(page, 'operator-wizard-placement');
  await page.getByLabel('Default (Pod Anti-Affinity)').check();
  await page.getByRole('tab', { name: 'Identity Provider' }).click();
  await expect(page.getByRole('textbox', { name: 'Access Key 1' })).toHaveValue(/^[A-Za-z0-9]{16}$/);
  await page.getByLabel('Active Directory').check();
  await page.getByLabel('Server Insecure').check();
  await expect(
    page.getByText('Warning: All traffic with Active Directory will be unencrypted.'),
  ).toBeVisible();
  await snapBoth(page, 'operator-wizard-identity');
  await page.getByLabel('Built-in').check();
  await page.getByRole('tab', { name: 'Security' }).click();
  await snapBoth(page, 'operator-wizard-security');
  await page.getByRole('tab', { name: 'Encryption' }).click();
  await page.getByLabel('Enable Server Side Encryption').check();
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  // Vault keeps spec 3's checks; filled in, the local driver refuses it with its reason.
  await expect(page.getByRole('textbox', { name: 'Endpoint' })).toHaveAccessibleDescription(
    'Field cannot be empty',
  );
  await page.getByRole('textbox', { name: 'Endpoint' }).fill('https://vault.example.com:8200');
  await page.getByRole('textbox', { name: 'AppRole ID' }).fill('role-id');
  await page.getByLabel('AppRole Secret').fill('role-secret');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'External KMS' })).toBeVisible({ timeout: 30_000 });
  await snapBoth(page, 'operator-wizard-encryption');
  await page.getByLabel('Enable Server Side Encryption').uncheck();
  await page.getByRole('tab', { name: 'Review' }).click();
  await expect(page.getByRole('table', { name: 'Review' })).toContainText(TENANT);
  await snapBoth(page, 'operator-wizard-review');

  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const creds = page.getByRole('dialog', { name: 'New Tenant Created' });
  await expect(creds).toBeVisible({ timeout: 60_000 });
  accessKey = (await creds.getByLabel('Access Key', { exact: true }).textContent()) ?? '';
  secretKey = (await creds.getByLabel('Secret Key', { exact: true }).textContent()) ?? '';
  expect(accessKey.length).toBeGreaterThan(2);
  await snapBoth(page, 'operator-wizard-credentials');
  await creds.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('table', { name: 'Tenants' })).toContainText(TENANT);
  await expect(page.getByRole('table', { name: 'Tenants' })).toContainText('Running', { timeout: 60_000 });
  await snapBoth(page, 'operator-tenants');
});

test('the tenant detail shows its summary, and its keys work with the minio SDK over HTTPS', async () => {
  await page.getByRole('link', { name: TENANT }).click();
  await expect(page).toHaveURL(new RegExp(`/namespaces/${NS}/tenants/${TENANT}/summary$`));
  const details = page.getByRole('region', { name: 'Details' });
  await expect(details.getByText('Running')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Health' })).toContainText('Drives Online');
  await expect(page.getByLabel('MinIO TLS: Enabled')).toBeVisible();
  const endpoint = (await details.getByRole('link', { name: 'Endpoint' }).textContent()) ?? '';
  expect(endpoint).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
  await snapBoth(page, 'operator-tenant-summary');

  // The operator's CA (Download CA) is what a client trusts to reach the tenant's HTTPS endpoint.
  const ca = await (await page.request.get('/api/v1/operator/ca.crt')).text();
  expect(ca).toContain('BEGIN CERTIFICATE');
  const url = new URL(endpoint);
  const s3 = new Minio.Client({
    endPoint: url.hostname,
    port: Number(url.port),
    useSSL: true,
    accessKey,
    secretKey,
    region: 'us-east-1',
    transportAgent: new https.Agent({ ca }),
  });
  await s3.makeBucket('journey-bucket');
  await s3.putObject('journey-bucket', 'hello.txt', Buffer.from('hello tenant'));
  const names: string[] = [];
  for await (const o of s3.listObjectsV2('journey-bucket', '', true)) names.push(o.name ?? '');
  expect(names).toEqual(['hello.txt']);
  tenantS3 = s3;
});

test('Expand Tenant adds a pool and the objects stay readable', async () => {
  await page.getByRole('tab', { name: 'Pools' }).click();
  await expect(page.getByRole('table', { name: 'Pools' })).toContainText('pool-0');
  await page.getByRole('button', { name: 'Expand Tenant' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Pool' });
  await dialog.getByRole('spinbutton', { name: 'Volume Size (Gi)' }).fill('2');
  await snapBoth(page, 'operator-add-pool');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden({ timeout: 60_000 });
  await expect(page.getByRole('table', { name: 'Pools' })).toContainText('pool-1');
  await snapBoth(page, 'operator-tenant-pools');
  await expect
    .poll(
      async () => {
        try {
          const body = await tenantS3.getObject('journey-bucket', 'hello.txt');
          let text = '';
          for await (const chunk of body) text += chunk.toString();
          return text;
        } catch {
          return 'not yet';
        }
      },
      { timeout: 60_000 },
    )
    .toBe('hello tenant');
});

test('a deleted pod comes back with one more restart; its events and logs show it', async () => {
  await page.getByRole('tab', { name: 'Pods' }).click();
  const pods = page.getByRole('table', { name: 'Pods' });
  await expect(pods.getByRole('row')).toHaveCount(2, { timeout: 30_000 });
  const podName = (await pods.getByRole('row').nth(1).getByRole('link').textContent()) ?? '';
  const restarts = Number(await pods.getByLabel(`Restarts of ${podName}`).textContent());
  await snapBoth(page, 'operator-tenant-pods');
  await page.getByRole('button', { name: `Delete ${podName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Pod' });
  await dialog.getByRole('textbox', { name: 'Pod name' }).fill('wrong-name');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog.getByText('Tenant name is incorrect.').first()).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Pod name' }).fill(podName);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect
    .poll(
      async () => {
        await page.getByRole('button', { name: 'Refresh', exact: true }).last().click();
        return Number(await pods.getByLabel(`Restarts of ${podName}`).textContent());
      },
      { timeout: 60_000 },
    )
    .toBe(restarts + 1);

  await pods.getByRole('link', { name: podName }).click();
  const events = page.getByRole('table', { name: `Events of ${podName}` });
  await expect(events).toContainText('Killing');
  await expect(events).toContainText('Started');
  await snapBoth(page, 'operator-pod-events');
  await page.getByRole('tab', { name: 'Logs' }).click();
  const log = page.getByRole('log', { name: `Logs of ${podName}` });
  await expect(log).not.toBeEmpty();
  const firstLine = ((await log.locator('div').first().textContent()) ?? '').trim();
  const word = firstLine.split(/\s+/).find((w) => w.length > 3) ?? firstLine.slice(0, 4);
  await page.getByRole('textbox', { name: 'Highlight Line' }).fill(word);
  await expect(log.locator('[data-highlighted="true"]').first()).toBeVisible();
  await snapBoth(page, 'operator-pod-logs');

  await page.getByRole('tablist', { name: 'Tenant sections' }).getByRole('tab', { name: 'Events' }).click();
  await expect(page.getByRole('table', { name: 'Events' })).toContainText('Killing');
  await snapBoth(page, 'operator-tenant-events');
});

test('volumes, security, metrics and license tabs show the tenant', async () => {
  const tabs = page.getByRole('tablist', { name: 'Tenant sections' });
  await tabs.getByRole('tab', { name: 'Volumes' }).click();
  await expect(page.getByRole('table', { name: 'Volumes' })).toContainText('Bound');
  await snapBoth(page, 'operator-tenant-volumes');
  await tabs.getByRole('tab', { name: 'Security' }).click();
  await expect(page.getByRole('switch', { name: 'AutoCert' })).toBeChecked();
  await snapBoth(page, 'operator-tenant-security');
  await tabs.getByRole('tab', { name: 'License' }).click();
  await expect(page.getByText('This tenant has no license')).toBeVisible();
  await snapBoth(page, 'operator-tenant-license');
  await tabs.getByRole('tab', { name: 'Metrics' }).click();
  await expect(page.locator(`iframe[title="Metrics of ${TENANT}"]`)).toBeVisible({ timeout: 30_000 });
  await snapBoth(page, 'operator-tenant-metrics');
});

test('Edit YAML refuses a broken document with the reason and applies a valid change', async () => {
  await page.getByRole('tablist', { name: 'Tenant sections' }).getByRole('tab', { name: 'Summary' }).click();
  await page.getByRole('button', { name: 'Edit YAML' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit YAML' });
  const editor = dialog.getByRole('textbox', { name: 'Tenant YAML' });
  await expect(editor).toHaveValue(/kind: Tenant/);
  const original = await editor.inputValue();
  await snapBoth(page, 'operator-yaml');
  await editor.fill('kind: [');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await snapBoth(page, 'operator-yaml-error');
  await editor.fill('');
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await editor.fill(original);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
});

test('Manage Tenant opens the tenant in this console and browses its bucket', async () => {
  await page.getByRole('link', { name: 'Manage Tenant' }).click();
  await expect(page).toHaveURL(new RegExp(`/namespaces/${NS}/tenants/${TENANT}/hop$`));
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
  const frame = page.frameLocator(`iframe[title="Management of ${TENANT}"]`);
  // The tenant's own console, signed in with the tenant's keys: no second login.
  await frame
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Buckets' })
    .click({ timeout: 60_000 });
  await expect(frame.getByRole('article', { name: 'journey-bucket' })).toBeVisible({ timeout: 30_000 });
  await snapBoth(page, 'operator-tenant-hop');
  await frame.getByRole('link', { name: 'Browse journey-bucket' }).click();
  await expect(frame.getByRole('table', { name: 'Objects' })).toContainText('hello.txt');
  await snapBoth(page, 'operator-tenant-hop-browse');
  // Live tools reach the tenant too: its Trace (a WebSocket through the proxy) shows a read of the tenant.
  await frame.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Trace' }).click();
  await frame.getByRole('button', { name: 'Start' }).click();
  const traced = frame.getByRole('table', { name: 'Traced calls' });
  await expect
    .poll(
      async () => {
        await tenantS3.statObject('journey-bucket', 'traced-probe').catch(() => undefined);
        return traced.getByRole('row').filter({ hasText: '/journey-bucket/traced-probe' }).count();
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
  await frame.getByRole('button', { name: 'Stop' }).click();
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(new RegExp(`/namespaces/${NS}/tenants/${TENANT}/summary$`));
});

test('Storage lists the volumes and the drives, and Format needs YES, PROCEED', async () => {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Storage' }).click();
  await expect(page).toHaveURL(/\/storage\/volumes$/);
  await expect(page.getByRole('table', { name: 'Volumes' })).toContainText(TENANT);
  await snapBoth(page, 'operator-storage-volumes');
  await page.getByRole('tab', { name: 'Drives' }).click();
  const drives = page.getByRole('table', { name: 'Drives' });
  await expect(drives).toContainText('class-standard');
  await snapBoth(page, 'operator-storage-drives');
  await drives
    .getByRole('button', { name: /^Format / })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Format Drives' });
  await expect(dialog.getByRole('button', { name: 'Format' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Confirmation' }).fill('YES, PROCEED');
  await expect(dialog.getByRole('button', { name: 'Format' })).toBeEnabled();
  await snapBoth(page, 'operator-storage-format');
  // The drive holds the tenant's volumes: the format is refused, and the errors list says why.
  await dialog.getByRole('button', { name: 'Format' }).click();
  const errors = page.getByRole('dialog', { name: 'Format Errors' });
  const failed = page.getByRole('dialog', { name: 'Format Drives' }).getByRole('alert');
  await expect(errors.or(failed)).toBeVisible({ timeout: 30_000 });
  if (await errors.isVisible()) {
    await expect(errors).toContainText(
      'There were some issues trying to format the selected CSI Drives, please fix the issues and try again.',
    );
    await snapBoth(page, 'operator-storage-format-errors');
    const download = page.waitForEvent('download');
    await errors.getByRole('button', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toBe('csiFormatErrors.json');
    await errors.getByRole('button', { name: 'Done' }).click();
  } else {
    await page.getByRole('dialog', { name: 'Format Drives' }).getByRole('button', { name: 'Cancel' }).click();
  }
});

test('the tenant is deleted with its name retyped', async () => {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Tenants' }).click();
  await page.getByRole('button', { name: `Delete ${TENANT}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Tenant' });
  await dialog.getByRole('textbox', { name: 'Tenant name' }).fill('tenant-b');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog.getByText('Tenant name is incorrect.').first()).toBeVisible();
  await snapBoth(page, 'operator-delete-tenant');
  await dialog.getByRole('textbox', { name: 'Tenant name' }).fill(TENANT);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Tenant Deleted')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('No Tenants')).toBeVisible();
  await expect(tenantS3.listBuckets()).rejects.toThrow();
});
