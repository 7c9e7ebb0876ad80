// SPDX-License-Identifier: Apache-2.0
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  apiErrorSchema,
  apiPaths,
  fillApiPath,
  listBucketsResponseSchema,
  uploadObjectsResponseSchema,
} from '@stowage/contracts';
import { startStore } from '@stowage/store';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { ConnectionOptions } from '../../clients/connection.js';
import { openSession, SESSION_COOKIE } from '../../session/session-cookie.js';
import { jsonCaller, sessionCookieHeader } from '../../testing/console-harness.js';
import { type S3rverHandle, startS3rver } from '../../testing/s3rver.js';

/**
 * Sign-in on servers other than MinIO (issue 24): s3rver (no STS, no admin API) over HTTP and HTTPS, and
 * every way a server can be out of reach — each answer as a user of the REST API sees it.
 */

const sessionKey = randomBytes(32);
const apps: FastifyInstance[] = [];
let dir: string;
let plain: S3rverHandle;
let tls: S3rverHandle;
let certFile: string;

async function consoleFor(s3Endpoint: string, connection: ConnectionOptions = {}): Promise<FastifyInstance> {
  const app = await buildApp({
    s3Endpoint,
    sessionKey,
    sessionDurationSeconds: 3600,
    loginRateLimit: { max: 1000, timeWindowMs: 60_000 },
    connection,
  });
  apps.push(app);
  return app;
}

async function login(app: FastifyInstance, accessKey: string, secretKey: string) {
  const res = await app.inject({ method: 'POST', url: apiPaths.login, payload: { accessKey, secretKey } });
  const token = res.cookies.find((c) => c.name === SESSION_COOKIE)?.value;
  return { status: res.statusCode, body: res.body === '' ? undefined : (res.json() as unknown), token };
}

/** Fails sign-in on `app` and returns the REST error, checked against the API's error shape. */
async function failedLogin(app: FastifyInstance, status: number) {
  const res = await login(app, 'S3RVER', 'S3RVER');
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.token).toBeUndefined();
  return apiErrorSchema.parse(res.body);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'stowage-signin-'));
  // A self-signed certificate for 127.0.0.1, made the way an admin of a lab server would.
  certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  plain = await startS3rver(path.join(dir, 'plain'));
  tls = await startS3rver(path.join(dir, 'tls'), {
    key: await readFile(keyFile, 'utf8'),
    cert: await readFile(certFile, 'utf8'),
  });
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await plain?.close();
  await tls?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a server with STS (the embedded store)', () => {
  it("keeps signing in with temporary STS credentials, never the user's own keys", async () => {
    const store = await startStore({
      dataDir: path.join(dir, 'store'),
      drives: 1,
      port: 0,
      host: '127.0.0.1',
      rootUser: 'sts-root',
      rootPassword: 'sts-root-secret',
    });
    try {
      const res = await login(await consoleFor(store.url), 'sts-root', 'sts-root-secret');
      expect(res.status, JSON.stringify(res.body)).toBe(204);
      const session = openSession(res.token ?? '', sessionKey);
      expect(session).toMatchObject({ mode: 'sts', accountName: 'sts-root' });
      expect(session?.accessKey).not.toBe('sts-root');
      expect(session?.secretKey).not.toBe('sts-root-secret');
      expect(session?.sessionToken).not.toBe('');
    } finally {
      await store.close();
    }
  });
});

