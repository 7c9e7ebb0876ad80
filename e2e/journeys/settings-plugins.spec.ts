// SPDX-License-Identifier: Apache-2.0
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type BrowserContext, expect, test } from '@playwright/test';
import * as Minio from 'minio';
import { E2E } from '../support/env.js';
import { signIn } from '../support/login.js';
import { startOwnConsole } from '../support/own-console.js';
import { snapBoth } from '../support/screenshots.js';

// Issue 38: the identity and policy plugins are real Settings forms (the generic form from the store's
// help). On a store of the journey's own (the policy plugin decides for everyone but root): save both,
// then see them work — AssumeRoleWithCustomToken through the identity hook, and the policy hook asked
// about that session's S3 request — while the root session keeps working.

interface Hook {
  url: string;
  server: Server;
  /** The `input` of every access management plugin call. */
  decisions: { action: string; account: string }[];
}

/** One node:http server playing both plugins: `/identity` (token → user) and `/authz` (allow all). */
async function startHooks(): Promise<Hook> {
  const decisions: Hook['decisions'] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://hook');
      res.writeHead(
        url.pathname === '/identity' && url.searchParams.get('token') !== 'journey-token' ? 403 : 200,
        {
          'content-type': 'application/json',
        },
      );
      if (url.pathname === '/identity') {
        res.end(
          url.searchParams.get('token') === 'journey-token'
            ? JSON.stringify({ user: 'journey-user', maxValiditySeconds: 3600, claims: { team: 'journey' } })
            : JSON.stringify({ reason: 'unknown token' }),
        );
        return;
      }
      decisions.push(JSON.parse(Buffer.concat(chunks).toString('utf8')).input);
      res.end(JSON.stringify({ result: { allow: true } }));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, decisions };
}

test('settings: the identity and policy plugins are saved as forms and take effect', async ({ browser }) => {
  test.setTimeout(180_000);
  const own = await startOwnConsole(1);
  const hooks = await startHooks();
  let context: BrowserContext | undefined;
  try {
    context = await browser.newContext({ baseURL: own.url, viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await signIn(page, E2E.rootUser, E2E.rootPassword);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Settings' }).click();
    const list = page.getByRole('list', { name: 'Configurations' });
    await expect(list.getByRole('button', { name: /^identity_plugin/ })).toContainText(
      'enable Identity Plugin via external hook',
    );
    await expect(list.getByRole('button', { name: /^policy_plugin/ })).toContainText(
      'enable Access Management Plugin for policy enforcement',
    );

    // identity_plugin: MinIO's keys as fields; the server's check of the role id is shown.
    await list.getByRole('button', { name: /^identity_plugin/ }).click();
    const idForm = page.getByRole('region', { name: 'Configuration identity_plugin' });
    await expect(idForm).toBeVisible();
    for (const label of ['URL', 'Auth Token', 'Role Policy', 'Role ID', 'Comment']) {
      await expect(idForm.getByLabel(label, { exact: true })).toBeVisible();
    }
    await idForm.getByLabel('URL', { exact: true }).fill(`${hooks.url}/identity`);
    // The auth token is a secret: masked, revealed only by its toggle, echoed nowhere as text.
    const token = idForm.getByLabel('Auth Token', { exact: true });
    await expect(token).toHaveAttribute('type', 'password');
    await expect(idForm.getByLabel('URL', { exact: true })).toHaveAttribute('type', 'text');
    await token.fill('journey-hook-token');
    await idForm.getByRole('button', { name: 'Show Auth Token' }).click();
    await expect(token).toHaveAttribute('type', 'text');
    await expect(token).toHaveValue('journey-hook-token');
    await idForm.getByRole('button', { name: 'Hide Auth Token' }).click();
    await expect(token).toHaveAttribute('type', 'password');
    await expect(page.getByText('journey-hook-token')).toHaveCount(0);
    await idForm.getByLabel('Role Policy', { exact: true }).fill('readwrite');
    await idForm.getByLabel('Role ID', { exact: true }).fill('not valid!');
    await idForm.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(/Role ID must match/)).toBeVisible();
    await snapBoth(page, 'settings-identity-plugin-form');
    await idForm.getByLabel('Role ID', { exact: true }).fill('journey');
    await idForm.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Configuration identity_plugin saved and applied.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Restart required' })).toBeHidden();
    // Opened again, the saved token is there but masked.
    await list.getByRole('button', { name: /^identity_plugin/ }).click();
    await expect(token).toHaveValue('journey-hook-token');
    await expect(token).toHaveAttribute('type', 'password');
    await expect(page.getByText('journey-hook-token')).toHaveCount(0);
    await page.getByRole('button', { name: 'Back To Configurations' }).click();

    // policy_plugin: URL, auth token and the HTTP/2 switch.
    await list.getByRole('button', { name: /^policy_plugin/ }).click();
    const pForm = page.getByRole('region', { name: 'Configuration policy_plugin' });
    await expect(pForm.getByLabel('Enable HTTP2', { exact: true })).toBeVisible();
    await expect(pForm.getByLabel('Auth Token', { exact: true })).toHaveAttribute('type', 'password');
    await expect(pForm.getByRole('button', { name: 'Show Auth Token' })).toBeVisible();
    await pForm.getByLabel('URL', { exact: true }).fill('not a url');
    await pForm.getByRole('button', { name: 'Save' }).click();
    await expect(pForm.getByText('URL must be an http:// or https:// URL')).toBeVisible();
    await pForm.getByLabel('URL', { exact: true }).fill(`${hooks.url}/authz`);
    await pForm.getByLabel('Comment', { exact: true }).fill('decisions by the journey hook');
    await snapBoth(page, 'settings-policy-plugin-form');
    await pForm.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Configuration policy_plugin saved and applied.')).toBeVisible();

    // Both take effect at once: a custom token becomes credentials, whose request the policy hook decides.
    const sts = await fetch(`${own.store.url}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        Action: 'AssumeRoleWithCustomToken',
        Version: '2011-06-15',
        Token: 'journey-token',
        RoleArn: 'arn:minio:iam:::role/idmp-journey',
      }).toString(),
    });
    const xml = await sts.text();
    expect(sts.status, xml).toBe(200);
    expect(xml).toContain('<AssumedUser>custom:journey-user</AssumedUser>');
    const tag = (name: string): string => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1] ?? '';
    const session = new Minio.Client({
      endPoint: '127.0.0.1',
      port: own.store.port,
      useSSL: false,
      accessKey: tag('AccessKeyId'),
      secretKey: tag('SecretAccessKey'),
      sessionToken: tag('SessionToken'),
      region: 'us-east-1',
    });
    await session.listBuckets();
    expect(hooks.decisions).toContainEqual(
      expect.objectContaining({ action: 's3:ListAllMyBuckets', account: tag('AccessKeyId') }),
    );

    // Root's console session is not sent to the plugin and keeps working.
    const asked = hooks.decisions.length;
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Buckets' }).click();
    await expect(page.getByRole('heading', { name: 'Buckets', level: 1 })).toBeVisible();
    expect(hooks.decisions.length).toBe(asked);
  } finally {
    await context?.close();
    hooks.server.close();
    await own.close();
  }
});
