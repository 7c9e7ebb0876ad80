// SPDX-License-Identifier: Apache-2.0
import { Readable, Transform } from 'node:stream';
import { signRequest, UNSIGNED_PAYLOAD, uriEncode } from '@stowage/madmin';
import { request } from 'undici';

/**
 * A small S3 client for one remote target (another Stowage or a MinIO): SigV4-signed requests with
 * the target's credentials, bodies streamed unsigned (UNSIGNED-PAYLOAD), an optional bandwidth limit.
 */

export interface RemoteEndpoint {
  /** host[:port] */
  endpoint: string;
  secure: boolean;
  accessKey: string;
  secretKey: string;
  region: string;
  /** Bytes per second for object bodies; 0 = unlimited. */
  bandwidthLimit: number;
}

export interface RemoteReply {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** A failed remote call, with the remote's S3 error code when it sent one. */
export class RemoteError extends Error {
  constructor(
    message: string,
    readonly status = 0,
    readonly code = '',
  ) {
    super(message);
    this.name = 'RemoteError';
  }
}

const TIMEOUT_MS = 30_000;

/** Paces a stream to `bytesPerSecond` (a token bucket refilled every 100 ms). */
export function throttle(bytesPerSecond: number): Transform {
  let allowance = bytesPerSecond / 10;
  let last = Date.now();
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      const push = (offset: number): void => {
        const now = Date.now();
        allowance = Math.min(bytesPerSecond, allowance + ((now - last) / 1000) * bytesPerSecond);
        last = now;
        if (allowance < 1) {
          setTimeout(() => push(offset), 100);
          return;
        }
        const n = Math.min(chunk.length - offset, Math.floor(allowance));
        allowance -= n;
        this.push(chunk.subarray(offset, offset + n));
        if (offset + n < chunk.length) setTimeout(() => push(offset + n), 100);
        else done();
      };
      push(0);
    },
  });
}

function errorCode(body: Buffer): string {
  return /<Code>([^<]*)<\/Code>/.exec(body.toString('utf8'))?.[1] ?? '';
}

export class RemoteClient {
  constructor(readonly target: RemoteEndpoint) {}

  get baseUrl(): string {
    return `${this.target.secure ? 'https' : 'http'}://${this.target.endpoint}`;
  }

  /** One signed request; RemoteError on a network failure or an answer outside 2xx (unless `ok`). */
  async send(opts: {
    method: string;
    bucket?: string;
    key?: string;
    query?: Record<string, string>;
    headers?: Record<string, string>;
    body?: Buffer | Readable;
    size?: number;
    ok?: (status: number) => boolean;
  }): Promise<RemoteReply> {
    const path = [opts.bucket, opts.key]
      .filter((p) => p !== undefined && p !== '')
      .map((p) => uriEncode(p as string, true));
    const url = new URL(`${this.baseUrl}/${path.join('/')}`);
    for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
    const streamed = opts.body instanceof Readable;
    const headers = { ...(opts.headers ?? {}) };
    if (opts.body !== undefined)
      headers['content-length'] = String(streamed ? opts.size : (opts.body as Buffer).length);
    const signed = signRequest({
      method: opts.method,
      url,
      headers,
      ...(streamed ? { payloadHash: UNSIGNED_PAYLOAD } : { body: (opts.body as Buffer | undefined) ?? '' }),
      accessKey: this.target.accessKey,
      secretKey: this.target.secretKey,
      region: this.target.region || 'us-east-1',
      service: 's3',
    });
    let body = opts.body;
    if (streamed && this.target.bandwidthLimit > 0)
      body = (body as Readable).pipe(throttle(this.target.bandwidthLimit));
    let res: Awaited<ReturnType<typeof request>>;
    try {
      res = await request(url, {
        method: opts.method as 'GET',
        headers: signed,
        ...(body !== undefined ? { body } : {}),
        headersTimeout: TIMEOUT_MS,
        bodyTimeout: TIMEOUT_MS,
      });
    } catch (err) {
      throw new RemoteError(`${this.baseUrl} is not reachable: ${(err as Error).message}`);
    }
    const data = Buffer.from(await res.body.arrayBuffer());
    const replyHeaders: Record<string, string> = {};
    for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') replyHeaders[k] = v;
    const ok = opts.ok ?? ((s: number) => s >= 200 && s < 300);
    if (!ok(res.statusCode)) {
      const code = errorCode(data);
      throw new RemoteError(
        `${this.baseUrl} answered ${res.statusCode}${code ? ` ${code}` : ''} to ${opts.method} ${url.pathname}`,
        res.statusCode,
        code,
      );
    }
    return { status: res.statusCode, headers: replyHeaders, body: data };
  }

  /** The bucket's versioning status ('' when never set). */
  async versioning(bucket: string): Promise<string> {
    const res = await this.send({ method: 'GET', bucket, query: { versioning: '' } });
    return /<Status>([^<]*)<\/Status>/.exec(res.body.toString('utf8'))?.[1] ?? '';
  }

  /** Names of the buckets these credentials can list. */
  async listBuckets(): Promise<{ name: string; created: string }[]> {
    const res = await this.send({ method: 'GET' });
    const out: { name: string; created: string }[] = [];
    const re = /<Bucket><Name>([^<]*)<\/Name><CreationDate>([^<]*)<\/CreationDate><\/Bucket>/g;
    for (const m of res.body.toString('utf8').matchAll(re))
      out.push({ name: m[1] ?? '', created: m[2] ?? '' });
    return out;
  }
}
