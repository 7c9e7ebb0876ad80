// SPDX-License-Identifier: Apache-2.0
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  apiErrorSchema,
  bucketEncryptionInfoSchema,
  kmsKeysResponseSchema,
  kmsStatusSchema,
  listObjectsResponseSchema,
} from '@stowage/contracts';
import { type StoreHandle, startStore } from '@stowage/store';
import type { FastifyInstance, InjectOptions } from 'fastify';
import * as Minio from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { SESSION_COOKIE } from '../../session/session-cookie.js';
import { unzip } from '../../testing/unzip.js';

// Issue 18 through the console: bucket encryption enable/disable (spec 1 §4, §7), the object's encryption
// in its details, and the KMS routes — against a real store with a built-in KMS.

const ROOT_USER = 'sse-root';
const ROOT_PASSWORD = 'sse-root-secret';
let dataDir: string;
let store: StoreHandle;
let app: FastifyInstance;
let s3: Minio.Client;
let cookies: Record<string, string>;
let api: (
  method: InjectOptions['method'],
  url: string,
  payload?: unknown,
) => Promise<{ status: number; body: unknown }>;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'stowage-console-sse-'));
  store = await startStore({
    dataDir,
    drives: 4,
    port: 0,
    host: '127.0.0.1',
    rootUser: ROOT_USER,
    rootPassword: ROOT_PASSWORD,
    env: {
      MINIO_KMS_SECRET_KEY: `console-key:${randomBytes(32).toString('base64')}`,
      // SSE-C objects are written over plain HTTP here (local test).
      STOWAGE_SSE_C_ALLOW_HTTP: 'on',
    },
  });
  app = await buildApp({
    s3Endpoint: store.url,
    sessionKey: randomBytes(32),
    sessionDurationSeconds: 3600,
    loginRateLimit: { max: 1000, timeWindowMs: 60_000 },
  });
  s3 = new Minio.Client({
    endPoint: '127.0.0.1',
    port: store.port,
    useSSL: false,
    accessKey: ROOT_USER,
    secretKey: ROOT_PASSWORD,
    region: 'us-east-1',
  });
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { accessKey: ROOT_USER, secretKey: ROOT_PASSWORD },
  });
  expect(login.statusCode, login.body).toBe(204);
  cookies = { [SESSION_COOKIE]: login.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? '' };
  api = async (method, url, payload) => {
    const res = await app.inject({
      method,
      url,
      cookies,
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
    return { status: res.statusCode, body: res.body === '' ? undefined : (res.json() as unknown) };
  };
  await s3.makeBucket('enc');
});
afterAll(async () => {
  await app?.close();
  await store?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** SSE-C headers of a fresh customer key, as an S3 client that writes such an object sends them. */
function customerKeyHeaders(): Record<string, string> {
  const key = randomBytes(32);
  return {
    'X-Amz-Server-Side-Encryption-Customer-Algorithm': 'AES256',
    'X-Amz-Server-Side-Encryption-Customer-Key': key.toString('base64'),
    'X-Amz-Server-Side-Encryption-Customer-Key-MD5': createHash('md5').update(key).digest('base64'),
  };
}

describe('bucket encryption and KMS routes', () => {
  it('enables SSE-S3, shows it, encrypts uploads, and disables it', async () => {
    const on = await api('POST', '/api/v1/buckets/enc/encryption/enable', { encType: 'sse-s3' });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const info = await api('GET', '/api/v1/buckets/enc/encryption/info');
    expect(bucketEncryptionInfoSchema.parse(info.body)).toEqual({
      status: 'sse-s3',
      algorithm: 'AES256',
      kmsMasterKeyID: '',
    });
    await s3.putObject('enc', 'doc.txt', Buffer.from('hello sealed world'));
    const listed = await api('GET', '/api/v1/buckets/enc/objects?prefix=doc.txt&with_metadata=true');
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listObjectsResponseSchema.parse(listed.body).objects[0]?.encryption).toEqual({ type: 'SSE-S3' });

    const off = await api('POST', '/api/v1/buckets/enc/encryption/disable');
    expect(off.status).toBe(200);
    expect(
      bucketEncryptionInfoSchema.parse((await api('GET', '/api/v1/buckets/enc/encryption/info')).body).status,
    ).toBe('disabled');
  });

  it('creates a KMS key, lists it, and uses it for SSE-KMS; an unknown key is a clear 400', async () => {
    const status = kmsStatusSchema.parse((await api('GET', '/api/v1/kms/status')).body);
    expect(status).toMatchObject({ name: 'Builtin', defaultKeyID: 'console-key' });
    const created = await api('POST', '/api/v1/kms/keys', { key: 'photos-key' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const names = kmsKeysResponseSchema
      .parse((await api('GET', '/api/v1/kms/keys')).body)
      .results.map((k) => k.name);
    expect(names).toEqual(['console-key', 'photos-key']);
    const again = await api('POST', '/api/v1/kms/keys', { key: 'photos-key' });
    expect(again.status).toBe(400);
    expect(apiErrorSchema.parse(again.body).detailedError).toContain('photos-key');

    const on = await api('POST', '/api/v1/buckets/enc/encryption/enable', {
      encType: 'sse-kms',
      kmsKeyID: 'photos-key',
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    await s3.putObject('enc', 'kms.txt', Buffer.from('under a named key'));
    const listed = await api('GET', '/api/v1/buckets/enc/objects?prefix=kms.txt&with_metadata=true');
    expect(listObjectsResponseSchema.parse(listed.body).objects[0]?.encryption).toEqual({
      type: 'SSE-KMS',
      kms_key_id: 'photos-key',
    });

    const bad = await api('POST', '/api/v1/buckets/enc/encryption/enable', {
      encType: 'sse-kms',
      kmsKeyID: 'nope',
    });
    expect(bad.status).toBe(400);
    const err = apiErrorSchema.parse(bad.body);
    expect(`${err.errorMessage} ${err.detailedError}`).toContain('nope');
    const missing = await api('POST', '/api/v1/buckets/enc/encryption/enable', { encType: 'sse-kms' });
    expect(missing.status).toBe(400);
  });

  it('describes an SSE-C object without its key (from the version listing); downloads say the key is needed', async () => {
    await s3.makeBucket('customer');
    const body = Buffer.from('sealed under a key the console never sees');
    const ssec = customerKeyHeaders();
    await s3.putObject('customer', 'secret.bin', body, body.length, ssec);
    await s3.putObject('customer', 'secret.bin.bak', Buffer.from('plain'));
    // HEAD with the key: what the console's answer must agree with.
    const head = await s3.makeRequestAsync(
      { method: 'HEAD', bucketName: 'customer', objectName: 'secret.bin', headers: ssec },
      '',
      [200],
    );
    head.resume();
    const stat = {
      etag: String(head.headers.etag).replace(/"/g, ''),
      lastModified: new Date(String(head.headers['last-modified'])),
    };
    const listed = await api('GET', '/api/v1/buckets/customer/objects?prefix=secret.bin&with_metadata=true');
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const [item] = listObjectsResponseSchema.parse(listed.body).objects;
    expect(item).toMatchObject({
      name: 'secret.bin',
      size: body.length,
      etag: stat.etag,
      encryption: { type: 'SSE-C' },
      user_metadata: {},
    });
    expect(new Date(item?.last_modified ?? 0).getTime()).toBe(stat.lastModified.getTime());
    // A key that is not there is still a 404.
    const none = await api('GET', '/api/v1/buckets/customer/objects?prefix=secret&with_metadata=true');
    expect(none.status).toBe(404);
    // Download and share links cannot work without the key: a clear 400 says why.
    for (const [method, url] of [
      ['GET', '/api/v1/buckets/customer/objects/download?prefix=secret.bin'],
      ['GET', '/api/v1/buckets/customer/objects/share?prefix=secret.bin&expires=3600000ms'],
    ] as const) {
      const refused = await api(method, url);
      expect(refused.status, url).toBe(400);
      const err = apiErrorSchema.parse(refused.body);
      expect(err.errorMessage).toBe('The object needs its customer key');
      expect(err.detailedError).toContain('SSE-C');
    }
  });

  it('zips what it can read: SSE-C objects of a folder or a selection are left out and named in a note', async () => {
    await s3.makeBucket('mixed');
    const sealed = Buffer.from('only the customer can read this');
    await s3.putObject('mixed', 'docs/a.txt', Buffer.from('plain a'));
    await s3.putObject('mixed', 'docs/sub/secret.bin', sealed, sealed.length, customerKeyHeaders());
    await s3.putObject('mixed', 'docs/z.txt', Buffer.from('plain z'));
    // An object with the note's name: the note takes another.
    await s3.putObject('mixed', 'docs/SKIPPED-OBJECTS.txt', Buffer.from('an object of that name'));
    const zip = async (prefixes: string[]): Promise<Map<string, Buffer>> => {
      const query = prefixes.map((p) => `prefix=${encodeURIComponent(p)}`).join('&');
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/buckets/mixed/objects/download?${query}`,
        cookies,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      return unzip(res.rawPayload);
    };
    const reason =
      'encrypted with a customer-provided key (SSE-C), which the console does not have; download it with an S3 client that sends the key.';

    const folder = await zip(['docs/']);
    expect([...folder.keys()].sort()).toEqual([
      'SKIPPED-OBJECTS.txt',
      'docs/',
      'docs/SKIPPED-OBJECTS.txt',
      'docs/a.txt',
      'docs/z.txt',
    ]);
    expect(folder.get('docs/a.txt')?.toString()).toBe('plain a');
    expect(folder.get('docs/z.txt')?.toString()).toBe('plain z');
    expect(folder.get('SKIPPED-OBJECTS.txt')?.toString()).toBe(
      `1 object was left out of this archive:\n\ndocs/sub/secret.bin: ${reason}\n`,
    );

    // Selected directly, it is left out the same way; the archive's own object keeps its name.
    const selection = await zip(['docs/a.txt', 'docs/sub/secret.bin', 'docs/SKIPPED-OBJECTS.txt']);
    expect([...selection.keys()].sort()).toEqual(['SKIPPED-OBJECTS (2).txt', 'SKIPPED-OBJECTS.txt', 'a.txt']);
    expect(selection.get('SKIPPED-OBJECTS.txt')?.toString()).toBe('an object of that name');
    expect(selection.get('SKIPPED-OBJECTS (2).txt')?.toString()).toContain(`sub/secret.bin: ${reason}`);

    // HEAD (what the web UI asks before a download) refuses the SSE-C object too, and serves the others.
    const head = (prefix: string) =>
      app.inject({
        method: 'HEAD',
        url: `/api/v1/buckets/mixed/objects/download?prefix=${encodeURIComponent(prefix)}`,
        cookies,
      });
    expect((await head('docs/sub/secret.bin')).statusCode).toBe(400);
    expect((await head('docs/a.txt')).statusCode).toBe(200);
    expect((await head('docs/')).statusCode).toBe(200);
  });
});
