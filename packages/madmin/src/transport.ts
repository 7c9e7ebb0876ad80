// SPDX-License-Identifier: Apache-2.0
/**
 * The signed, optionally encrypted HTTP exchange every admin call is made of (PROTOCOL-NOTES §1):
 * SigV4 with service `s3` and an empty region, `x-amz-content-sha256` always sent, bodies marked **E**
 * encrypted with the secret key of the signing credentials.
 */

import type { z } from 'zod';
import { decryptData, type EncryptionAlgorithm, encryptData, KeyCache } from './crypto.js';
import { errorFromBody, MadminError } from './errors.js';
import { jsonValues } from './json-stream.js';
import { canonicalQuery, canonicalUri, signRequest } from './sigv4.js';
import { parseAnswer } from './validate.js';

/** Path prefix of MinIO's admin API v3. */
export const ADMIN_PREFIX = '/minio/admin/v3';

/** Query values; arrays repeat the key, `undefined` drops it, others are stringified. */
export type QueryParams = Record<string, string | number | boolean | readonly string[] | undefined>;

/** Options of a {@link AdminTransport}. */
export interface AdminTransportOptions {
  /** `http(s)://host[:port]` of the server, no path. */
  endpoint: string;
  accessKey: string;
  secretKey: string;
  /** For STS credentials (the console's sessions). */
  sessionToken?: string;
  /** Signing region; MinIO's admin clients use the empty region. */
  region?: string;
  /** Algorithm of the bodies this client encrypts; Argon2id + AES-256-GCM by default, as madmin-go. */
  encryption?: EncryptionAlgorithm;
  /**
   * Derived-key cache (see {@link KeyCache}). By default all clients share one process-wide cache —
   * safe because entries are keyed by password and salt — so a console that builds a client per
   * request still derives Argon2id keys once per rotation. `false` derives a fresh key for every
   * body exactly as madmin-go does.
   */
  keyCache?: KeyCache | false;
  /**
   * Gives up on a non-streaming call after this many milliseconds with MadminError `ETIMEDOUT`
   * (Node's code for a network timeout, so callers treat it as one); 60 s by default, 0 for never.
   * Streams (trace, logs, health info) have no timeout.
   */
  timeoutMs?: number;
  /**
   * The fetch that sends requests (global `fetch` by default): a caller that needs its own TLS trust
   * (a CA bundle, skip-verify) or connect timeout passes a fetch bound to its own dispatcher.
   */
  fetch?: typeof fetch;
}

/** The process-wide default {@link KeyCache}. */
const sharedKeyCache = new KeyCache();

/** One admin request. */
export interface AdminRequest {
  method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'HEAD';
  /** Path below {@link ADMIN_PREFIX} (or absolute when `absolutePath` is set), decoded. */
  path: string;
  absolutePath?: boolean;
  query?: QueryParams;
  body?: Uint8Array | string;
  /** Encrypt `body` (madmin **E** request). */
  encrypt?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Signing service; `s3` unless told otherwise (STS uses `sts`). */
  service?: string;
}

function queryPairs(query: QueryParams | undefined): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const item of v as readonly string[]) pairs.push([k, item]);
    else pairs.push([k, String(v)]);
  }
  return pairs;
}

/** Raised for a required argument that is missing or malformed, before anything is sent. */
export function requireArg(value: string | undefined, name: string): string {
  if (typeof value !== 'string' || value === '') {
    throw new MadminError({
      code: 'XMinioAdminInvalidArgument',
      message: `${name} must not be empty`,
      status: 0,
    });
  }
  return value;
}

