// SPDX-License-Identifier: Apache-2.0
import { createHash, randomBytes } from 'node:crypto';

/** A signed-in user's tokens from the provider's token endpoint. */
export interface OidcTokens {
  id_token: string;
  access_token: string;
  expires_in: number;
}

export interface OidcClient {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/**
 * Signs a user in through oidc-provider's own login page without a browser: the authorization request
 * (code + PKCE + state + nonce), the login form posted as a browser would, the redirect back with the
 * code, and the code exchanged at the token endpoint. For tests that need a real ID token.
 */
export async function oidcLogin(client: OidcClient, login: string): Promise<OidcTokens> {
  const discovery = (await (await fetch(`${client.issuer}/.well-known/openid-configuration`)).json()) as {
    authorization_endpoint: string;
    token_endpoint: string;
  };
  const cookies = new Map<string, string>();
  const step = async (url: string, init: RequestInit = {}): Promise<string> => {
    const res = await fetch(new URL(url, client.issuer), {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = (pair ?? '').indexOf('=');
      cookies.set((pair ?? '').slice(0, eq), (pair ?? '').slice(eq + 1));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`${url}: expected a redirect, got ${res.status}: ${await res.text()}`);
    return location;
  };
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(8).toString('hex');
  const auth = new URL(discovery.authorization_endpoint);
  for (const [k, v] of Object.entries({
    client_id: client.clientId,
    redirect_uri: client.redirectUri,
    response_type: 'code',
    scope: 'openid profile email policy',
    state,
    nonce: randomBytes(8).toString('hex'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  })) {
    auth.searchParams.set(k, v);
  }
  const interaction = await step(auth.href);
  const resume = await step(interaction, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString(),
  });
  const back = new URL(await step(resume));
  if (back.searchParams.get('state') !== state) throw new Error(`state mismatch in ${back.href}`);
  const code = back.searchParams.get('code');
  if (!code) throw new Error(`no code: ${back.href}`);
  const res = await fetch(discovery.token_endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`,
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: client.redirectUri,
      code_verifier: verifier,
    }).toString(),
  });
  if (!res.ok) throw new Error(`token endpoint: ${res.status} ${await res.text()}`);
  return (await res.json()) as OidcTokens;
}
