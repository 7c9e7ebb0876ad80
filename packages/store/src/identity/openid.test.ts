// SPDX-License-Identifier: Apache-2.0
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenIdProvider, type OpenIdSettings } from './openid.js';

// The provider's key rotation, with a stand-in provider of this test's own (discovery + JWKS over HTTP):
// a token signed with a key published after the key set was first read is accepted once the set is
// read again (unknown kid → re-fetch); a key the provider stopped publishing is refused.

let server: Server;
let issuer: string;
let published: JWK[] = [];
let jwksFetches = 0;

async function newKey(kid: string) {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  return { privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

function token(key: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'], kid: string): Promise<string> {
  return new SignJWT({ policy: 'readonly' })
    .setProtectedHeader({ alg: 'RS256', kid })
    .setIssuer(issuer)
    .setAudience('client-1')
    .setSubject('u1')
    .setExpirationTime('5m')
    .sign(key);
}

beforeAll(async () => {
  server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/.well-known/openid-configuration') {
      res.end(
        JSON.stringify({
          issuer,
          jwks_uri: `${issuer}/jwks`,
          authorization_endpoint: `${issuer}/auth`,
          token_endpoint: `${issuer}/token`,
        }),
      );
    } else if (req.url === '/jwks') {
      jwksFetches++;
      res.end(JSON.stringify({ keys: published }));
    } else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('OpenIdProvider key rotation', () => {
  it('re-reads the key set for an unknown key id, and refuses keys no longer published', async () => {
    const settings: OpenIdSettings = {
      name: '',
      configUrl: `${issuer}/.well-known/openid-configuration`,
      clientId: 'client-1',
      clientSecret: 's',
      claimName: 'policy',
      rolePolicy: [],
      displayName: '',
      scopes: [],
      redirectUri: '',
    };
    const provider = new OpenIdProvider(settings);
    const k1 = await newKey('k1');
    published = [k1.jwk];
    expect((await provider.verify(await token(k1.privateKey, 'k1'))).sub).toBe('u1');
    const before = jwksFetches;

    const k2 = await newKey('k2');
    published = [k2.jwk];
    // The set is re-read at most every 2 s: wait that out, as a rotation would.
    await new Promise((r) => setTimeout(r, 2_100));
    expect(provider.policiesOf(await provider.verify(await token(k2.privateKey, 'k2')))).toEqual([
      'readonly',
    ]);
    expect(jwksFetches).toBe(before + 1);

    await new Promise((r) => setTimeout(r, 2_100));
    await expect(provider.verify(await token(k1.privateKey, 'k1'))).rejects.toMatchObject({
      code: 'InvalidIdentityToken',
      message: "no key of the provider's key set matches the token's key id",
    });
  });

  it('names an unreachable provider as IDPCommunicationError', async () => {
    const provider = new OpenIdProvider({
      name: '',
      configUrl: 'http://127.0.0.1:9/.well-known/openid-configuration',
      clientId: 'c',
      clientSecret: '',
      claimName: 'policy',
      rolePolicy: [],
      displayName: '',
      scopes: [],
      redirectUri: '',
    });
    await expect(provider.verify('a.b.c')).rejects.toMatchObject({ code: 'IDPCommunicationError' });
  });
});