describe('a server without STS (s3rver)', () => {
  it("signs in with the user's own keys, sealed in the cookie, and works with buckets and objects", async () => {
    const app = await consoleFor(plain.url);
    const res = await login(app, 'S3RVER', 'S3RVER');
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    const token = res.token ?? '';
    // The keys travel only inside the encrypted cookie.
    expect(token).not.toContain('S3RVER');
    expect(openSession(token, sessionKey)).toMatchObject({
      mode: 'keys',
      accessKey: 'S3RVER',
      sessionToken: '',
      accountName: 'S3RVER',
    });
    const session = openSession(token, sessionKey);
    expect((session?.expiresAt ?? 0) - Date.now()).toBeGreaterThan(3500_000);

    const api = jsonCaller(app, token);
    const created = await api('POST', apiPaths.buckets, { name: 'photos' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const list = listBucketsResponseSchema.parse((await api('GET', apiPaths.buckets)).body);
    expect(list.buckets.map((b) => b.name)).toEqual(['photos']);
    // s3rver reports no usage: the list says it is unknown instead of a false 0.
    expect(list.buckets[0]?.size).toBeUndefined();
    expect(list.buckets[0]?.objects).toBeUndefined();

    // Upload and download over real HTTP, as the browser does.
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const form = new FormData();
    form.append('file', new Blob(['hello from another engine']), 'docs/hello.txt');
    const uploadUrl = `${base}${fillApiPath(apiPaths.objectUpload, { bucket: 'photos' })}?prefix=`;
    const up = await fetch(uploadUrl, {
      method: 'POST',
      body: form,
      headers: { cookie: sessionCookieHeader(token), 'sec-fetch-site': 'same-origin' },
    });
    expect(up.status, await up.clone().text()).toBe(200);
    expect(uploadObjectsResponseSchema.parse(await up.json()).objects.map((o) => o.name)).toEqual([
      'docs/hello.txt',
    ]);
    const downloadUrl = `${base}${fillApiPath(apiPaths.objectDownload, { bucket: 'photos' })}?prefix=docs%2Fhello.txt`;
    const down = await fetch(downloadUrl, { headers: { cookie: sessionCookieHeader(token) } });
    expect(down.status).toBe(200);
    expect(await down.text()).toBe('hello from another engine');

    const listed = await api('GET', `${fillApiPath(apiPaths.objects, { bucket: 'photos' })}?prefix=docs%2F`);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(JSON.stringify(listed.body)).toContain('docs/hello.txt');

    // Logout clears the cookie as for STS sessions.
    const out = await app.inject({
      method: 'POST',
      url: apiPaths.logout,
      cookies: { [SESSION_COOKIE]: token },
    });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
  });

  it('names the server and the cause when it goes away during a session', async () => {
    const gone = await startS3rver(path.join(dir, 'gone'));
    const app = await consoleFor(gone.url);
    const res = await login(app, 'S3RVER', 'S3RVER');
    expect(res.status).toBe(204);
    await gone.close();
    const list = await jsonCaller(app, res.token ?? '')('GET', apiPaths.buckets);
    expect(list.status).toBe(502);
    const err = apiErrorSchema.parse(list.body);
    expect(err.errorMessage).toBe('The storage server cannot be reached');
    // The capability probes at sign-in leave a kept-alive socket: the first request after the server went
    // away may meet that socket's reset rather than a refused new connection. Either is named with the URL.
    expect(err.detailedError).toMatch(
      new RegExp(`^${gone.url}: (connection refused \\(ECONNREFUSED\\)|the connection failed \\(ECONNRESET)`),
    );
  });

  it('says the keys are wrong when they are, without setting a cookie', async () => {
    // s3rver knows one access key and does not check SigV4 signatures, so an unknown key is the wrong key
    // it can refuse (InvalidAccessKeyId); a wrong secret (SignatureDoesNotMatch) takes the same path.
    const res = await login(await consoleFor(plain.url), 'NOSUCHKEY', 'S3RVER');
    expect(res.status).toBe(401);
    expect(res.token).toBeUndefined();
    expect(apiErrorSchema.parse(res.body)).toEqual({
      errorMessage: 'Invalid Login.',
      detailedError: 'The access key or secret key is wrong, or the account is disabled.',
    });
  });
});

describe('a server out of reach', () => {
  it('names a refused connection', async () => {
    const closed = await freePort();
    const url = `http://127.0.0.1:${closed}`;
    const err = await failedLogin(await consoleFor(url), 502);
    expect(err.errorMessage).toBe('The storage server cannot be reached');
    expect(err.detailedError).toContain(url);
    expect(err.detailedError).toContain('connection refused (ECONNREFUSED)');
  });

  it('names a host name that does not resolve', async () => {
    const err = await failedLogin(await consoleFor('http://nonexistent.invalid:9000'), 502);
    expect(err.errorMessage).toBe('The storage server cannot be reached');
    expect(err.detailedError).toMatch(
      /^http:\/\/nonexistent\.invalid:9000: the host name nonexistent\.invalid does not resolve \(DNS: (ENOTFOUND|EAI_AGAIN)\)/,
    );
  });

  it('gives up on a server that accepts the connection and never answers', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((s) => sockets.push(s));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${portOf(silent)}`;
      const started = Date.now();
      const err = await failedLogin(await consoleFor(url, { timeoutMs: 400 }), 504);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(err.errorMessage).toBe('The storage server did not answer in time');
      expect(err.detailedError).toContain(`${url}: no answer within 0.4 s`);
      expect(err.detailedError).toContain('CONSOLE_MINIO_TIMEOUT');
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('names an untrusted TLS certificate and the variables that fix it', async () => {
    const err = await failedLogin(await consoleFor(tls.url), 502);
    expect(err.errorMessage).toBe('The TLS connection to the storage server failed');
    expect(err.detailedError).toContain(
      `${tls.url}: TLS error DEPTH_ZERO_SELF_SIGNED_CERT: the server's certificate is self-signed.`,
    );
    expect(err.detailedError).toContain('CONSOLE_MINIO_SERVER_CA');
    expect(err.detailedError).toContain('CONSOLE_MINIO_SERVER_TLS_SKIP_VERIFICATION');
  });

  it('names a plain-HTTP server spoken to over HTTPS', async () => {
    const url = plain.url.replace('http:', 'https:');
    const err = await failedLogin(await consoleFor(url), 502);
    expect(err.detailedError).toMatch(/TLS error (EPROTO|ERR_SSL_[A-Z_]+): the TLS handshake failed/);
    expect(err.detailedError).toContain('speaks HTTPS on this port');
  });

  it('names a certificate issued for another host name', async () => {
    const url = tls.url.replace('127.0.0.1', 'localhost');
    const ca = await readFile(certFile, 'utf8');
    const err = await failedLogin(await consoleFor(url, { ca }), 502);
    expect(err.detailedError).toContain(
      `${url}: TLS error ERR_TLS_CERT_ALTNAME_INVALID: the server's certificate is not issued for this host name`,
    );
    expect(err.detailedError).toContain('Point CONSOLE_MINIO_SERVER at a name the certificate lists');
  });
});

describe('HTTPS with a custom CA', () => {
  it('signs in and works once the CA bundle is given', async () => {
    const app = await consoleFor(tls.url, { ca: await readFile(certFile, 'utf8') });
    const res = await login(app, 'S3RVER', 'S3RVER');
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    const api = jsonCaller(app, res.token ?? '');
    expect((await api('POST', apiPaths.buckets, { name: 'secure' })).status).toBe(201);
    const list = listBucketsResponseSchema.parse((await api('GET', apiPaths.buckets)).body);
    expect(list.buckets.map((b) => b.name)).toEqual(['secure']);
  });

  it('signs in without any CA when verification is off (labs)', async () => {
    const app = await consoleFor(tls.url, { skipTlsVerification: true });
    expect((await login(app, 'S3RVER', 'S3RVER')).status).toBe(204);
  });
});

function portOf(server: Server): number {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** A port nothing listens on: bound once, then released. */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = portOf(s);
  await new Promise((resolve) => s.close(resolve));
  return port;
}
