// SPDX-License-Identifier: Apache-2.0
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testService } from '../../../../test-services/index.js';
import type { OidcProviderInfo } from '../../../../test-services/services/oidc-provider.js';
import type { SlapdInfo } from '../../../../test-services/services/slapd.js';
import { type ConsoleHarness, startConsoleHarness } from '../testing/console-harness.js';

// The console's side of single sign-on against a real store, oidc-provider and slapd: the login strategy
// reads the server's identity sets, each redirect is a fresh code + PKCE + state + nonce request bound to
// the browser, a foreign or replayed state is refused, and the form signs LDAP users in (root still with
// keys). The whole redirect through the provider's page is the browser journey's (e2e/journeys/sso.spec.ts).

let h: ConsoleHarness;
let idp: OidcProviderInfo;
let ldap: SlapdInfo;

beforeAll(async () => {
  [idp, ldap] = await Promise.all([
    testService<OidcProviderInfo>('oidc-provider'),
    testService<SlapdInfo>('slapd'),
  ]);
  // The console reads the store's identity sets with its root keys, as with the embedded store.
  const root = { accessKey: 'sso-console-root', secretKey: 'sso-console-root-secret' };
  h = await startConsoleHarness({
    drives: 1,
    rootUser: root.accessKey,
    rootPassword: root.secretKey,
    app: { sso: { serverAdmin: root } },
  });
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('single sign-on routes', { timeout: 60_000 }, () => {
  it('offers the form until a provider is configured, then one PKCE redirect per provider', async () => {
    const app = h.app;
    try {
      const before = await app.inject({ method: 'GET', url: '/api/v1/login' });
      expect(before.json()).toEqual({ loginStrategy: 'form' });
      await h.admin.setConfigKV(
        `identity_openid config_url="${idp.configUrl}" client_id="${idp.clientId}" client_secret="${idp.clientSecret}" display_name="Corp SSO"`,
      );
      await new Promise((r) => setTimeout(r, 3_100)); // the console re-reads the server's sets after 3 s
      const res = await app.inject({
        method: 'GET',
        url: '/api/v1/login',
        headers: { host: 'console.test' },
      });
      const body = res.json() as { loginStrategy: string; redirect: string; redirectRules: unknown[] };
      expect(body.loginStrategy).toBe('redirect');
      expect(body.redirectRules).toEqual([{ displayName: 'Corp SSO', redirect: body.redirect }]);
      const url = new URL(body.redirect);
      expect(url.origin).toBe(idp.issuer);
      expect(Object.fromEntries(url.searchParams)).toMatchObject({
        response_type: 'code',
        client_id: idp.clientId,
        redirect_uri: 'http://console.test/oauth_callback',
        code_challenge_method: 'S256',
        scope: 'openid profile email policy',
      });
      expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(url.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{16,}$/);
      const binding = res.cookies.find((c) => c.name === 'idp-binding');
      expect(binding?.httpOnly).toBe(true);

      const state = url.searchParams.get('state') ?? '';
      // Another browser (no or another binding cookie) cannot finish this sign-in.
      const foreign = await app.inject({
        method: 'POST',
        url: '/api/v1/login/oauth2/auth',
        payload: { code: 'x', state },
        cookies: { 'idp-binding': 'A'.repeat(32) },
      });
      expect(foreign.statusCode).toBe(401);
      expect(foreign.json()).toEqual({
        errorMessage:
          'The sign-in with your identity provider expired or was started in another browser. Sign in again.',
        detailedError: 'unknown or expired OAuth state',
      });
      // The right browser with a code the provider never issued: the provider's refusal is reported.
      const badCode = await app.inject({
        method: 'POST',
        url: '/api/v1/login/oauth2/auth',
        payload: { code: 'not-a-code', state },
        cookies: { 'idp-binding': binding?.value ?? '' },
      });
      expect(badCode.statusCode).toBe(401);
      expect(badCode.json()).toMatchObject({
        errorMessage: 'The identity provider did not accept the sign-in.',
        detailedError: expect.stringMatching(/^invalid_grant/),
      });
      // A state is used once.
      const replay = await app.inject({
        method: 'POST',
        url: '/api/v1/login/oauth2/auth',
        payload: { code: 'not-a-code', state },
        cookies: { 'idp-binding': binding?.value ?? '' },
      });
      expect(replay.json()).toMatchObject({ detailedError: 'unknown or expired OAuth state' });
    } finally {
      await h.admin.delConfigKV('identity_openid');
    }
  });

  it('signs LDAP users in with the form, and still root with its keys', async () => {
    const d = ldap.directory;
    await h.admin.setConfigKV(
      `identity_ldap server_addr="${ldap.serverAddr}" server_insecure=on lookup_bind_dn="${d.lookup.dn}" ` +
        `lookup_bind_password="${d.lookup.password}" user_dn_search_base_dn="${d.usersBase}" ` +
        `user_dn_search_filter="(uid=%s)"`,
    );
    await h.admin.addCannedPolicy('console-ldap', {
      Version: '2012-10-17',
      Statement: [{ Effect: 'Allow', Action: ['s3:ListAllMyBuckets'], Resource: ['arn:aws:s3:::*'] }],
    });
    await h.admin.attachPolicyLDAP({ policies: ['console-ldap'], user: d.users.alice.dn });
    await new Promise((r) => setTimeout(r, 3_100)); // the console re-reads the server's sets after 3 s
    const app = h.app;
    try {
      expect((await app.inject({ method: 'GET', url: '/api/v1/login' })).json()).toEqual({
        loginStrategy: 'form',
        ldap: true,
      });
      const login = (accessKey: string, secretKey: string) =>
        app.inject({ method: 'POST', url: '/api/v1/login', payload: { accessKey, secretKey } });
      const alice = await login('alice', d.users.alice.password);
      expect(alice.statusCode).toBe(204);
      const session = await app.inject({
        method: 'GET',
        url: '/api/v1/session',
        cookies: { token: alice.cookies.find((c) => c.name === 'token')?.value ?? '' },
      });
      expect(session.json()).toMatchObject({ userName: 'alice', identityProvider: 'ldap' });
      expect((await login(h.rootUser, h.rootPassword)).statusCode).toBe(204);
      const carol = await login('carol', d.users.carol.password);
      expect(carol.statusCode).toBe(401);
      expect(carol.json()).toMatchObject({
        errorMessage: 'Invalid Login.',
        detailedError: expect.stringMatching(/^Signed in to the directory, but no policy is attached/),
      });
    } finally {
      await h.admin.delConfigKV('identity_ldap');
    }
  });
});
