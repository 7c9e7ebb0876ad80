// SPDX-License-Identifier: Apache-2.0
import { apiErrorSchema, configDetailSchema, idpListResponseSchema } from '@stowage/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleHarness, jsonCaller, startConsoleHarness } from '../../testing/console-harness.js';

// /api/v1/idp (Identity → OpenID / LDAP): MinIO's idp-config API through the console, with the help of
// the keys for the form; errors as {errorMessage, detailedError}.
const OPENID = [
  { key: 'config_url', value: 'https://idp.example.test/.well-known/openid-configuration' },
  { key: 'client_id', value: 'console-app' },
  { key: 'client_secret', value: 'console-secret' },
];

describe('identity provider configurations through the console', () => {
  let h: ConsoleHarness;
  let call: ReturnType<typeof jsonCaller>;
  beforeAll(async () => {
    h = await startConsoleHarness({ drives: 1 });
    call = jsonCaller(h.app, await h.login());
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  it('lists with the help of the keys, adds, reads, updates and deletes an OpenID configuration', async () => {
    const empty = idpListResponseSchema.parse((await call('GET', '/api/v1/idp/openid')).body);
    expect(empty.results).toEqual([]);
    expect(empty.help.map((h) => h.key)).toEqual(
      expect.arrayContaining(['config_url', 'client_id', 'client_secret']),
    );
    expect(empty.help.find((h) => h.key === 'config_url')?.optional).toBe(false);

    const added = await call('POST', '/api/v1/idp/openid', { name: 'dex', key_values: OPENID });
    expect(added).toMatchObject({ status: 200, body: { restart: false } });
    const again = await call('POST', '/api/v1/idp/openid', { name: 'dex', key_values: OPENID });
    expect(again.status).toBe(409);
    expect(apiErrorSchema.parse(again.body).detailedError).not.toBe('');

    const list = idpListResponseSchema.parse((await call('GET', '/api/v1/idp/openid')).body);
    expect(list.results).toEqual([{ name: 'dex', enabled: true }]);
    const detail = configDetailSchema.parse((await call('GET', '/api/v1/idp/openid/dex')).body);
    expect(detail.key_values).toEqual(expect.arrayContaining([{ key: 'client_id', value: 'console-app' }]));

    expect(
      (
        await call('PUT', '/api/v1/idp/openid/dex', {
          key_values: [{ key: 'display_name', value: 'Dex SSO' }],
        })
      ).status,
    ).toBe(200);
    const updated = configDetailSchema.parse((await call('GET', '/api/v1/idp/openid/dex')).body);
    expect(updated.key_values).toEqual(expect.arrayContaining([{ key: 'display_name', value: 'Dex SSO' }]));

    const bad = await call('POST', '/api/v1/idp/openid', {
      name: 'bad',
      key_values: [{ key: 'config_url', value: 'not a url' }, ...OPENID.slice(1)],
    });
    expect(bad.status).toBe(400);
    expect(apiErrorSchema.parse(bad.body).detailedError).toMatch(/config_url/);

    expect((await call('DELETE', '/api/v1/idp/openid/dex')).status).toBe(200);
    expect((await call('GET', '/api/v1/idp/openid/dex')).status).toBe(404);
    expect((await call('PUT', '/api/v1/idp/openid/dex', { key_values: OPENID })).status).toBe(404);
  });

  it('keeps one LDAP configuration named _; a bad type or name is refused', async () => {
    expect(
      (
        await call('POST', '/api/v1/idp/ldap', {
          name: 'other',
          key_values: [{ key: 'server_addr', value: 'l:636' }],
        })
      ).status,
    ).toBe(400);
    expect((await call('GET', '/api/v1/idp/saml')).status).toBe(400);
    const saved = await call('POST', '/api/v1/idp/ldap', {
      name: '_',
      key_values: [
        { key: 'server_addr', value: 'ldap.example.test:636' },
        { key: 'lookup_bind_dn', value: 'cn=admin,dc=example' },
        { key: 'lookup_bind_password', value: 'pw' },
        { key: 'user_dn_search_base_dn', value: 'dc=example' },
        { key: 'user_dn_search_filter', value: '(uid=%s)' },
      ],
    });
    expect(saved.status).toBe(200);
    const list = idpListResponseSchema.parse((await call('GET', '/api/v1/idp/ldap')).body);
    expect(list.results).toEqual([{ name: '_', enabled: true }]);
    expect((await call('DELETE', '/api/v1/idp/ldap/_')).status).toBe(200);
  });
});
