// SPDX-License-Identifier: Apache-2.0
import type { IncomingHttpHeaders } from 'node:http';
import {
  buildCanonicalRequest,
  buildStringToSign,
  cachedSigningKey,
  canonicalHeaders,
  canonicalQuery,
  canonicalUri,
  credentialScope,
  EMPTY_PAYLOAD_HASH,
  MAX_PRESIGN_EXPIRES,
  type ParsedAuthorization,
  parseAmzDate,
  parseAuthorization,
  parseCredential,
  queryPairs,
  SIGV4_ALGORITHM,
  type SignatureInput,
  STREAMING_PAYLOAD,
  signature,
  signaturesEqual,
  UNSIGNED_PAYLOAD,
} from '@stowage/madmin';
import type { AuthResult, PayloadMode } from '../core/auth.js';
import { S3Error } from '../core/errors.js';
import type { CredentialStore, Identity } from '../iam/types.js';

/** S3 accepts requests whose signing time is within 15 minutes of the server's clock. */
export const MAX_CLOCK_SKEW_MS = 15 * 60 * 1000;

export const STREAMING_PAYLOAD_TRAILER = 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER';
export const STREAMING_UNSIGNED_TRAILER = 'STREAMING-UNSIGNED-PAYLOAD-TRAILER';

/** The identity of unsigned requests; the authorizer evaluates bucket policies for it. */
export const ANONYMOUS: Identity = Object.freeze({ kind: 'anonymous', accessKey: '', parentUser: '' });

export interface AuthInput {
  method: string;
  /** Decoded request path exactly as the client addressed it (virtual-host: without the bucket). */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Expected scope service: `s3` for S3 and admin, `sts` for AssumeRole. */
  service: 's3' | 'sts';
  /**
   * The region the request must be signed for; '' or absent accepts any (no region configured, or an
   * admin request — madmin signs with an empty region).
   */
  region?: string;
  /** When the body was already read (admin, STS): its SHA-256, used when the header is absent. */
  bodySha256?: string;
  now?: Date;
}

/** The expected signature of a request (madmin's canonicalisation, cached signing key). */
function expectedSignature(input: SignatureInput, valueOrder: 'sorted' | 'as-sent' = 'sorted'): string {
  const canonical = buildCanonicalRequest({
    method: input.method,
    canonicalUri: canonicalUri(input.path),
    canonicalQuery: canonicalQuery(input.query, valueOrder),
    canonicalHeaders: canonicalHeaders(input.headers, input.signedHeaders),
    signedHeaders: input.signedHeaders,
    payloadHash: input.payloadHash,
  });
  const date = input.amzDate.slice(0, 8);
  const scope = credentialScope(date, input.region, input.service);
  const key = cachedSigningKey(input.secretKey, date, input.region, input.service);
  return signature(key, buildStringToSign(input.amzDate, scope, canonical));
}

/**
 * Whether the claimed signature is right. AWS sorts repeated query values; Go's SDKs keep them in the
 * order sent (madmin-go's policy-entities with several `policy=`), so a request with repeated names is
 * also checked in that order.
 */
function signatureMatches(input: SignatureInput, claimed: string): boolean {
  let expected: string;
  try {
    expected = expectedSignature(input);
  } catch {
    // A signed header is missing from the request.
    return false;
  }
  if (signaturesEqual(expected, claimed)) return true;
  const joined = repeatedHeadersJoined(input);
  if (joined && signaturesEqual(expectedSignature(joined), claimed)) return true;
  const names = queryPairs(input.query).map(([k]) => k);
  if (new Set(names).size === names.length) return false;
  return signaturesEqual(expectedSignature(input, 'as-sent'), claimed);
}

/**
 * Node joins a header sent more than once (Content-Encoding twice) with ", "; SigV4 canonicalises it
 * with ",". The input with the signed headers' ", " read as ",", or null when none has one.
 */
