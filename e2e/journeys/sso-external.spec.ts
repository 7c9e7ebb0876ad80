// SPDX-License-Identifier: Apache-2.0
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { MadminClient } from '@stowage/madmin';
import { type StoreHandle, startStore } from '@stowage/store';
import * as Minio from 'minio';
import { testService } from '../../test-services/index.js';
import type { OidcProviderInfo } from '../../test-services/services/oidc-provider.js';
import type { SlapdInfo } from '../../test-services/services/slapd.js';
import { type EngineConsole, startEngineConsole } from '../support/engines/engine-console.js';
import { freePort } from '../support/engines/ports.js';
import { E2E } from '../support/env.js';
import { signIn } from '../support/login.js';
import { snap } from '../support/screenshots.js';
import { bucketNames, bucketPolicy, ldapConfigLine } from '../support/sso.js';

// Issue 23, the external-server path: the built console (`node packages/console/dist/main.js`) in front
// of a server it knows only by CONSOLE_MINIO_SERVER, as with an external MinIO. It cannot read that
// server's identity_openid / identity_ldap, so single sign-on comes from CONSOLE_IDP_* and
// CONSOLE_LDAP_ENABLED alone. The server (a store of the journey's own) verifies the tokens and binds the
// directory users itself, with the same provider client and directory configured on its side.

test.describe.configure({ mode: 'serial' });

let dataDir: string;
let store: StoreHandle;
let admin: MadminClient;
let console_: EngineConsole;
let idp: OidcProviderInfo;
let ldap: SlapdInfo;

const ENV_BUTTON = 'Corporate login (from CONSOLE_IDP_*)';
const SERVER_BUTTON = 'Server-side provider name';

test.beforeAll(async () => {
  [idp, ldap] = await Promise.all([
    testService<OidcProviderInfo>('oidc-provider'),
    testService<SlapdInfo>('slapd'),
  ]);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'stowage-e2e-sso-external-'));
  store = await startStore({
    dataDir,
    drives: 1,
    port: 0,
    host: '127.0.0.1',
    rootUser: E2E.rootUser,
    rootPassword: E2E.rootPassword,
  });
  admin = new MadminClient({ endpoint: store.url, accessKey: E2E.rootUser, secretKey: E2E.rootPassword });
  const port = await freePort();
  const callback = `http://127.0.0.1:${port}/oauth_callback`;
  const res = await fetch(idp.registrationUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ redirect_uris: [callback], grant_types: ['authorization_code'] }),
  });
  const client = (await res.json()) as { client_id: string; client_secret: string };
  // The server's side: it checks tokens issued to this client, and binds users against the directory.
  await admin.setConfigKV(
    `identity_openid config_url="${idp.configUrl}" client_id="${client.client_id}" ` +
      `client_secret="${client.client_secret}" display_name="${SERVER_BUTTON}"`,
  );
  const d = ldap.directory;
  await admin.setConfigKV(ldapConfigLine(ldap));
  const s3 = new Minio.Client({
    endPoint: '127.0.0.1',
    port: store.port,
    useSSL: false,
    accessKey: E2E.rootUser,
    secretKey: E2E.rootPassword,
    region: 'us-east-1',
  });
  for (const b of ['sso-alice-bucket', 'ldap-bob-bucket', 'other-bucket']) {
    await s3.makeBucket(b);
    await admin.addCannedPolicy(b === 'sso-alice-bucket' ? 'sso-alice' : `${b}-rw`, bucketPolicy(b));
  }
  await admin.attachPolicyLDAP({ policies: ['ldap-bob-bucket-rw'], group: d.groups.auditors });
  // The console's side: only what its environment says.
  console_ = await startEngineConsole(store.url, {
    CONSOLE_PORT: String(port),
    CONSOLE_IDP_URL: idp.configUrl,
    CONSOLE_IDP_CLIENT_ID: client.client_id,
    CONSOLE_IDP_SECRET: client.client_secret,
    CONSOLE_IDP_CALLBACK: callback,
    CONSOLE_IDP_DISPLAY_NAME: ENV_BUTTON,
    CONSOLE_LDAP_ENABLED: 'on',
  });
});

test.afterAll(async () => {
  await console_?.close();
  await store?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

test('CONSOLE_IDP_*: the environment’s provider signs alice in through its login page', async ({
  browser,
}) => {
  const page = await browser.newPage({ baseURL: console_.url, viewport: { width: 1400, height: 900 } });
  await page.goto('/login');
  // Only the environment's provider: the console cannot read the server's identity_openid.
  await expect(page.getByRole('link', { name: ENV_BUTTON })).toBeVisible();
  await expect(page.getByRole('link', { name: SERVER_BUTTON })).toHaveCount(0);
  await snap(page, 'sso-external-login');
  await page.getByRole('link', { name: ENV_BUTTON }).click();
  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
  await page.locator('input[name=login]').fill('alice');
  await page.locator('input[name=password]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  expect(await bucketNames(page)).toEqual(['sso-alice-bucket']);
  await page.close();
});

test('CONSOLE_LDAP_ENABLED: a directory user signs in with the form; Groups lists the server’s group DNs', async ({
  browser,
}) => {
  const d = ldap.directory;
  const bob = await browser.newPage({ baseURL: console_.url, viewport: { width: 1400, height: 900 } });
  await signIn(bob, 'bob', d.users.bob.password);
  expect(await bucketNames(bob)).toEqual(['ldap-bob-bucket']);
  const root = await browser.newPage({ baseURL: console_.url, viewport: { width: 1400, height: 900 } });
  await signIn(root, E2E.rootUser, E2E.rootPassword);
  await root.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Groups' }).click();
  const groups = root.getByRole('table', { name: 'LDAP Groups' });
  await expect(groups.getByRole('row', { name: new RegExp(d.groups.auditors) })).toContainText(
    'ldap-bob-bucket-rw',
  );
  await snap(root, 'sso-external-ldap-groups');
  await Promise.all([bob.close(), root.close()]);
});
