// SPDX-License-Identifier: Apache-2.0
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  buildChunkStringToSign,
  credentialScope,
  deriveSigningKey,
  formatAmzDate,
  presignUrl,
  signature,
  signRequest,
} from '@stowage/madmin';
import * as Minio from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCert } from './cli/testing/test-certs.js';
import { requireTool } from './s3/conformance/system-tools.js';
import { type StoreHandle, startStore } from './server.js';

// The store's HTTP layer end to end: dispatch (health, admin, STS, S3), SigV4 edge cases that real
// SDKs never produce on purpose (skew, hash mismatch, bad chunk signature, wrong session token), and
// shutdown with requests in flight.
const ROOT = 'server-test-root';
const SECRET = 'server-test-secret-123';
let dataDir: string;
let store: StoreHandle;
let mc: Minio.Client;

async function start(): Promise<StoreHandle> {
  return startStore({
    dataDir,
    drives: 4,
    port: 0,
    host: '127.0.0.1',
    rootUser: ROOT,
    rootPassword: SECRET,
    shutdownGraceMs: 1500,
  });
}

/** A SigV4-signed fetch (header auth) with the given payload hash and body. */
async function signedFetch(
  method: string,
  pathAndQuery: string,
  opts: {
    body?: string | Buffer;
    headers?: Record<string, string>;
    payloadHash?: string;
    date?: Date;
    service?: string;
    secret?: string;
  } = {},
): Promise<Response> {
  const url = `${store.url}${pathAndQuery}`;
  const headers = signRequest({
    method,
    url,
    headers: opts.headers ?? {},
    ...(opts.body !== undefined ? { body: opts.body } : {}),
    ...(opts.payloadHash ? { payloadHash: opts.payloadHash } : {}),
    accessKey: ROOT,
    secretKey: opts.secret ?? SECRET,
    region: 'us-east-1',
    service: opts.service ?? 's3',
    ...(opts.date ? { date: opts.date } : {}),
  });
  return fetch(url, { method, headers, ...(opts.body !== undefined ? { body: opts.body } : {}) });
}