function repeatedHeadersJoined(input: SignatureInput): SignatureInput | null {
  if (input.headers instanceof Headers) return null;
  const headers: Record<string, string | string[] | number | undefined> = { ...input.headers };
  let changed = false;
  for (const name of input.signedHeaders) {
    const v = headers[name];
    if (typeof v === 'string' && v.includes(', ')) {
      headers[name] = v.replace(/, /g, ',');
      changed = true;
    }
  }
  return changed ? { ...input, headers } : null;
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  if (v === undefined) return undefined;
  return Array.isArray(v) ? v.join(',') : v;
}

/** True when the request carries any SigV4 (or older) credentials at all. */
export function isSignedRequest(headers: IncomingHttpHeaders, query: URLSearchParams): boolean {
  return (
    headers.authorization !== undefined ||
    query.has('X-Amz-Algorithm') ||
    query.has('X-Amz-Credential') ||
    query.has('AWSAccessKeyId')
  );
}

/**
 * Verifies a request's SigV4 signature (Authorization header or presigned query) and resolves the
 * signer. Unsigned requests come back as the anonymous identity: whether they may do anything is
 * the authorizer's decision (bucket policy).
 *
 * Protocol: AWS SigV4, "Authenticating Requests (AWS Signature Version 4)" in the S3 API reference;
 * the 15-minute skew and 7-day presign limits are S3's.
 */
export async function authenticateRequest(input: AuthInput, creds: CredentialStore): Promise<AuthResult> {
  const { headers, query } = input;
  const now = input.now ?? new Date();
  const authz = header(headers, 'authorization');
  if (authz !== undefined) {
    if (authz.startsWith('AWS ')) {
      throw new S3Error(
        'UnsupportedSignature',
        'Signature Version 2 is not supported; use AWS Signature Version 4.',
      );
    }
    return verifyHeaderAuth(input, authz, now, creds);
  }
  if (query.has('X-Amz-Algorithm') || query.has('X-Amz-Credential') || query.has('X-Amz-Signature')) {
    return verifyPresigned(input, now, creds);
  }
  if (query.has('AWSAccessKeyId')) {
    throw new S3Error(
      'UnsupportedSignature',
      'Signature Version 2 is not supported; use AWS Signature Version 4.',
    );
  }
  return { identity: ANONYMOUS, secretKey: '', payload: { kind: 'unsigned' }, via: 'anonymous' };
}

async function resolveSigner(
  parsed: ParsedAuthorization,
  token: string | undefined,
  creds: CredentialStore,
): Promise<{ identity: Identity; secretKey: string }> {
  const resolved = await creds.lookup(parsed.accessKey);
  if (!resolved) throw new S3Error('InvalidAccessKeyId');
  // STS credentials are bound to their session token; long-term keys must not carry one.
  if (resolved.sessionToken !== undefined && resolved.sessionToken !== '') {
    if (token === undefined || token !== resolved.sessionToken) throw new S3Error('InvalidTokenId');
  } else if (token !== undefined && token !== '') {
    throw new S3Error('InvalidTokenId');
  }
  return { identity: resolved.identity, secretKey: resolved.secretKey };
}

function checkService(
  parsed: ParsedAuthorization,
  service: string,
  code: 'AuthorizationHeaderMalformed' | 'AuthorizationQueryParametersError',
): void {
  if (parsed.service !== service) {
    throw new S3Error(code, `The credential scope's service must be "${service}", not "${parsed.service}".`);
  }
}

/** MinIO's rule: older clients sign for "US", which means us-east-1. */
function normalRegion(region: string): string {
  return region === 'US' ? 'us-east-1' : region;
}

/**
 * Refuses a credential scope signed for another region than the store's, as MinIO (and AWS) do:
 * AuthorizationHeaderMalformed naming the expected region (header and presigned alike).
 */
export function checkRegion(signed: string, expected: string | undefined): void {
  if (!expected) return;
  if (normalRegion(signed) === normalRegion(expected)) return;
  throw new S3Error(
    'AuthorizationHeaderMalformed',
    `The authorization header is malformed; the region '${signed}' is wrong; expecting '${expected}'.`,
    { Region: expected },
  );
}

