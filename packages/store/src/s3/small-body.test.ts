// SPDX-License-Identifier: Apache-2.0
import { createHash } from 'node:crypto';
import net from 'node:net';
import { signRequest, UNSIGNED_PAYLOAD } from '@stowage/madmin';
import type { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMALL_BODY_BYTES } from '../auth/payload-stream.js';
import {
  ROOT_PASSWORD,
  ROOT_USER,
  rootClients,
  startTestStore,
  type TestStore,
} from './conformance/harness.js';

// Small bodies (a Content-Length of at most SMALL_BODY_BYTES, not aws-chunked) are read whole by the
// S3 edge instead of streamed into the layer. What a client sees must not change: every check still
// refuses the write, a body cut short stores nothing, a body sent slowly or after 100-continue is kept
// whole, and bodies on both sides of the limit behave alike.
let t: TestStore;
let s3: Client;

beforeAll(async () => {
  t = await startTestStore();
  s3 = rootClients(t).s3;
  await s3.makeBucket('small');
});
afterAll(async () => {
  await t?.stop();
});

function signed(
  key: string,
  payloadHash: string,
  headers: Record<string, string> = {},
): { url: string; headers: Record<string, string> } {
  const url = `http://${t.host}:${t.port}/small/${key}`;
  return {
    url,
    headers: signRequest({
      method: 'PUT',
      url,
      headers,
      payloadHash,
      accessKey: ROOT_USER,
      secretKey: ROOT_PASSWORD,
      region: 'us-east-1',
      service: 's3',
    }),
  };
}

async function put(
  key: string,
  body: Buffer,
  opts: { payloadHash?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; text: string; etag: string | null }> {
  const req = signed(key, opts.payloadHash ?? UNSIGNED_PAYLOAD, opts.headers);
  const res = await fetch(req.url, { method: 'PUT', headers: req.headers, body });
  return { status: res.status, text: await res.text(), etag: res.headers.get('etag') };
}

async function stored(key: string): Promise<Buffer | null> {
  try {
    const parts: Buffer[] = [];
    for await (const c of await s3.getObject('small', key)) parts.push(c as Buffer);
    return Buffer.concat(parts);
  } catch (err) {
    if ((err as { code?: string }).code === 'NoSuchKey') return null;
    throw err;
  }
}

const sha256 = (b: Buffer): string => createHash('sha256').update(b).digest('hex');
const md5 = (b: Buffer, enc: 'hex' | 'base64'): string => createHash('md5').update(b).digest(enc);
const bytes = (n: number, seed: number): Buffer =>
  Buffer.from(Array.from({ length: n }, (_, i) => (i * 31 + seed) % 251));

/**
 * A PUT written by hand on a socket: the head, then the body in `pieces` with a pause before each
 * (the body arrives after the request has been dispatched); `cut` closes the socket instead of sending
 * the last piece. Resolves with the answer's final status line ('' when the server sent none).
 */
function rawPut(
  key: string,
  pieces: Buffer[],
  opts: { cut?: boolean; declared?: number; expectContinue?: boolean } = {},
): Promise<string> {
  const size = opts.declared ?? pieces.reduce((n, p) => n + p.length, 0);
  const extra: Record<string, string> = opts.expectContinue ? { expect: '100-continue' } : {};
  const req = signed(key, UNSIGNED_PAYLOAD, extra);
  const head = [
    `PUT /small/${key} HTTP/1.1`,
    `host: ${t.host}:${t.port}`,
    `content-length: ${size}`,
    ...Object.entries(req.headers).map(([k, v]) => `${k}: ${v}`),
    'connection: close',
    '',
    '',
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const sock = net.connect(t.port, t.host);
    let answer = '';
    sock.on('data', (d) => {
      answer += d.toString('latin1');
    });
    // The final status line (after a 100 Continue, if any).
    const status = (): string =>
      answer
        .split('\r\n')
        .filter((l) => l.startsWith('HTTP/1.1 '))
        .at(-1) ?? '';
    sock.on('error', () => resolve(status()));
    sock.on('close', () => resolve(status()));
    sock.on('connect', async () => {
      try {
        sock.write(head);
        const last = pieces.length - 1;
        for (let i = 0; i <= last; i++) {
          await new Promise((r) => setTimeout(r, 40));
          if (opts.expectContinue && i === 0) expect(answer).toContain('100 Continue');
          if (opts.cut && i === last) {
            sock.destroy();
            return;
          }
          sock.write(pieces[i] as Buffer);
        }
      } catch (err) {
        reject(err);
      }
    });
  });
}