async function exists(key: string): Promise<boolean> {
  try {
    await mc.statObject('srv', key);
    return true;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'stowage-server-'));
  store = await start();
  mc = new Minio.Client({
    endPoint: '127.0.0.1',
    port: store.port,
    useSSL: false,
    accessKey: ROOT,
    secretKey: SECRET,
    region: 'us-east-1',
  });
  await mc.makeBucket('srv');
});
afterAll(async () => {
  await store?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('dispatch', () => {
  it('answers health probes', async () => {
    for (const p of ['/minio/health/live', '/minio/health/ready']) {
      const res = await fetch(`${store.url}${p}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('server')).toBe('Stowage');
    }
  });

  it('serves the admin API with JSON errors, signed with an empty region', async () => {
    let res = await fetch(`${store.url}/minio/admin/v3/info`);
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toMatchObject({ Code: 'AccessDenied' });
    const url = `${store.url}/minio/admin/v3/info`;
    const headers = signRequest({
      method: 'GET',
      url,
      accessKey: ROOT,
      secretKey: SECRET,
      region: '',
      service: 's3',
    });
    res = await fetch(url, { headers });
    expect(res.status).toBe(200);
    expect(await res.json()).toBeTypeOf('object');
    res = await signedFetch('GET', '/minio/admin/v3/info', { secret: 'not-the-secret' });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ Code: 'SignatureDoesNotMatch' });
    const big = Buffer.alloc(1024 * 1024 + 1, 'x');
    res = await signedFetch('PUT', '/minio/admin/v3/add-canned-policy?name=huge', { body: big });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ Code: 'EntityTooLarge' });
  });

  it('serves STS AssumeRole and binds temporary keys to their session token', async () => {
    const body = 'Action=AssumeRole&Version=2011-06-15&DurationSeconds=900';
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    let res = await fetch(`${store.url}/`, { method: 'POST', body, headers: form });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('<Code>AccessDenied</Code>');
    res = await signedFetch('POST', '/', { body, headers: form, service: 'sts' });
    expect(res.status).toBe(200);
    const xml = await res.text();
    const pick = (tag: string): string => new RegExp(`<${tag}>([^<]+)</${tag}>`).exec(xml)?.[1] ?? '';
    const sts = {
      accessKey: pick('AccessKeyId'),
      secretKey: pick('SecretAccessKey'),
      sessionToken: pick('SessionToken'),
    };
    expect(sts.accessKey).toMatch(/.+/);
    const temp = new Minio.Client({
      endPoint: '127.0.0.1',
      port: store.port,
      useSSL: false,
      region: 'us-east-1',
      ...sts,
    });
    expect((await temp.listBuckets()).map((b) => b.name)).toContain('srv');
    const noToken = new Minio.Client({
      endPoint: '127.0.0.1',
      port: store.port,
      useSSL: false,
      region: 'us-east-1',
      accessKey: sts.accessKey,
      secretKey: sts.secretKey,
    });
    await expect(noToken.listBuckets()).rejects.toMatchObject({ code: 'InvalidTokenId' });
    const badToken = new Minio.Client({
      endPoint: '127.0.0.1',
      port: store.port,
      useSSL: false,
      region: 'us-east-1',
      ...sts,
      sessionToken: `${sts.sessionToken}x`,
    });
    await expect(badToken.listBuckets()).rejects.toMatchObject({ code: 'InvalidTokenId' });
    // Signed for S3 instead of STS: refused in STS's error format.
    res = await signedFetch('POST', '/', { body, headers: form, service: 's3' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('<ErrorResponse');
  });

  it('enforces hard bucket quotas set through the admin API', async () => {
    await mc.makeBucket('quota-b');
    const url = `${store.url}/minio/admin/v3/set-bucket-quota?bucket=quota-b`;
    const body = JSON.stringify({ quota: 1000, quotatype: 'hard' });
    const headers = signRequest({
      method: 'PUT',
      url,
      body,
      accessKey: ROOT,
      secretKey: SECRET,
      region: '',
      service: 's3',
    });
    expect((await fetch(url, { method: 'PUT', headers, body })).status).toBe(200);
    await expect(mc.putObject('quota-b', 'too-big', Buffer.alloc(1200))).rejects.toMatchObject({
      code: 'XMinioAdminBucketQuotaExceeded',
    });
    await mc.putObject('quota-b', 'fits', Buffer.alloc(600));
    expect(await mc.bucketExists('quota-b')).toBe(true);
  });

  it('answers CORS preflights and unknown methods', async () => {
    let res = await fetch(`${store.url}/srv/x`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://console.test',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://console.test');
    expect(res.headers.get('access-control-allow-methods')).toContain('PUT');
    res = await signedFetch('POST', '/srv/some-object');
    expect(res.status).toBe(405);
    expect(await res.text()).toContain('<Code>MethodNotAllowed</Code>');
  });
});

describe('request verification', () => {
  it('refuses an unknown server-side encryption method instead of storing unencrypted data', async () => {
    const res = await signedFetch('PUT', '/srv/sse', {
      body: 'x',
      headers: { 'x-amz-server-side-encryption': 'aws:unknown' },
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('<Code>InvalidArgument</Code>');
    expect(await exists('sse')).toBe(false);
  });

  it('refuses requests signed more than 15 minutes away', async () => {
    const res = await signedFetch('GET', '/', { date: new Date(Date.now() - 20 * 60_000) });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('<Code>RequestTimeTooSkewed</Code>');
  });

  it('does not commit a PUT whose body does not match the signed SHA-256', async () => {
    const signedHash = createHash('sha256').update('the signed body').digest('hex');
    const res = await signedFetch('PUT', '/srv/hash-mismatch', {
      body: 'another body!!!',
      payloadHash: signedHash,
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('<Code>XAmzContentSHA256Mismatch</Code>');
    expect(await exists('hash-mismatch')).toBe(false);
  });

  it('does not commit a PUT whose Content-MD5 does not match', async () => {
    const wrongMd5 = createHash('md5').update('something else').digest('base64');
    const res = await signedFetch('PUT', '/srv/md5-mismatch', {
      body: 'payload',
      headers: { 'content-md5': wrongMd5 },
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('<Code>BadDigest</Code>');
    expect(await exists('md5-mismatch')).toBe(false);
    const bad = await signedFetch('PUT', '/srv/md5-invalid', {
      body: 'payload',
      headers: { 'content-md5': 'not-base64!' },
    });
    expect(await bad.text()).toContain('<Code>InvalidDigest</Code>');
    // Documents read whole (multi-delete here) are checked the same way, before anything happens.
    await mc.putObject('srv', 'kept', 'kept');
    const del = '<Delete><Object><Key>kept</Key></Object></Delete>';
    const res2 = await signedFetch('POST', '/srv?delete', {
      body: del,
      headers: { 'content-md5': wrongMd5 },
    });
    expect(res2.status).toBe(400);
    expect(await res2.text()).toContain('<Code>BadDigest</Code>');
    expect(await exists('kept')).toBe(true);
    const malformed = await signedFetch('POST', '/srv?delete', { body: '<Delete><Object>' });
    expect(await malformed.text()).toContain('<Code>MalformedXML</Code>');
  });

  it('accepts signed aws-chunked uploads and refuses a forged chunk without committing', async () => {
    const put = async (key: string, forge: boolean): Promise<Response> => {
      const url = `${store.url}/srv/${key}`;
      const chunks = [Buffer.alloc(70_000, 'x'), Buffer.from('tail')];
      const decoded = chunks.reduce((n, c) => n + c.length, 0);
      const now = new Date();
      const amzDate = formatAmzDate(now);
      const date = amzDate.slice(0, 8);
      const headers = signRequest({
        method: 'PUT',
        url,
        headers: { 'content-encoding': 'aws-chunked', 'x-amz-decoded-content-length': String(decoded) },
        payloadHash: 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD',
        accessKey: ROOT,
        secretKey: SECRET,
        region: 'us-east-1',
        service: 's3',
        date: now,
      });
      let prev = /Signature=([0-9a-f]{64})/.exec(headers.authorization ?? '')?.[1] ?? '';
      const key4 = deriveSigningKey(SECRET, date, 'us-east-1', 's3');
      const scope = credentialScope(date, 'us-east-1', 's3');
      const parts: Buffer[] = [];
      for (const c of [...chunks, Buffer.alloc(0)]) {
        const hash = createHash('sha256').update(c).digest('hex');
        let sig = signature(key4, buildChunkStringToSign(amzDate, scope, prev, hash));
        prev = sig;
        if (forge && c.length === 4) sig = sig.replace(/^./, (ch) => (ch === 'a' ? 'b' : 'a'));
        parts.push(
          Buffer.from(`${c.length.toString(16)};chunk-signature=${sig}\r\n`),
          c,
          Buffer.from('\r\n'),
        );
      }
      return fetch(url, { method: 'PUT', headers, body: Buffer.concat(parts) });
    };
    let res = await put('chunked-ok', false);
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await mc.statObject('srv', 'chunked-ok')).size).toBe(70_004);
    res = await put('chunked-forged', true);
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    expect(await exists('chunked-forged')).toBe(false);
  });

  it('accepts unsigned-trailer aws-chunked uploads', async () => {
    const body = Buffer.from('5\r\nhello\r\n6\r\n world\r\n0\r\nx-amz-checksum-crc32:DUoRhQ==\r\n\r\n');
    const res = await signedFetch('PUT', '/srv/trailer', {
      body,
      payloadHash: 'STREAMING-UNSIGNED-PAYLOAD-TRAILER',
      headers: {
        'content-encoding': 'aws-chunked',
        'x-amz-decoded-content-length': '11',
        'x-amz-trailer': 'x-amz-checksum-crc32',
      },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const got = await fetch(
      presignUrl({
        method: 'GET',
        url: `${store.url}/srv/trailer`,
        accessKey: ROOT,
        secretKey: SECRET,
        region: 'us-east-1',
      }),
    );
    expect(await got.text()).toBe('hello world');
  });
});

describe('TLS', () => {
  it('serves S3 over HTTPS when given a certificate', async () => {
    requireTool('/usr/bin/openssl', 'openssl');
    const dir = await mkdtemp(path.join(tmpdir(), 'stowage-tls-'));
    try {
      const pair = await makeCert(dir, 'server', {
        subject: '/CN=127.0.0.1',
        extensions: ['subjectAltName=IP:127.0.0.1'],
      });
      const cert = pair.cert;
      const tls = await startStore({
        dataDir: path.join(dir, 'data'),
        drives: 1,
        port: 0,
        host: '127.0.0.1',
        rootUser: ROOT,
        rootPassword: SECRET,
        tls: { cert, key: pair.key },
      });
      try {
        expect(tls.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
        const client = new Minio.Client({
          endPoint: '127.0.0.1',
          port: tls.port,
          useSSL: true,
          accessKey: ROOT,
          secretKey: SECRET,
          region: 'us-east-1',
          transportAgent: new https.Agent({ ca: cert }),
        });
        await client.makeBucket('tls-bucket');
        await client.putObject('tls-bucket', 'secure.txt', 'over tls');
        const parts: Buffer[] = [];
        for await (const c of await client.getObject('tls-bucket', 'secure.txt')) parts.push(c as Buffer);
        expect(Buffer.concat(parts).toString()).toBe('over tls');
      } finally {
        await tls.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('shutdown', () => {
  it('lets a request in flight finish, cuts one that does not, and leaves no partial object', async () => {
    const url = new URL(`${store.url}/srv/in-flight-ok`);
    const send = (
      key: string,
      total: number,
      firstPart: number,
    ): { req: http.ClientRequest; done: Promise<number> } => {
      const u = new URL(`${store.url}/srv/${key}`);
      const target = presignUrl({
        method: 'PUT',
        url: u.href,
        accessKey: ROOT,
        secretKey: SECRET,
        region: 'us-east-1',
      });
      const t = new URL(target);
      const req = http.request({
        host: t.hostname,
        port: t.port,
        method: 'PUT',
        path: t.pathname + t.search,
        headers: { 'content-length': String(total) },
      });
      const done = new Promise<number>((resolve) => {
        req.on('response', (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', () => resolve(-1));
      });
      req.write(Buffer.alloc(firstPart, 'p'));
      return { req, done };
    };
    const finishing = send('in-flight-ok', 2000, 1000);
    const stuck = send('in-flight-stuck', 2000, 1000);
    await new Promise((r) => setTimeout(r, 200));
    const closing = store.close();
    setTimeout(() => finishing.req.end(Buffer.alloc(1000, 'q')), 100);
    expect(await finishing.done).toBe(200);
    await closing;
    expect(await stuck.done).toBe(-1);
    expect(url.pathname).toBe('/srv/in-flight-ok');
    store = await start();
    mc = new Minio.Client({
      endPoint: '127.0.0.1',
      port: store.port,
      useSSL: false,
      accessKey: ROOT,
      secretKey: SECRET,
      region: 'us-east-1',
    });
    expect((await mc.statObject('srv', 'in-flight-ok')).size).toBe(2000);
    expect(await exists('in-flight-stuck')).toBe(false);
  });
});