function parseRequestDate(headers: IncomingHttpHeaders): { date: Date; amzDate: string } {
  const amz = header(headers, 'x-amz-date');
  if (amz !== undefined) {
    const date = parseAmzDate(amz);
    if (!date)
      throw new S3Error('MalformedDate', 'X-Amz-Date must be in the ISO8601 basic format YYYYMMDDTHHMMSSZ.');
    return { date, amzDate: amz };
  }
  const plain = header(headers, 'date');
  if (plain !== undefined) {
    const t = Date.parse(plain);
    if (Number.isNaN(t)) throw new S3Error('MalformedDate');
    const date = new Date(t);
    return {
      date,
      amzDate: date
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, ''),
    };
  }
  throw new S3Error('AccessDenied', 'AWS authentication requires a valid Date or x-amz-date header');
}

function payloadFromHeader(
  value: string | undefined,
  fallback: string,
): {
  hashForSigning: string;
  mode: 'sha256' | 'unsigned' | 'streaming' | 'streaming-trailer' | 'unsigned-trailer';
} {
  const v = value ?? fallback;
  if (v === UNSIGNED_PAYLOAD) return { hashForSigning: v, mode: 'unsigned' };
  if (v === STREAMING_PAYLOAD) return { hashForSigning: v, mode: 'streaming' };
  if (v === STREAMING_PAYLOAD_TRAILER) return { hashForSigning: v, mode: 'streaming-trailer' };
  if (v === STREAMING_UNSIGNED_TRAILER) return { hashForSigning: v, mode: 'unsigned-trailer' };
  if (/^[0-9a-f]{64}$/.test(v)) return { hashForSigning: v, mode: 'sha256' };
  throw new S3Error(
    'InvalidArgument',
    'x-amz-content-sha256 must be UNSIGNED-PAYLOAD, STREAMING-AWS4-HMAC-SHA256-PAYLOAD, STREAMING-UNSIGNED-PAYLOAD-TRAILER or a lower-case hex SHA-256.',
  );
}

async function verifyHeaderAuth(
  input: AuthInput,
  authz: string,
  now: Date,
  creds: CredentialStore,
): Promise<AuthResult> {
  const parsed = parseAuthorization(authz);
  if (!parsed) throw new S3Error('AuthorizationHeaderMalformed');
  checkService(parsed, input.service, 'AuthorizationHeaderMalformed');
  checkRegion(parsed.region, input.region);
  if (!parsed.signedHeaders.includes('host')) {
    throw new S3Error(
      'AuthorizationHeaderMalformed',
      'The SignedHeaders of the Authorization header must include "host".',
    );
  }
  const { date, amzDate } = parseRequestDate(input.headers);
  if (Math.abs(now.getTime() - date.getTime()) > MAX_CLOCK_SKEW_MS) throw new S3Error('RequestTimeTooSkewed');
  if (parsed.date !== amzDate.slice(0, 8)) {
    throw new S3Error(
      'AuthorizationHeaderMalformed',
      'The credential scope date does not match the request date.',
    );
  }
  const signer = await resolveSigner(parsed, header(input.headers, 'x-amz-security-token'), creds);

  const payload = payloadFromHeader(
    header(input.headers, 'x-amz-content-sha256'),
    input.bodySha256 ?? EMPTY_PAYLOAD_HASH,
  );
  const matches = signatureMatches(
    {
      method: input.method,
      path: input.path,
      query: input.query,
      headers: input.headers as Record<string, string | string[] | undefined>,
      signedHeaders: parsed.signedHeaders,
      payloadHash: payload.hashForSigning,
      amzDate,
      region: parsed.region,
      service: parsed.service,
      secretKey: signer.secretKey,
    },
    parsed.signature,
  );
  if (!matches) throw new S3Error('SignatureDoesNotMatch');

  let mode: PayloadMode;
  switch (payload.mode) {
    case 'sha256':
      mode = { kind: 'sha256', hash: payload.hashForSigning };
      break;
    case 'unsigned':
      mode = { kind: 'unsigned' };
      break;
    case 'unsigned-trailer':
      mode = { kind: 'streaming-unsigned-trailer' };
      break;
    default:
      mode = {
        kind: 'streaming-signed',
        seedSignature: parsed.signature,
        signingKey: cachedSigningKey(signer.secretKey, parsed.date, parsed.region, parsed.service),
        amzDate,
        scope: credentialScope(parsed.date, parsed.region, parsed.service),
        trailer: payload.mode === 'streaming-trailer',
      };
  }
  return { ...signer, payload: mode, via: 'header' };
}

