// SPDX-License-Identifier: Apache-2.0
import type { Readable } from 'node:stream';
import { signRequest, UNSIGNED_PAYLOAD, uriEncode } from '@stowage/madmin';
import { Agent, request } from 'undici';
import type { SpeedtestTarget } from './object-speedtest.js';

/**
 * The object speedtest's target as MinIO's is: S3 requests to the store's own endpoint (loopback), signed
 * with the root credentials. A PUT then costs what a client's PUT costs the store — HTTP, SigV4, the
 * request body off a socket — and the test's own sending and receiving run on the same machine, as a
 * benchmark client's do. Going straight to the object layer measured about twice `npm run bench`'s large
 * PUT on this 2-core machine (docs: packages/store/docs/performance.md), a figure no client could reach.
 */
export interface SelfEndpoint {
  /** The store's base URL, e.g. `http://127.0.0.1:9000` (StoreContext.url). */
  url: string;
  accessKey: string;
  secretKey: string;
  region: string;
}

const TIMEOUT_MS = 120_000;

export function s3SelfTarget(
  self: SelfEndpoint,
  bucket: string,
): SpeedtestTarget & { close(): Promise<void> } {
  // Its own connections (as many as the test runs at once); TLS to itself is not verified: the test sends
  // random data and signatures, never a secret, and the certificate may name another host.
  const agent = new Agent({ connect: { rejectUnauthorized: false }, keepAliveTimeout: 10_000 });
  const send = async (method: string, key: string, body?: Readable, size?: number) => {
    const url = new URL(`${self.url}/${uriEncode(bucket)}/${uriEncode(key, true)}`);
    const headers: Record<string, string> = body ? { 'content-length': String(size) } : {};
    const signed = signRequest({
      method,
      url,
      headers,
      payloadHash: UNSIGNED_PAYLOAD,
      accessKey: self.accessKey,
      secretKey: self.secretKey,
      region: self.region,
      service: 's3',
    });
    return request(url, {
      method: method as 'GET',
      headers: signed,
      dispatcher: agent,
      ...(body ? { body } : {}),
      headersTimeout: TIMEOUT_MS,
      bodyTimeout: TIMEOUT_MS,
    });
  };
  const expect = async (
    res: Awaited<ReturnType<typeof request>>,
    what: string,
    ok: number,
  ): Promise<void> => {
    if (res.statusCode === ok) return;
    const text = await res.body.text().catch(() => '');
    const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? '';
    throw new Error(`${what} answered ${res.statusCode}${code ? ` ${code}` : ''}`);
  };
  return {
    put: async (key, body, size) => {
      const res = await send('PUT', key, body, size);
      await expect(res, 'PUT', 200);
      await res.body.dump();
    },
    get: async (key, firstByte) => {
      const res = await send('GET', key);
      await expect(res, 'GET', 200);
      let bytes = 0;
      for await (const chunk of res.body as AsyncIterable<Buffer>) {
        if (bytes === 0) firstByte();
        bytes += chunk.length;
      }
      return bytes;
    },
    remove: async (key) => {
      const res = await send('DELETE', key);
      await expect(res, 'DELETE', 204);
      await res.body.dump();
    },
    close: () => agent.close(),
  };
}
