// SPDX-License-Identifier: Apache-2.0
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';
import type { StartedService } from '../service.js';

/** The directory of this provider: users, and the canned policy names their `policy` claim carries. */
export const OIDC_USERS: Record<string, { name: string; email: string; policy?: string[] }> = {
  alice: { name: 'Alice Liddell', email: 'alice@stowage.test', policy: ['sso-alice'] },
  bob: { name: 'Bob Admin', email: 'bob@stowage.test', policy: ['consoleAdmin'] },
  carol: { name: 'Carol Nopolicy', email: 'carol@stowage.test' },
};

/** What tests get from `testService<OidcProviderInfo>('oidc-provider')`. */
export interface OidcProviderInfo {
  issuer: string;
  /** The discovery document (identity_openid's `config_url`). */
  configUrl: string;
  /** Dynamic client registration (RFC 7591): a test registers a client with its own redirect URIs. */
  registrationUrl: string;
  /** A client registered at start, for token-only tests (its redirect URI is never loaded). */
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /**
   * The provider's private signing key (JWK with kid): tests mint tokens the provider could have issued
   * with claims it never would (expired, another audience, another issuer) to check they are refused.
   */
  signingJwk: JWK;
  users: typeof OIDC_USERS;
}

/**
 * npm `oidc-provider` (a certified OpenID Provider) on a free port: authorization code with PKCE, its own
 * development login page (any password; the login names a user of {@link OIDC_USERS}), consent
 * remembered for every client, ID tokens carrying the `policy` claim, dynamic client registration.
 */
export async function start(): Promise<StartedService> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingJwk: JWK = {
    ...(await exportJWK(privateKey)),
    kid: 'stowage-test-1',
    alg: 'RS256',
    use: 'sig',
  };
  const clientId = 'stowage-tests';
  const clientSecret = randomBytes(16).toString('hex');
  const redirectUri = 'http://127.0.0.1:9/callback';

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [signingJwk] },
    scopes: ['openid', 'profile', 'email', 'policy'],
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username'],
      email: ['email'],
      policy: ['policy'],
    },
    // The ID token carries the scopes' claims (MinIO reads `policy` from it).
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: true },
      registration: { enabled: true },
    },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 3600, IdToken: 3600 },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    // Consent is remembered for every client: after the login page the browser goes straight back.
    async loadExistingGrant(ctx) {
      const accountId = ctx.oidc.session?.accountId;
      const client = ctx.oidc.client;
      if (!accountId || !client) return undefined;
      const existing = ctx.oidc.session?.grantIdFor(client.clientId);
      if (existing) return ctx.oidc.provider.Grant.find(existing);
      const grant = new ctx.oidc.provider.Grant({ accountId, clientId: client.clientId });
      grant.addOIDCScope('openid profile email policy');
      grant.addOIDCClaims(['policy', 'name', 'preferred_username', 'email']);
      await grant.save();
      return grant;
    },
    async findAccount(_ctx, id) {
      const user = OIDC_USERS[id];
      if (!user) return undefined;
      return {
        accountId: id,
        async claims() {
          return {
            sub: id,
            name: user.name,
            preferred_username: id,
            email: user.email,
            ...(user.policy ? { policy: user.policy } : {}),
          };
        },
      };
    },
  };
  const provider = new Provider(issuer, configuration);
  // The provider warns that devInteractions is for development: that is what it is here.
  provider.on('server_error', (_ctx, err) => console.error('[oidc-provider]', err));
  server.on('request', provider.callback());

  const info: OidcProviderInfo = {
    issuer,
    configUrl: `${issuer}/.well-known/openid-configuration`,
    registrationUrl: `${issuer}/reg`,
    clientId,
    clientSecret,
    redirectUri,
    signingJwk,
    users: OIDC_USERS,
  };
  return {
    info: info as unknown as Record<string, unknown>,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