/** Validates a server endpoint: `http(s)://host[:port]`, nothing else. */
export function parseEndpoint(endpoint: string): URL {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new TypeError(`endpoint must be an http(s) URL, got ${JSON.stringify(endpoint)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`endpoint must use http or https, got ${url.protocol}`);
  }
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash || url.username) {
    throw new TypeError('endpoint must be scheme://host[:port] without path, query or credentials');
  }
  return url;
}

/** Signs, sends and decodes admin requests; the calls in `calls/` are built on it. */
export class AdminTransport {
  readonly endpoint: URL;
  readonly accessKey: string;
  readonly #secretKey: string;
  readonly #sessionToken: string | undefined;
  readonly region: string;
  readonly #encryption: EncryptionAlgorithm;
  readonly #keyCache: KeyCache | undefined;
  readonly #timeoutMs: number;
  readonly #fetch: typeof fetch;

  constructor(options: AdminTransportOptions) {
    const url = parseEndpoint(options.endpoint);
    if (!options.accessKey || !options.secretKey) throw new TypeError('accessKey and secretKey are required');
    this.endpoint = url;
    this.accessKey = options.accessKey;
    this.#secretKey = options.secretKey;
    this.#sessionToken = options.sessionToken || undefined;
    this.region = options.region ?? '';
    this.#encryption = options.encryption ?? 'argon2id-aes-gcm';
    this.#keyCache = options.keyCache === false ? undefined : (options.keyCache ?? sharedKeyCache);
    this.#timeoutMs = options.timeoutMs ?? 60_000;
    this.#fetch = options.fetch ?? fetch;
    if (!Number.isFinite(this.#timeoutMs) || this.#timeoutMs < 0)
      throw new TypeError('timeoutMs must be >= 0');
  }

  /** Encrypts a body for the server with this client's secret key (madmin `EncryptData`). */
  encrypt(data: Uint8Array | string): Promise<Buffer> {
    return encryptData(this.#secretKey, data, { algorithm: this.#encryption, keyCache: this.#keyCache });
  }

  /** Decrypts a body from the server (madmin `DecryptData`). */
  decrypt(data: Uint8Array): Promise<Buffer> {
    return decryptData(this.#secretKey, data, { keyCache: this.#keyCache });
  }

  /** The URL of a request, its query written in the canonical (AWS) encoding so wire = signed. */
  url(req: Pick<AdminRequest, 'path' | 'absolutePath' | 'query'>): URL {
    const path = canonicalUri(req.absolutePath ? req.path : `${ADMIN_PREFIX}${req.path}`);
    const query = canonicalQuery(queryPairs(req.query));
    return new URL(`${this.endpoint.origin}${path}${query ? `?${query}` : ''}`);
  }

  /**
   * Sends a request and returns the response once its status is 2xx; any other status becomes a
   * MadminError parsed from the body.
   */
  async send(req: AdminRequest, options: { timeout?: boolean } = {}): Promise<Response> {
    const url = this.url(req);
    const timeout =
      options.timeout !== false && this.#timeoutMs > 0 ? AbortSignal.timeout(this.#timeoutMs) : undefined;
    const signal = timeout && req.signal ? AbortSignal.any([timeout, req.signal]) : (timeout ?? req.signal);
    let body: Uint8Array | undefined;
    if (req.body !== undefined) {
      const raw = typeof req.body === 'string' ? Buffer.from(req.body, 'utf8') : req.body;
      body = req.encrypt ? await this.encrypt(raw) : raw;
    }
    const headers = signRequest({
      method: req.method,
      url,
      headers: req.headers,
      body: body ?? '',
      accessKey: this.accessKey,
      secretKey: this.#secretKey,
      sessionToken: this.#sessionToken,
      region: this.region,
      service: req.service ?? 's3',
    });
    try {
      const res = await this.#fetch(url, {
        method: req.method,
        headers,
        body: body && body.length > 0 ? body : req.method === 'GET' || req.method === 'HEAD' ? undefined : '',
        signal,
        redirect: 'manual',
      });
      if (res.status < 200 || res.status > 299) {
        const bytes = new Uint8Array(await res.arrayBuffer().catch(() => new ArrayBuffer(0)));
        throw errorFromBody(res.status, res.statusText, bytes);
      }
      return res;
    } catch (err) {
      throw timeout?.aborted && !req.signal?.aborted ? this.#timeoutError(req) : err;
    }
  }

  #timeoutError(req: AdminRequest): MadminError {
    return new MadminError({
      code: 'ETIMEDOUT',
      message: `${req.method} ${req.path} got no answer within ${this.#timeoutMs} ms`,
      status: 0,
    });
  }

  /** Sends a request and returns the whole response body (decrypted when `decrypt`). */
  async bytes(req: AdminRequest, options: { decrypt?: boolean } = {}): Promise<Buffer> {
    const res = await this.send(req);
    let raw: Buffer;
    try {
      raw = Buffer.from(await res.arrayBuffer());
    } catch (err) {
      throw err instanceof Error && err.name === 'TimeoutError' ? this.#timeoutError(req) : err;
    }
    return options.decrypt ? this.decrypt(raw) : raw;
  }

  /**
   * Sends a request and parses its JSON answer (decrypting an **E** answer first), checked against the
   * call's schema.
   */
  async json<S extends z.ZodType>(
    schema: S,
    req: AdminRequest,
    options: { decrypt?: boolean } = {},
  ): Promise<z.infer<S>> {
    const raw = await this.bytes(req, options);
    return parseJson(schema, raw, req.path);
  }

  /** Sends a request and discards the body. */
  async empty(req: AdminRequest): Promise<Response> {
    const res = await this.send(req);
    await res.body?.cancel().catch(() => undefined);
    return res;
  }

  /**
   * Streams the JSON values of a long-lived response (trace, logs). The iteration ends quietly when
   * `signal` aborts; breaking out of the loop closes the connection. Each value is checked against
   * `schema`; one that does not match ends the stream with XMinioAdminBadResponse.
   */
  async *stream<S extends z.ZodType>(
    schema: S,
    req: AdminRequest,
  ): AsyncGenerator<z.infer<S>, void, undefined> {
    let res: Response;
    try {
      res = await this.send(req, { timeout: false });
    } catch (err) {
      if (req.signal?.aborted) return;
      throw err;
    }
    if (!res.body) return;
    try {
      for await (const value of jsonValues(res.body)) yield parseAnswer(schema, value, req.path);
    } catch (err) {
      if (req.signal?.aborted) return;
      throw err;
    }
  }
}

/**
 * Parses a JSON answer and checks it against its schema, with errors that name the call instead of a
 * bare SyntaxError.
 */
export function parseJson<S extends z.ZodType>(schema: S, raw: Uint8Array, what: string): z.infer<S> {
  const text = Buffer.from(raw).toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new MadminError({
      code: 'XMinioAdminBadResponse',
      message: `unparseable JSON answer to ${what}: ${text.slice(0, 200)}`,
      status: 200,
    });
  }
  return parseAnswer(schema, value, what);
}