describe('small bodies read whole', () => {
  it('stores small and empty bodies intact, on both sides of the limit', async () => {
    for (const [key, size] of [
      ['empty', 0],
      ['one', 1],
      ['4k', 4096],
      ['limit', SMALL_BODY_BYTES],
      ['past-limit', SMALL_BODY_BYTES + 1],
    ] as const) {
      const body = bytes(size, size);
      // Unsigned and signed payloads alike.
      for (const payloadHash of [UNSIGNED_PAYLOAD, sha256(body)]) {
        const res = await put(key, body, { payloadHash });
        expect(res.status, `${key} ${payloadHash}`).toBe(200);
        expect(res.etag).toBe(`"${md5(body, 'hex')}"`);
        expect((await stored(key))?.equals(body)).toBe(true);
      }
    }
  });

  it('refuses a body that does not match its signed SHA-256, Content-MD5 or checksum, storing nothing', async () => {
    for (const size of [4096, SMALL_BODY_BYTES, SMALL_BODY_BYTES + 1]) {
      const body = bytes(size, 7);
      const other = bytes(size, 8);
      let res = await put(`sha-${size}`, body, { payloadHash: sha256(other) });
      expect(res.status).toBe(400);
      expect(res.text).toContain('<Code>XAmzContentSHA256Mismatch</Code>');
      res = await put(`md5-${size}`, body, { headers: { 'content-md5': md5(other, 'base64') } });
      expect(res.status).toBe(400);
      expect(res.text).toContain('<Code>BadDigest</Code>');
      const crc = createHash('sha256').update(other).digest('base64');
      res = await put(`crc-${size}`, body, { headers: { 'x-amz-checksum-sha256': crc } });
      expect(res.status).toBe(400);
      expect(res.text).toContain('<Code>BadDigest</Code>');
      for (const key of [`sha-${size}`, `md5-${size}`, `crc-${size}`]) expect(await stored(key)).toBeNull();
      // The same checks pass for the right values.
      const good = createHash('sha256').update(body).digest('base64');
      res = await put(`ok-${size}`, body, {
        payloadHash: sha256(body),
        headers: { 'content-md5': md5(body, 'base64'), 'x-amz-checksum-sha256': good },
      });
      expect(res.status).toBe(200);
      expect((await stored(`ok-${size}`))?.equals(body)).toBe(true);
    }
  });

  it('keeps a small body that arrives in pieces after the request, or after 100-continue', async () => {
    const body = bytes(4096, 3);
    const pieces = [body.subarray(0, 1000), body.subarray(1000, 3000), body.subarray(3000)];
    expect(await rawPut('slow', pieces)).toBe('HTTP/1.1 200 OK');
    expect((await stored('slow'))?.equals(body)).toBe(true);
    expect(await rawPut('continue', pieces, { expectContinue: true })).toBe('HTTP/1.1 200 OK');
    expect((await stored('continue'))?.equals(body)).toBe(true);
  });

  it('stores nothing of a small body cut short by the client, and goes on serving', async () => {
    const body = bytes(4096, 5);
    for (const key of ['cut-early', 'cut-late']) {
      const pieces =
        key === 'cut-early'
          ? [body.subarray(0, 100), body.subarray(100)]
          : [body.subarray(0, 4095), body.subarray(4095)];
      expect(await rawPut(key, pieces, { cut: true })).toBe('');
    }
    // The cut requests' handlers have given up before the next request is answered.
    await new Promise((r) => setTimeout(r, 100));
    expect(await stored('cut-early')).toBeNull();
    expect(await stored('cut-late')).toBeNull();
    const res = await put('after-cut', body);
    expect(res.status).toBe(200);
    expect((await stored('after-cut'))?.equals(body)).toBe(true);
  });
});
