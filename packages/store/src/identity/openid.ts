// SPDX-License-Identifier: Apache-2.0
import { createHash } from 'node:crypto';
import { createRemoteJWKSet, decodeJwt, errors, type JWTPayload, jwtVerify } from 'jose';
import { S3Error } from '../core/errors.js';

/** One `identity_openid[:<name>]` target, as the STS and the console need it. */
export interface OpenIdSettings {
  /** The config target ('' for the default one). */
  name: string;
  configUrl: string;
  clientId: string;
  clientSecret: string;
  /** The claim holding canned policy names (claim_prefix + claim_name; MinIO's default `policy`). */
  claimName: string;
  /** Canned policies every token of this provider gets (role_policy); [] when policies come from the claim. */
  rolePolicy: string[];
  displayName: string;
  scopes: string[];
  redirectUri: string;
}

/** The parts of the provider's discovery document this store uses. */
export interface OpenIdDiscovery {
  issuer: string;
  jwks_uri: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint?: string;
  scopes_supported?: string[];
}

const FETCH_TIMEOUT_MS = 10_000;
/** How long a discovery document is trusted before it is read again. */
const DISCOVERY_TTL_MS = 15 * 60_000;
/** A token with an unknown key id makes the key set be fetched again, at most this often. */
const JWKS_COOLDOWN_MS = 2_000;

/**
 * The role ARN of a provider with a `role_policy` (MinIO: `arn:minio:iam:<region>::role/<id>`): the region
 * configured (config/region.ts `configuredRegion`, '' when none), the id the config target's name, or a
 * short hash of the client id for the default target.
 */
export function openIdRoleArn(s: Pick<OpenIdSettings, 'name' | 'clientId'>, region: string): string {
  const id = s.name !== '' ? s.name : createHash('sha256').update(s.clientId).digest('hex').slice(0, 12);
  return `arn:minio:iam:${region}::role/${id}`;
}

/** Reads a JSON document from the identity provider; unreachable or invalid → IDPCommunicationError. */
async function fetchJson(url: string): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch (err) {
    throw new S3Error(
      'IDPCommunicationError',
      `the OpenID provider at ${url} could not be reached: ${(err as Error).message}`,
    );
  }
  if (!res.ok) {
    throw new S3Error('IDPCommunicationError', `the OpenID provider answered ${res.status} for ${url}`);
  }
  try {
    return (await res.json()) as Record<string, unknown>;
  } catch {
    throw new S3Error('IDPCommunicationError', `the OpenID provider's ${url} is not JSON`);
  }
}

/** A provider's discovery document and key set, fetched on first use and kept (keys re-read on rotation). */
export class OpenIdProvider {
  readonly settings: OpenIdSettings;
  #discovery: { at: number; doc: Promise<OpenIdDiscovery> } | null = null;
  #jwks: { uri: string; set: ReturnType<typeof createRemoteJWKSet> } | null = null;

  constructor(settings: OpenIdSettings) {
    this.settings = settings;
  }

