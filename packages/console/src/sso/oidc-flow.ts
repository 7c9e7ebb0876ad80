// SPDX-License-Identifier: Apache-2.0
import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import { ApiHttpError } from '../errors/api-http-error.js';
import type { OidcClientSettings } from './sso-options.js';

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  scopes_supported?: string[];
}

/** A sign-in started by the login screen and not yet finished on /oauth_callback. */
interface PendingLogin {
  client: OidcClientSettings;
  /** The browser it was started for (the `idp-binding` cookie). */
  binding: string;
  redirectUri: string;
  verifier: string;
  nonce: string;
  expires: number;
}

/** What a finished sign-in yields: the verified ID token and who it names. */
export interface OidcSignIn {
  idToken: string;
  claims: JWTPayload;
  client: OidcClientSettings;
}

/** A sign-in must come back from the provider within this time. */
const PENDING_MS = 10 * 60_000;
const MAX_PENDING = 2_000;
const TIMEOUT_MS = 10_000;

function idpUnreachable(what: string, err: unknown): Error {
  return new ApiHttpError(
    502,
    'The identity provider could not be reached.',
    `${what}: ${err instanceof Error ? err.message : String(err)}`,
    { cause: err },
  );
}

/**
 * The authorization code flow with PKCE (S256), state and nonce: the login screen gets the provider's
 * authorization URL, /oauth_callback posts back code and state, and the code is exchanged with the
 * client secret and the PKCE verifier for an ID token whose signature, issuer, audience and nonce are
 * checked. Pending sign-ins are kept in memory, bound to the browser that started them.
 */
export class OidcFlows {
  readonly #pending = new Map<string, PendingLogin>();
  readonly #discovery = new Map<string, { at: number; doc: Promise<Discovery> }>();
  readonly #jwks = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

  #discover(configUrl: string): Promise<Discovery> {
    const cached = this.#discovery.get(configUrl);
    if (cached && Date.now() - cached.at < 5 * 60_000) return cached.doc;
    const doc = (async () => {
      let res: Response;
      try {
        res = await fetch(configUrl, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      } catch (err) {
        throw idpUnreachable(configUrl, err);
      }
      if (!res.ok) throw idpUnreachable(configUrl, new Error(`HTTP ${res.status}`));
      return (await res.json()) as Discovery;
    })();
    this.#discovery.set(configUrl, { at: Date.now(), doc });
    doc.catch(() => this.#discovery.delete(configUrl));
    return doc;
  }

  /** The provider's authorization URL for a new sign-in of the browser `binding`. */
  async authorizationUrl(client: OidcClientSettings, redirectUri: string, binding: string): Promise<string> {
    const d = await this.#discover(client.configUrl);
    this.#prune();
    const state = randomBytes(24).toString('base64url');
    const verifier = randomBytes(32).toString('base64url');
    const nonce = randomBytes(16).toString('base64url');
    this.#pending.set(state, {
      client,
      binding,
      redirectUri,
      verifier,
      nonce,
      expires: Date.now() + PENDING_MS,
    });
    const offered = new Set(d.scopes_supported ?? []);
    const scopes =
      client.scopes.length > 0
        ? client.scopes
        : ['openid', ...['profile', 'email', 'policy'].filter((s) => offered.has(s))];
    const url = new URL(d.authorization_endpoint);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', client.clientId);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set(
      'scope',
      scopes.includes('openid') ? scopes.join(' ') : ['openid', ...scopes].join(' '),
    );
    url.searchParams.set('state', state);
    url.searchParams.set('nonce', nonce);
    url.searchParams.set('code_challenge', createHash('sha256').update(verifier).digest('base64url'));
    url.searchParams.set('code_challenge_method', 'S256');
    return url.href;
  }

  #prune(): void {
    const now = Date.now();
    for (const [k, p] of this.#pending) if (p.expires <= now) this.#pending.delete(k);
    while (this.#pending.size >= MAX_PENDING) {
      const oldest = this.#pending.keys().next().value;
      if (oldest === undefined) break;
      this.#pending.delete(oldest);
    }
  }

  /** Finishes a sign-in: the state must be one this browser started; the code is exchanged and checked. */
  async finish(code: string, state: string, binding: string): Promise<OidcSignIn> {
    const p = this.#pending.get(state);
    if (!p || p.expires <= Date.now() || p.binding !== binding) {
      throw new ApiHttpError(
        401,
        'The sign-in with your identity provider expired or was started in another browser. Sign in again.',
        'unknown or expired OAuth state',
      );
    }
    this.#pending.delete(state);
    const d = await this.#discover(p.client.configUrl);
    let res: Response;
    try {
      res = await fetch(d.token_endpoint, {
        method: 'POST',
        signal: AbortSignal.timeout(TIMEOUT_MS),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(
            `${encodeURIComponent(p.client.clientId)}:${encodeURIComponent(p.client.clientSecret)}`,
          ).toString('base64')}`,
        },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: p.redirectUri,
          code_verifier: p.verifier,
        }).toString(),
      });
    } catch (err) {
      throw idpUnreachable(d.token_endpoint, err);
    }
    const body = (await res.json().catch(() => ({}))) as Record<string, string>;
    if (!res.ok || typeof body.id_token !== 'string') {
      throw new ApiHttpError(
        401,
        'The identity provider did not accept the sign-in.',
        `${body.error ?? `HTTP ${res.status}`}${body.error_description ? `: ${body.error_description}` : ''}`,
      );
    }
    let jwks = this.#jwks.get(d.jwks_uri);
    if (!jwks) {
      jwks = createRemoteJWKSet(new URL(d.jwks_uri));
      this.#jwks.set(d.jwks_uri, jwks);
    }
    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(body.id_token, jwks, {
        issuer: d.issuer,
        audience: p.client.clientId,
      }));
    } catch (err) {
      throw new ApiHttpError(
        401,
        'The identity provider returned an ID token that is not valid.',
        (err as Error).message,
      );
    }
    if (claims.nonce !== p.nonce) {
      throw new ApiHttpError(
        401,
        'The identity provider returned an ID token that is not valid.',
        'the ID token nonce does not match the sign-in',
      );
    }
    return { idToken: body.id_token, claims, client: p.client };
  }
}
