// SPDX-License-Identifier: Apache-2.0
/**
 * AWS Signature Version 4 primitives.
 *
 * One implementation serves both sides of the wire: this package and the console use it to sign
 * requests, and the embedded store's auth layer uses the very same functions to recompute and verify
 * signatures, so a signing bug cannot hide behind a matching verification bug on our side only (the
 * tests pin the functions to the vectors AWS publishes, and the store is driven by real clients).
 *
 * Protocol: AWS SigV4 ("Authenticating Requests: Using the Authorization Header" and
 * "Using Query Parameters" in the Amazon S3 API reference).
 */
import { createHmac, createSecretKey, hash, type KeyObject, timingSafeEqual } from 'node:crypto';

/** The only algorithm name SigV4 defines. */
export const SIGV4_ALGORITHM = 'AWS4-HMAC-SHA256';
/** Payload hash of an empty body. */
export const EMPTY_PAYLOAD_HASH = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
/** Payload hash value that tells the server the body is not covered by the signature. */
export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';
/** Payload hash value of `aws-chunked` uploads whose chunks are signed one by one. */
export const STREAMING_PAYLOAD = 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD';
/** The upper bound S3 puts on `X-Amz-Expires` (7 days). */
export const MAX_PRESIGN_EXPIRES = 604800;

/** Bytes or text (text is hashed as UTF-8). */
export type BinaryLike = string | Uint8Array;

/** Header bag accepted by the canonicalisation helpers: a fetch `Headers`, or a Node-style record. */
export type HeaderInput = Headers | Record<string, string | string[] | number | undefined>;

/** Query accepted by {@link canonicalQuery}: decoded names and values. */
export type QueryInput =
  | URLSearchParams
  | Iterable<readonly [string, string]>
  | Record<string, string | string[] | undefined>;

/** Lower-case hex SHA-256 of `data`. */
export function sha256Hex(data: BinaryLike): string {
  // One-shot: no Hash object per call (~0.5 µs vs ~1 µs for a canonical request).
  return hash('sha256', data, 'hex');
}

/** HMAC-SHA256 of `data` under `key`. */
export function hmac(key: BinaryLike, data: BinaryLike): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

/**
 * The signing key: HMAC chain over date, region, service and the terminator.
 * `date` is the `YYYYMMDD` stamp of the credential scope. An empty region is legal (MinIO's admin
 * API is signed with one).
 */
export function deriveSigningKey(secretKey: string, date: string, region: string, service: string): Buffer {
  const kDate = hmac(`AWS4${secretKey}`, date);
  const kRegion = hmac(kDate, region);
  const kService = hmac(kRegion, service);
  return hmac(kService, 'aws4_request');
}

/**
 * Signing keys change once a day per credential, but deriving one costs four HMACs: signers and
 * verifiers of many requests take them from this cache. They are kept as key objects: an HMAC under a
 * byte key turns it into a key object first, which cost ~10× the HMAC itself (≈40 µs vs ≈4 µs per
 * signature). Bounded, cleared wholesale when full.
 */
const signingKeys = new Map<string, KeyObject>();
const MAX_CACHED_KEYS = 4096;

/**
 * HMAC-SHA256 pads of the cached keys (RFC 2104: the key, zero-filled to SHA-256's 64-byte block,
 * XOR 0x36 and 0x5c). {@link signature} hashes with them directly, two one-shot SHA-256s, instead of
 * setting up an HMAC context per request, which costs more than hashing a string to sign.
 */
const hmacPads = new WeakMap<KeyObject, { inner: Buffer; outer: Buffer }>();

function padsOf(key: Buffer): { inner: Buffer; outer: Buffer } {
  const inner = Buffer.alloc(64, 0x36);
  const outer = Buffer.alloc(64, 0x5c);
  for (let i = 0; i < key.length; i++) {
    inner[i] = (inner[i] as number) ^ (key[i] as number);
    outer[i] = (outer[i] as number) ^ (key[i] as number);
  }
  return { inner, outer };
}

/** {@link deriveSigningKey}, cached, as a key object for {@link signature}. */
export function cachedSigningKey(
  secretKey: string,
  date: string,
  region: string,
  service: string,
): KeyObject {
  const id = `${date}\n${region}\n${service}\n${secretKey}`;
  let key = signingKeys.get(id);
  if (!key) {
    if (signingKeys.size >= MAX_CACHED_KEYS) signingKeys.clear();
    const bytes = deriveSigningKey(secretKey, date, region, service);
    key = createSecretKey(bytes);
    // A derived key is a SHA-256 digest (32 bytes), shorter than the block: used as is.
    hmacPads.set(key, padsOf(bytes));
    signingKeys.set(id, key);
  }
  return key;
}

