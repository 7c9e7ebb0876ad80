// SPDX-License-Identifier: Apache-2.0
import {
  apiErrorSchema,
  apiPaths,
  configDetailSchema,
  configHistoryResponseSchema,
  configWriteResponseSchema,
  fillApiPath,
  listConfigsResponseSchema,
  listWebhooksResponseSchema,
  serviceRestartResponseSchema,
} from '@stowage/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleHarness, jsonCaller, startConsoleHarness } from '../../testing/console-harness.js';

type Caller = ReturnType<typeof jsonCaller>;

/** A REST failure with the one error shape, a non-empty detail, and the expected words. */
function expectError(res: { status: number; body: unknown }, status: number, text: RegExp): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const body = apiErrorSchema.parse(res.body);
  expect(body.errorMessage).not.toBe('');
  expect(body.detailedError).not.toBe('');
  expect(`${body.errorMessage} ${body.detailedError}`).toMatch(text);
}

const configPath = (name: string): string => fillApiPath(apiPaths.config, { name });
const webhooksPath = (kind: string): string => fillApiPath(apiPaths.webhooks, { kind });
const webhookPath = (kind: string, name: string): string => fillApiPath(apiPaths.webhook, { kind, name });

// Issue 15: the Settings, webhook and restart calls against a real embedded store on 4 drives.
describe('configuration routes against the embedded store', () => {
  let h: ConsoleHarness;
  let call: Caller;

  beforeAll(async () => {
    h = await startConsoleHarness({ drives: 4 });
    call = jsonCaller(h.app, await h.login());
  });
  afterAll(async () => {
    await h?.close();
  });

  const storeText = async (key: string): Promise<string> => h.admin.getConfigKV(key);

  it('lists the configuration sets from the server help', async () => {
    const res = await call('GET', apiPaths.configs);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const list = listConfigsResponseSchema.parse(res.body);
    const names = list.configurations.map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['region', 'logger_webhook', 'audit_webhook']));
    expect(list.total).toBe(names.length);
    expect(list.configurations.find((c) => c.name === 'logger_webhook')?.multipleTargets).toBe(true);
    expect(list.configurations.find((c) => c.name === 'region')?.description).not.toBe('');
  });

  it('reads a set with its help, saves it, and restores the defaults', async () => {
    const before = configDetailSchema.parse((await call('GET', configPath('region'))).body);
    expect(before.help.map((k) => k.key)).toContain('name');
    expect(before.help.find((k) => k.key === 'name')?.description).not.toBe('');

    const saved = await call('PUT', configPath('region'), {
      key_values: [{ key: 'name', value: 'eu-test-1' }],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(configWriteResponseSchema.parse(saved.body)).toEqual({ restart: true });
    expect(await storeText('region')).toContain('eu-test-1');
    const after = configDetailSchema.parse((await call('GET', configPath('region'))).body);
    expect(after.key_values.find((kv) => kv.key === 'name')?.value).toBe('eu-test-1');

    const reset = await call('POST', fillApiPath(apiPaths.configReset, { name: 'region' }));
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(await storeText('region')).not.toContain('eu-test-1');
  });

  it('marks the secret keys of a set (passwords, tokens) in its help, and only those', async () => {
    const ldap = configDetailSchema.parse((await call('GET', configPath('identity_ldap'))).body);
    const secret = (key: string) => ldap.help.find((k) => k.key === key)?.secret;
    expect([secret('lookup_bind_password'), secret('lookup_bind_dn'), secret('server_addr')]).toEqual([
      true,
      undefined,
      undefined,
    ]);
    const hook = configDetailSchema.parse((await call('GET', configPath('audit_webhook'))).body);
    expect(hook.help.filter((k) => k.secret).map((k) => k.key)).toEqual(['auth_token']);
  });

  it('refuses bad keys, values and names with a precise error and changes nothing', async () => {
    await call('PUT', configPath('region'), { key_values: [{ key: 'name', value: 'eu-kept-1' }] });
    const text = await storeText('region');
    expectError(
      await call('PUT', configPath('region'), { key_values: [{ key: 'no_such_key', value: '1' }] }),
      400,
      /no_such_key/,
    );
    expectError(
      await call('PUT', configPath('region'), { key_values: [{ key: 'name', value: 'not a region!' }] }),
      400,
      /not a region name/,
    );
    expectError(await call('PUT', configPath('region'), { key_values: [] }), 400, /Nothing to save/);
    expectError(
      await call('PUT', configPath('region'), {
        key_values: [
          { key: 'name', value: 'eu-a' },
          { key: 'name', value: 'eu-b' },
        ],
      }),
      400,
      /more than once/,
    );
    expectError(
      await call('PUT', configPath('no_such_set'), { key_values: [{ key: 'x', value: '1' }] }),
      400,
      /no_such_set/,
    );
    expectError(await call('GET', configPath('Bad Name')), 400, /configuration name/);
    expectError(await call('GET', configPath('logger_webhook:missing')), 404, /missing/);
    expect(await storeText('region')).toBe(text);
    await call('POST', fillApiPath(apiPaths.configReset, { name: 'region' }));
  });

  it('exports the whole configuration as a file and imports it back', async () => {
    await call('PUT', configPath('region'), { key_values: [{ key: 'name', value: 'eu-export-1' }] });
    const exported = await h.app.inject({
      method: 'GET',
      url: apiPaths.configExport,
      cookies: { token: '' },
    });
    expect(exported.statusCode).toBe(401);
    const res = await call('GET', apiPaths.configExport);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="config.txt"');
    const file = String(res.body);
    expect(file).toContain('eu-export-1');

    await call('POST', fillApiPath(apiPaths.configReset, { name: 'region' }));
    expect(await storeText('region')).not.toContain('eu-export-1');
    const imported = await call('POST', apiPaths.configImport, { config: file });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(configWriteResponseSchema.parse(imported.body)).toEqual({ restart: true });
    expect(await storeText('region')).toContain('eu-export-1');

    const broken = await call('POST', apiPaths.configImport, { config: 'region nosuchkey=1' });
    expectError(broken, 400, /nosuchkey/);
    expectError(await call('POST', apiPaths.configImport, { config: '  ' }), 400, /empty/);
    expect(await storeText('region')).toContain('eu-export-1');
  });

  it('lists the history and restores an earlier configuration', async () => {
    await call('PUT', configPath('region'), { key_values: [{ key: 'name', value: 'eu-hist-1' }] });
    await call('PUT', configPath('region'), { key_values: [{ key: 'name', value: 'eu-hist-2' }] });
    const res = await call('GET', `${apiPaths.configHistory}?count=50`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const history = configHistoryResponseSchema.parse(res.body);
    expect(history.total).toBeGreaterThanOrEqual(2);
    const times = history.entries.map((e) => e.createTime);
    expect([...times].sort().reverse()).toEqual(times);
    const entry = history.entries.find((e) => e.data.includes('eu-hist-1'));
    expect(entry).toBeDefined();
    const restored = await call(
      'POST',
      fillApiPath(apiPaths.configHistoryRestore, { restoreId: entry!.restoreId }),
    );
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(await storeText('region')).not.toContain('eu-hist-2');
    expectError(
      await call('POST', fillApiPath(apiPaths.configHistoryRestore, { restoreId: 'no-such-entry' })),
      400,
      /no configuration history entry 'no-such-entry'/,
    );
  });

  it('restarts the server and answers once it is back', async () => {
    const res = await call('POST', apiPaths.serviceRestart);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(serviceRestartResponseSchema.parse(res.body)).toEqual({ restarted: true });
    expect((await call('GET', apiPaths.configs)).status).toBe(200);
  });

  it('adds, lists, edits and deletes a logger webhook target', async () => {
    const added = await call('POST', webhooksPath('logger'), {
      name: 'ops',
      endpoint: 'http://127.0.0.1:9/logs',
      authToken: 'secret-token',
      queueSize: '500',
      batchSize: '2',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    configWriteResponseSchema.parse(added.body);
    expect(await storeText('logger_webhook:ops')).toContain('http://127.0.0.1:9/logs');

    const list = listWebhooksResponseSchema.parse((await call('GET', webhooksPath('logger'))).body);
    expect(list.targets).toEqual([
      expect.objectContaining({
        name: 'ops',
        endpoint: 'http://127.0.0.1:9/logs',
        enabled: true,
        authTokenSet: true,
        queueSize: '500',
        batchSize: '2',
      }),
    ]);
    expect(['online', 'offline', 'unknown']).toContain(list.targets[0]?.status);
    expect(listWebhooksResponseSchema.parse((await call('GET', webhooksPath('audit'))).body).total).toBe(0);

    expectError(
      await call('POST', webhooksPath('logger'), { name: 'ops', endpoint: 'http://127.0.0.1:9/x' }),
      409,
      /already/,
    );
    expectError(
      await call('POST', webhooksPath('logger'), { name: 'bad', endpoint: 'ftp://x' }),
      400,
      /http/,
    );
    expectError(
      await call('POST', webhooksPath('logger'), { name: 'a b', endpoint: 'http://x/' }),
      400,
      /name/i,
    );
    expectError(await call('GET', webhooksPath('kafka')), 400, /kind/);

    const edited = await call('PUT', webhookPath('logger', 'ops'), { endpoint: 'http://127.0.0.1:9/other' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const afterEdit = listWebhooksResponseSchema.parse((await call('GET', webhooksPath('logger'))).body);
    expect(afterEdit.targets[0]).toMatchObject({ endpoint: 'http://127.0.0.1:9/other', authTokenSet: true });
    expectError(await call('PUT', webhookPath('logger', 'nope'), { endpoint: 'http://x/' }), 404, /nope/);

    const deleted = await call('DELETE', webhookPath('logger', 'ops'));
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(listWebhooksResponseSchema.parse((await call('GET', webhooksPath('logger'))).body).total).toBe(0);
    expectError(await call('DELETE', webhookPath('logger', 'ops')), 404, /ops/);

    // The history shows the token's change without the token.
    const history = configHistoryResponseSchema.parse(
      (await call('GET', `${apiPaths.configHistory}?count=50`)).body,
    );
    expect(
      history.entries.some(
        (e) => e.data.includes('logger_webhook:ops') && e.data.includes('auth_token=*redacted*'),
      ),
    ).toBe(true);
    for (const e of history.entries) expect(e.data).not.toContain('secret-token');
  });

  it('after the server moves to another region, sign-in and the session S3 calls follow it', async () => {
    await h.admin.setConfigKV('region name=eu-moved-1');
    await h.admin.serviceRestart();
    const moved = jsonCaller(h.app, await h.login());
    const created = await moved('POST', apiPaths.buckets, { name: 'moved-region' });
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
    const listed = await moved('GET', fillApiPath(apiPaths.objects, { bucket: 'moved-region' }));
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
  });

  it('refuses a user without admin:ConfigUpdate', async () => {
    await h.admin.addUser('cfg-reader', 'cfg-reader-secret');
    await h.admin.setPolicy('readonly', 'cfg-reader', false);
    const reader = jsonCaller(h.app, await h.login('cfg-reader', 'cfg-reader-secret'));
    expectError(await reader('GET', configPath('region')), 403, /Access Denied/);
    expectError(
      await reader('PUT', configPath('region'), { key_values: [{ key: 'name', value: 'x' }] }),
      403,
      /Access Denied/,
    );
    expectError(await reader('GET', webhooksPath('logger')), 403, /Access Denied/);
  });
});