  /** The discovery document (`config_url`), re-read after a failure or after 15 minutes. */
  discovery(): Promise<OpenIdDiscovery> {
    const cached = this.#discovery;
    if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.doc;
    const doc = fetchJson(this.settings.configUrl).then((d) => {
      for (const k of ['issuer', 'jwks_uri', 'authorization_endpoint', 'token_endpoint']) {
        if (typeof d[k] !== 'string' || d[k] === '') {
          throw new S3Error(
            'IDPCommunicationError',
            `the OpenID discovery document at ${this.settings.configUrl} has no ${k}`,
          );
        }
      }
      return d as unknown as OpenIdDiscovery;
    });
    const entry = { at: Date.now(), doc };
    this.#discovery = entry;
    doc.catch(() => {
      if (this.#discovery === entry) this.#discovery = null;
    });
    return doc;
  }

  #keySet(uri: string): ReturnType<typeof createRemoteJWKSet> {
    if (this.#jwks?.uri !== uri) {
      this.#jwks = {
        uri,
        set: createRemoteJWKSet(new URL(uri), {
          timeoutDuration: FETCH_TIMEOUT_MS,
          cooldownDuration: JWKS_COOLDOWN_MS,
        }),
      };
    }
    return this.#jwks.set;
  }

  /**
   * Verifies an ID or access token: signature against the provider's keys (re-fetched when the key id
   * is unknown), issuer, audience (`aud` contains the client id, or `azp` is it), expiry and not-before.
   * Every failure is an STS error a person can act on; the token itself is never part of a message.
   */
  async verify(token: string): Promise<JWTPayload> {
    const d = await this.discovery();
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, this.#keySet(d.jwks_uri), {
        issuer: d.issuer,
        requiredClaims: ['exp'],
      }));
    } catch (err) {
      throw tokenError(err, d.issuer);
    }
    const aud = payload.aud === undefined ? [] : Array.isArray(payload.aud) ? payload.aud : [payload.aud];
    if (!aud.includes(this.settings.clientId) && payload.azp !== this.settings.clientId) {
      throw new S3Error(
        'InvalidIdentityToken',
        `the token's audience (${aud.join(', ') || 'none'}) does not include this provider's client id`,
      );
    }
    return payload;
  }

  /** Canned policy names a verified token grants: the role policy, else the policy claim. */
  policiesOf(payload: JWTPayload): string[] {
    if (this.settings.rolePolicy.length > 0) return this.settings.rolePolicy;
    return claimList(payload[this.settings.claimName]);
  }
}

/** A claim holding policy names: a comma-separated string or an array of strings. */
export function claimList(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return items
    .filter((v): v is string => typeof v === 'string')
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

function tokenError(err: unknown, issuer: string): S3Error {
  if (err instanceof S3Error) return err;
  if (err instanceof errors.JWTExpired)
    return new S3Error('ExpiredToken', 'the web identity token has expired');
  if (err instanceof errors.JWTClaimValidationFailed) {
    if (err.claim === 'iss') {
      return new S3Error('InvalidIdentityToken', `the token was not issued by the provider (${issuer})`);
    }
    if (err.claim === 'nbf') return new S3Error('InvalidIdentityToken', 'the token is not valid yet (nbf)');
    return new S3Error('InvalidIdentityToken', `the token's ${err.claim} claim is not valid: ${err.reason}`);
  }
  if (err instanceof errors.JWKSNoMatchingKey) {
    return new S3Error('InvalidIdentityToken', "no key of the provider's key set matches the token's key id");
  }
  if (err instanceof errors.JWSSignatureVerificationFailed) {
    return new S3Error(
      'InvalidIdentityToken',
      "the token's signature does not verify with the provider's keys",
    );
  }
  if (err instanceof errors.JWKSTimeout || (err as { code?: string }).code === 'ERR_JWKS_INVALID') {
    return new S3Error('IDPCommunicationError', "the provider's key set could not be read");
  }
  if (err instanceof errors.JOSEError) {
    return new S3Error('InvalidIdentityToken', `the token is not a valid signed JWT (${err.code})`);
  }
  return new S3Error(
    'IDPCommunicationError',
    `the provider's keys could not be read: ${(err as Error).message}`,
  );
}

/** The unverified `iss` of a token, to pick among several providers ('' when unreadable). */
export function unverifiedIssuer(token: string): string {
  try {
    const iss = decodeJwt(token).iss;
    return typeof iss === 'string' ? iss : '';
  } catch {
    return '';
  }
}

const PROVIDERS = new Map<string, OpenIdProvider>();

/**
 * The provider for a target's settings: one instance (with its caches) per distinct settings, so a
 * saved change of `identity_openid` is used by the next request.
 */
export function openIdProvider(settings: OpenIdSettings): OpenIdProvider {
  const key = JSON.stringify(settings);
  let p = PROVIDERS.get(key);
  if (!p) {
    p = new OpenIdProvider(settings);
    PROVIDERS.set(key, p);
  }
  return p;
}