/** `YYYYMMDDTHHMMSSZ`, the form of `X-Amz-Date`. */
export function formatAmzDate(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/**
 * Parses an `X-Amz-Date` (`YYYYMMDDTHHMMSSZ`) value; returns undefined when malformed so the caller
 * can answer with its own error code.
 */
export function parseAmzDate(value: string): Date | undefined {
  if (value.length !== 16 || value.charCodeAt(8) !== 84 /* T */ || value.charCodeAt(15) !== 90 /* Z */) {
    return undefined;
  }
  // Digits read in place: this runs on every signed request.
  const num = (from: number, to: number): number => {
    let n = 0;
    for (let i = from; i < to; i++) {
      const d = value.charCodeAt(i) - 48;
      if (d < 0 || d > 9) return Number.NaN;
      n = n * 10 + d;
    }
    return n;
  };
  const y = num(0, 4);
  const mo = num(4, 6);
  const d = num(6, 8);
  const h = num(9, 11);
  const mi = num(11, 13);
  const s = num(13, 15);
  if (Number.isNaN(y + mo + d + h + mi + s)) return undefined;
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  // Reject dates JavaScript silently rolls over (e.g. month 13).
  if (date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d || h > 23 || mi > 59 || s > 59)
    return undefined;
  return date;
}

/** `date/region/service/aws4_request`. */
export function credentialScope(date: string, region: string, service: string): string {
  return `${date}/${region}/${service}/aws4_request`;
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;
/** Strings that encode to themselves (the common key), checked in one pass. */
const ALL_UNRESERVED = /^[A-Za-z0-9\-._~]*$/;
const ALL_UNRESERVED_OR_SLASH = /^[A-Za-z0-9\-._~/]*$/;

/**
 * AWS URI encoding: every byte except the unreserved characters `A-Z a-z 0-9 - . _ ~` becomes `%XX`
 * (upper-case hex) of its UTF-8 encoding; `/` is kept only when `keepSlash` is set (paths).
 */
export function uriEncode(value: string, keepSlash = false): string {
  if ((keepSlash ? ALL_UNRESERVED_OR_SLASH : ALL_UNRESERVED).test(value)) return value;
  let out = '';
  for (const ch of value) {
    if (UNRESERVED.test(ch) || (keepSlash && ch === '/')) {
      out += ch;
      continue;
    }
    for (const byte of Buffer.from(ch, 'utf8')) {
      out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    }
  }
  return out;
}

/**
 * Canonical URI of a **decoded** path, S3 style: each segment URI-encoded once (S3 does not
 * double-encode and does not normalise `.`/`..` or repeated slashes). An empty path is `/`.
 *
 * A verifier must first decode the raw request path (see {@link decodePath}) and then call this, so
 * that every client spelling of the same path (`%7E` vs `~`) yields the same canonical form.
 */
export function canonicalUri(path: string): string {
  if (path === '') return '/';
  const withSlash = path.startsWith('/') ? path : `/${path}`;
  return uriEncode(withSlash, true);
}

/**
 * Percent-decodes a raw URL path (as it arrives on the wire). Unlike query strings, `+` is literal in
 * a path. Throws `URIError` on malformed escapes.
 */
export function decodePath(rawPath: string): string {
  return decodeURIComponent(rawPath);
}

export function queryPairs(params: QueryInput): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  if (params instanceof URLSearchParams) {
    for (const [k, v] of params) pairs.push([k, v]);
  } else if (Symbol.iterator in params) {
    for (const [k, v] of params as Iterable<readonly [string, string]>) pairs.push([k, v]);
  } else {
    for (const [k, v] of Object.entries(params)) {
      if (v === undefined) continue;
      if (Array.isArray(v)) for (const item of v) pairs.push([k, item]);
      else pairs.push([k, v]);
    }
  }
  return pairs;
}

/**
 * Canonical query string of **decoded** names and values: each URI-encoded (`/` too), sorted by
 * encoded name then encoded value, joined as `k=v&k2=v2`; a valueless parameter is `k=`.
 * `X-Amz-Signature` must not be passed in (verifiers drop it first).
 * `valueOrder: 'as-sent'` keeps repeated names' values in request order, as Go's url.Values (minio-go,
 * madmin-go) signs them; AWS's rule (and the default) sorts them.
 */
export function canonicalQuery(params: QueryInput, valueOrder: 'sorted' | 'as-sent' = 'sorted'): string {
  const encoded = queryPairs(params).map(([k, v]) => [uriEncode(k), uriEncode(v)] as const);
  const byValue = valueOrder === 'sorted';
  encoded.sort((a, b) =>
    a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : !byValue ? 0 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0,
  );
  return encoded.map(([k, v]) => `${k}=${v}`).join('&');
}

function headerValue(headers: HeaderInput, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  // Node's request headers (the verifier's case) are keyed by lower-case name: one lookup.
  const own = Object.hasOwn(headers, name) ? headers[name] : undefined;
  if (own !== undefined) return Array.isArray(own) ? own.join(',') : String(own);
  for (const [k, v] of Object.entries(headers)) {
    if (k.toLowerCase() !== name || v === undefined) continue;
    return Array.isArray(v) ? v.join(',') : String(v);
  }
  return undefined;
}

/** Header value as SigV4 wants it: trimmed, inner runs of spaces collapsed to one. */
export function canonicalHeaderValue(value: string): string {
  return value.trim().replace(/\s+/g, ' ');
}

/**
 * The canonical headers block: `name:value\n` for each signed header, lower-case names in the
 * (already sorted) order of `signedHeaderNames`. Throws when a signed header is absent, since the
 * signature cannot then be checked.
 */
export function canonicalHeaders(headers: HeaderInput, signedHeaderNames: readonly string[]): string {
  let out = '';
  for (const raw of signedHeaderNames) {
    const name = raw.toLowerCase();
    const value = headerValue(headers, name);
    if (value === undefined) throw new Error(`signed header "${name}" is missing from the request`);
    out += `${name}:${canonicalHeaderValue(value)}\n`;
  }
  return out;
}

/** The canonical request, the text whose hash is signed. */
export interface CanonicalRequestParts {
  method: string;
  /** Already canonical, see {@link canonicalUri}. */
  canonicalUri: string;
  /** Already canonical, see {@link canonicalQuery}. */
  canonicalQuery: string;
  /** Already canonical, see {@link canonicalHeaders}. */
  canonicalHeaders: string;
  /** Lower-case names, sorted. */
  signedHeaders: readonly string[];
  payloadHash: string;
}

/** Joins the parts of a canonical request. */
export function buildCanonicalRequest(parts: CanonicalRequestParts): string {
  return [
    parts.method.toUpperCase(),
    parts.canonicalUri,
    parts.canonicalQuery,
    parts.canonicalHeaders,
    parts.signedHeaders.join(';'),
    parts.payloadHash,
  ].join('\n');
}

/** `AWS4-HMAC-SHA256\n<amzDate>\n<scope>\n<hex sha256 of canonical request>`. */
export function buildStringToSign(amzDate: string, scope: string, canonicalRequest: string): string {
  return [SIGV4_ALGORITHM, amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
}

/** Hex HMAC of the string to sign under the derived signing key (best: {@link cachedSigningKey}'s). */
export function signature(signingKey: Uint8Array | KeyObject, stringToSign: string): string {
  const pads = signingKey instanceof Uint8Array ? undefined : hmacPads.get(signingKey);
  if (!pads) return createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  const inner = hash('sha256', Buffer.concat([pads.inner, Buffer.from(stringToSign, 'utf8')]), 'buffer');
  return hash('sha256', Buffer.concat([pads.outer, inner]), 'hex');
}

/**
 * String to sign of one chunk of a `STREAMING-AWS4-HMAC-SHA256-PAYLOAD` upload; each chunk chains
 * on the previous chunk's signature (the first on the seed signature of the Authorization header).
 */
export function buildChunkStringToSign(
  amzDate: string,
  scope: string,
  previousSignature: string,
  chunkHash: string,
): string {
  return ['AWS4-HMAC-SHA256-PAYLOAD', amzDate, scope, previousSignature, EMPTY_PAYLOAD_HASH, chunkHash].join(
    '\n',
  );
}

/** Constant-time comparison of two hex signatures. */
export function signaturesEqual(a: string, b: string): boolean {
  const ba = Buffer.from(a, 'utf8');
  const bb = Buffer.from(b, 'utf8');
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}

/** The fields of an `Authorization: AWS4-HMAC-SHA256 ...` header. */
export interface ParsedAuthorization {
  accessKey: string;
  /** `YYYYMMDD` of the scope. */
  date: string;
  region: string;
  service: string;
  signedHeaders: string[];
  signature: string;
}

/**
 * Parses a SigV4 Authorization header. Returns undefined for anything malformed so the verifier can
 * choose the S3 error code (MinIO answers AuthorizationHeaderMalformed / SignatureVersionNotSupported).
 * The access key may itself contain `/`, so the scope is taken from the end.
 */
export function parseAuthorization(header: string): ParsedAuthorization | undefined {
  const trimmed = header.trim();
  if (!trimmed.startsWith(`${SIGV4_ALGORITHM} `)) return undefined;
  const fields = new Map<string, string>();
  for (const part of trimmed.slice(SIGV4_ALGORITHM.length).split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) return undefined;
    fields.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  const credential = fields.get('Credential');
  const signed = fields.get('SignedHeaders');
  const sig = fields.get('Signature');
  if (!credential || !signed || !sig) return undefined;
  return parseCredential(credential, signed, sig);
}

/**
 * Splits `AK/date/region/service/aws4_request`; shared by the header and the presigned-query forms.
 */
export function parseCredential(
  credential: string,
  signedHeaders: string,
  sig: string,
): ParsedAuthorization | undefined {
  const parts = credential.split('/');
  if (parts.length < 5 || parts[parts.length - 1] !== 'aws4_request') return undefined;
  const service = parts[parts.length - 2]!;
  const region = parts[parts.length - 3]!;
  const date = parts[parts.length - 4]!;
  const accessKey = parts.slice(0, parts.length - 4).join('/');
  if (!accessKey || !/^\d{8}$/.test(date) || !/^[0-9a-f]{64}$/.test(sig)) return undefined;
  const names = signedHeaders.split(';');
  if (names.some((n) => n === '' || n !== n.toLowerCase())) return undefined;
  return { accessKey, date, region, service, signedHeaders: names, signature: sig };
}

/** Everything needed to compute a request's signature, as seen by either side. */
export interface SignatureInput {
  method: string;
  /** Decoded path (e.g. `/bucket/my key.txt`). */
  path: string;
  /** Decoded query, without `X-Amz-Signature`. */
  query: QueryInput;
  headers: HeaderInput;
  /** Lower-case, sorted. */
  signedHeaders: readonly string[];
  payloadHash: string;
  amzDate: string;
  region: string;
  service: string;
  secretKey: string;
}

/**
 * Computes the hex signature of a request. A verifier calls this with the values parsed from the
 * request and compares with {@link signaturesEqual}.
 */
export function computeSignature(input: SignatureInput): string {
  const canonical = buildCanonicalRequest({
    method: input.method,
    canonicalUri: canonicalUri(input.path),
    canonicalQuery: canonicalQuery(input.query),
    canonicalHeaders: canonicalHeaders(input.headers, input.signedHeaders),
    signedHeaders: input.signedHeaders,
    payloadHash: input.payloadHash,
  });
  const date = input.amzDate.slice(0, 8);
  const scope = credentialScope(date, input.region, input.service);
  const key = cachedSigningKey(input.secretKey, date, input.region, input.service);
  return signature(key, buildStringToSign(input.amzDate, scope, canonical));
}

/** Headers never signed by the signer: they are rewritten by proxies or set by the HTTP stack. */
const UNSIGNED_HEADERS = new Set([
  'authorization',
  'user-agent',
  'content-length',
  'connection',
  'expect',
  'transfer-encoding',
  'accept-encoding',
  'x-amzn-trace-id',
]);

/** Input of {@link signRequest}. */
export interface SignRequestInput {
  method: string;
  url: string | URL;
  /** Extra headers to send and sign (Content-Type, X-Amz-*, ...). */
  headers?: Record<string, string>;
  /** The body, hashed to produce `x-amz-content-sha256`; omit for an empty body. */
  body?: BinaryLike;
  /** Use this payload hash instead of hashing `body` (e.g. `UNSIGNED-PAYLOAD`). */
  payloadHash?: string;
  accessKey: string;
  secretKey: string;
  sessionToken?: string;
  region: string;
  service: string;
  /** Signing time; now when omitted. */
  date?: Date;
}

/**
 * Signs a request with the Authorization header. Returns the headers to send: the caller's headers
 * plus `x-amz-date`, `x-amz-content-sha256`, `x-amz-security-token` (sessions) and `authorization`.
 * `host` is signed (from the URL, as fetch will send it) but not returned, because fetch sets it.
 */
export function signRequest(input: SignRequestInput): Record<string, string> {
  const url = typeof input.url === 'string' ? new URL(input.url) : input.url;
  const amzDate = formatAmzDate(input.date ?? new Date());
  const payloadHash = input.payloadHash ?? sha256Hex(input.body ?? '');

  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(input.headers ?? {})) out[k.toLowerCase()] = v;
  out['x-amz-date'] = amzDate;
  out['x-amz-content-sha256'] = payloadHash;
  if (input.sessionToken) out['x-amz-security-token'] = input.sessionToken;

  const toSign: Record<string, string> = { ...out, host: url.host };
  const signedHeaders = Object.keys(toSign)
    .filter((n) => !UNSIGNED_HEADERS.has(n))
    .sort();
  const sig = computeSignature({
    method: input.method,
    path: decodePath(url.pathname),
    query: url.searchParams,
    headers: toSign,
    signedHeaders,
    payloadHash,
    amzDate,
    region: input.region,
    service: input.service,
    secretKey: input.secretKey,
  });
  const scope = credentialScope(amzDate.slice(0, 8), input.region, input.service);
  out.authorization =
    `${SIGV4_ALGORITHM} Credential=${input.accessKey}/${scope}, ` +
    `SignedHeaders=${signedHeaders.join(';')}, Signature=${sig}`;
  return out;
}

/** Input of {@link presignUrl}. */
export interface PresignUrlInput {
  method: string;
  url: string | URL;
  accessKey: string;
  secretKey: string;
  sessionToken?: string;
  region: string;
  /** `s3` when omitted. */
  service?: string;
  /** Validity in seconds, 1..604800; 3600 when omitted. */
  expires?: number;
  /** Signing time; now when omitted. */
  date?: Date;
  /** Headers the eventual request must carry, signed besides `host`. */
  headers?: Record<string, string>;
}

/**
 * Query-string authentication ("presigned URL"): the signature covers `host` (plus any given
 * headers) and the payload is `UNSIGNED-PAYLOAD`. Returns the full URL.
 */
export function presignUrl(input: PresignUrlInput): string {
  const expires = input.expires ?? 3600;
  if (!Number.isInteger(expires) || expires < 1 || expires > MAX_PRESIGN_EXPIRES) {
    throw new RangeError(`expires must be an integer between 1 and ${MAX_PRESIGN_EXPIRES} seconds`);
  }
  const url = new URL(typeof input.url === 'string' ? input.url : input.url.href);
  const service = input.service ?? 's3';
  const amzDate = formatAmzDate(input.date ?? new Date());
  const scope = credentialScope(amzDate.slice(0, 8), input.region, service);

  const headers: Record<string, string> = { host: url.host };
  for (const [k, v] of Object.entries(input.headers ?? {})) headers[k.toLowerCase()] = v;
  const signedHeaders = Object.keys(headers).sort();

  const q = url.searchParams;
  q.set('X-Amz-Algorithm', SIGV4_ALGORITHM);
  q.set('X-Amz-Credential', `${input.accessKey}/${scope}`);
  q.set('X-Amz-Date', amzDate);
  q.set('X-Amz-Expires', String(expires));
  if (input.sessionToken) q.set('X-Amz-Security-Token', input.sessionToken);
  q.set('X-Amz-SignedHeaders', signedHeaders.join(';'));

  const sig = computeSignature({
    method: input.method,
    path: decodePath(url.pathname),
    query: q,
    headers,
    signedHeaders,
    payloadHash: UNSIGNED_PAYLOAD,
    amzDate,
    region: input.region,
    service,
    secretKey: input.secretKey,
  });
  // Re-encode the query the AWS way (URLSearchParams would write spaces as `+`).
  const query = `${canonicalQuery(q)}&X-Amz-Signature=${sig}`;
  return `${url.origin}${canonicalUri(decodePath(url.pathname))}?${query}`;
}