async function verifyPresigned(input: AuthInput, now: Date, creds: CredentialStore): Promise<AuthResult> {
  const q = input.query;
  const fail = (msg: string): S3Error => new S3Error('AuthorizationQueryParametersError', msg);
  if (q.get('X-Amz-Algorithm') !== SIGV4_ALGORITHM)
    throw fail('X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"');
  const credential = q.get('X-Amz-Credential');
  const amzDate = q.get('X-Amz-Date');
  const expiresRaw = q.get('X-Amz-Expires');
  const signedHeaders = q.get('X-Amz-SignedHeaders');
  const sig = q.get('X-Amz-Signature');
  if (!credential || !amzDate || !expiresRaw || !signedHeaders || !sig) {
    throw fail(
      'Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.',
    );
  }
  // A signature of the wrong shape is simply a wrong signature (403 SignatureDoesNotMatch, as S3).
  const parsed = parseCredential(
    credential,
    signedHeaders,
    /^[0-9a-f]{64}$/.test(sig) ? sig : '0'.repeat(64),
  );
  if (!parsed) throw fail('Error parsing the X-Amz-Credential parameter; the Credential is mal-formed.');
  checkService(parsed, input.service, 'AuthorizationQueryParametersError');
  checkRegion(parsed.region, input.region);
  if (!/^\d+$/.test(expiresRaw)) throw fail('X-Amz-Expires should be a number');
  const expires = Number(expiresRaw);
  if (expires > MAX_PRESIGN_EXPIRES)
    throw fail('X-Amz-Expires must be less than a week (in seconds) that is 604800');
  const date = parseAmzDate(amzDate);
  if (!date)
    throw new S3Error('MalformedDate', 'X-Amz-Date must be in the ISO8601 basic format YYYYMMDDTHHMMSSZ.');
  if (parsed.date !== amzDate.slice(0, 8)) throw fail('The credential scope date does not match X-Amz-Date.');
  if (date.getTime() - now.getTime() > MAX_CLOCK_SKEW_MS)
    throw new S3Error('AccessDenied', 'Request is not valid yet');
  if (now.getTime() > date.getTime() + expires * 1000)
    throw new S3Error('AccessDenied', 'Request has expired');
  if (!parsed.signedHeaders.includes('host')) throw fail('X-Amz-SignedHeaders must include "host".');

  const token = q.get('X-Amz-Security-Token') ?? header(input.headers, 'x-amz-security-token');
  const signer = await resolveSigner(parsed, token ?? undefined, creds);

  const signedQuery = new URLSearchParams();
  for (const [k, v] of q) if (k !== 'X-Amz-Signature') signedQuery.append(k, v);
  const payloadHash = q.get('X-Amz-Content-Sha256') ?? UNSIGNED_PAYLOAD;
  const matches = signatureMatches(
    {
      method: input.method,
      path: input.path,
      query: signedQuery,
      headers: input.headers as Record<string, string | string[] | undefined>,
      signedHeaders: parsed.signedHeaders,
      payloadHash,
      amzDate,
      region: parsed.region,
      service: parsed.service,
      secretKey: signer.secretKey,
    },
    sig,
  );
  if (!matches) throw new S3Error('SignatureDoesNotMatch');
  const payload: PayloadMode = /^[0-9a-f]{64}$/.test(payloadHash)
    ? { kind: 'sha256', hash: payloadHash }
    : { kind: 'unsigned' };
  return { ...signer, payload, via: 'presigned' };
}
