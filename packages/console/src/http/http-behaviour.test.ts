// SPDX-License-Identifier: Apache-2.0
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiErrorSchema, loginDetailsSchema } from '@stowage/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { SESSION_COOKIE, sealSession } from '../session/session-cookie.js';

/** A local port that was free a moment ago and is closed now. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Console behaviour that needs no storage server: headers, base path, SPA serving, CSRF, session cookie
 * checks and the API contract. Storage-backed routes are in ../routes/routes.test.ts.
 */
describe('console HTTP behaviour', () => {
  let app: FastifyInstance;
  let webDist: string;
  const sessionKey = randomBytes(32);

  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), 'stowage-web-'));
    await mkdir(path.join(webDist, 'assets'));
    await writeFile(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><head><base href="/" /><title>t</title></head><body><script type="module" src="./assets/index-AbC123.js"></script></body></html>',
    );
    await writeFile(path.join(webDist, 'assets', 'index-AbC123.js'), 'console.log(1);');
    await writeFile(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    // A port nothing listens on: any call that reached for the store fails loudly.
    app = await buildApp({
      s3Endpoint: `http://127.0.0.1:${await closedPort()}`,
      sessionKey,
      sessionDurationSeconds: 3600,
      webDist,
    });
  });

  afterAll(async () => {
    await app.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('answers the login strategy, also under the /api/proxy base path', async () => {
    for (const url of ['/api/v1/login', '/api/proxy/tenant-ns/tenant-a/api/v1/login']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(loginDetailsSchema.parse(res.json())).toEqual({ loginStrategy: 'form' });
    }
  });

  it('sends security headers', async () => {
    const res = await app.inject({ url: '/api/v1/login' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("img-src 'self' blob: data:");
    expect(csp).toContain("media-src 'self' blob:");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('lets only this origin frame a tenant console served behind the operator proxy', async () => {
    const framed = await buildApp({
      s3Endpoint: `http://127.0.0.1:${await closedPort()}`,
      sessionKey,
      sessionDurationSeconds: 3600,
      framedBySameOrigin: true,
    });
    try {
      const res = await framed.inject({ url: '/api/v1/login' });
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    } finally {
      await framed.close();
    }
  });

  it('serves index.html for client routes, uncached, with the base href of the request', async () => {
    const root = await app.inject({ url: '/buckets/photos/browse' });
    expect(root.statusCode).toBe(200);
    expect(root.headers['content-type']).toContain('text/html');
    expect(root.headers['cache-control']).toBe('no-cache');
    expect(root.body).toContain('<base href="/" />');

    const proxied = await app.inject({ url: '/api/proxy/ns-1/tenant-a/buckets' });
    expect(proxied.statusCode).toBe(200);
    expect(proxied.body).toContain('<base href="/api/proxy/ns-1/tenant-a/" />');

    const bare = await app.inject({ url: '/' });
    expect(bare.statusCode).toBe(200);
    expect(bare.body).toContain('<base href="/" />');
    const direct = await app.inject({ url: '/index.html' });
    expect(direct.body).toContain('<base href="/" />');
  });

  it('caches hashed assets for a year and other files not at all, at / and under the base path', async () => {
    for (const prefix of ['', '/api/proxy/ns-1/tenant-a']) {
      const asset = await app.inject({ url: `${prefix}/assets/index-AbC123.js` });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.body).toBe('console.log(1);');
    }
    const icon = await app.inject({ url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers unknown API paths and missing assets with 404, not the SPA', async () => {
    const api = await app.inject({ url: '/api/v1/no-such-thing' });
    expect(api.statusCode).toBe(404);
    expect(apiErrorSchema.parse(api.json()).errorMessage).toBe('Not found');
    const asset = await app.inject({ url: '/assets/index-gone.js' });
    expect(asset.statusCode).toBe(404);
  });

  it('requires a session: missing, garbage, foreign and expired cookies are 401 with the error shape', async () => {
    const expired = sealSession(
      {
        accessKey: 'AK',
        secretKey: 'SK',
        sessionToken: 't',
        expiresAt: Date.now() - 1000,
        accountName: 'alice',
        builtinUser: true,
      },
      sessionKey,
    );
    const foreign = sealSession(
      {
        accessKey: 'AK',
        secretKey: 'SK',
        sessionToken: 't',
        expiresAt: Date.now() + 60_000,
        accountName: 'alice',
        builtinUser: true,
      },
      randomBytes(32),
    );
    const cases: Array<[Record<string, string> | undefined, string]> = [
      [undefined, 'Unauthorized'],
      [{ [SESSION_COOKIE]: 'garbage' }, 'Unauthorized'],
      [{ [SESSION_COOKIE]: foreign }, 'Unauthorized'],
      [{ [SESSION_COOKIE]: expired }, 'Session expired'],
    ];
    for (const [cookies, message] of cases) {
      for (const url of ['/api/v1/session', '/api/v1/buckets', '/api/proxy/a/b/api/v1/session']) {
        const res = await app.inject({ url, ...(cookies ? { cookies } : {}) });
        expect(res.statusCode).toBe(401);
        expect(apiErrorSchema.parse(res.json()).errorMessage).toBe(message);
      }
    }
    const post = await app.inject({
      method: 'POST',
      url: '/api/v1/has-permission',
      payload: { actions: [] },
      cookies: { [SESSION_COOKIE]: expired },
    });
    expect(post.statusCode).toBe(401);
  });

  it('refuses cross-site writes (Sec-Fetch-Site, then Origin) and lets same-origin ones through', async () => {
    const body = { accessKey: 'someone', secretKey: 'something' };
    const refused = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'http://evil.example', host: 'console.example:9090' },
      { origin: 'null', host: 'console.example:9090' },
    ];
    for (const headers of refused) {
      for (const url of ['/api/v1/login', '/api/v1/logout', '/api/v1/has-permission']) {
        const res = await app.inject({ method: 'POST', url, headers, payload: body });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({
          errorMessage: 'Cross-site request refused',
          detailedError: expect.any(String),
        });
      }
    }
    const sameOrigin = await app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: {
        'sec-fetch-site': 'same-origin',
        origin: 'http://console.example:9090',
        host: 'console.example:9090',
      },
    });
    expect(sameOrigin.statusCode).toBe(204);
    const sameHost = await app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: { origin: 'http://console.example:9090', host: 'console.example:9090' },
    });
    expect(sameHost.statusCode).toBe(204);
  });

  it('lets reads through whatever site they come from (navigation, prefetch)', async () => {
    const res = await app.inject({ url: '/api/v1/login', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(res.statusCode).toBe(200);
  });

  it('marks the cookie Secure and sends HSTS when served over TLS', async () => {
    const secure = await buildApp({
      s3Endpoint: `http://127.0.0.1:${await closedPort()}`,
      sessionKey,
      sessionDurationSeconds: 3600,
      secureCookies: true,
    });
    try {
      const res = await secure.inject({ method: 'POST', url: '/api/v1/logout' });
      expect(res.cookies.find((c) => c.name === SESSION_COOKIE)?.secure).toBe(true);
      expect(res.headers['strict-transport-security']).toContain('max-age=');
      expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await secure.close();
    }
  });

  it('clears the cookie on logout', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      cookies: { [SESSION_COOKIE]: 'x' },
    });
    expect(res.statusCode).toBe(204);
    const cleared = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cleared?.value).toBe('');
    expect(cleared?.path).toBe('/');
    expect((cleared?.expires?.getTime() ?? Date.now()) <= Date.now() || cleared?.maxAge === 0).toBe(true);
  });

  it('validates bodies with a readable 400', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/login', payload: { accessKey: '' } });
    expect(res.statusCode).toBe(400);
    const err = apiErrorSchema.parse(res.json());
    expect(err.errorMessage).toBe('Invalid request');
    expect(err.detailedError).toContain('accessKey');
    expect(err.detailedError).toContain('secretKey');
    const bad = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(bad.statusCode).toBe(400);
    expect(apiErrorSchema.parse(bad.json()).errorMessage).toBe('Invalid request');
  });

  it('reports a storage server that cannot be reached as 502, naming it and the cause', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { accessKey: 'abc', secretKey: 'abcdefgh' },
    });
    expect(res.statusCode, res.body).toBe(502);
    const err = apiErrorSchema.parse(res.json());
    expect(err.errorMessage).toBe('The storage server cannot be reached');
    expect(err.detailedError).toMatch(/^http:\/\/127\.0\.0\.1:\d+: connection refused \(ECONNREFUSED\)/);
  });

  it('serves the OpenAPI document generated from the contracts', async () => {
    const res = await app.inject({ url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/login',
        '/api/v1/logout',
        '/api/v1/session',
        '/api/v1/has-permission',
        '/api/v1/buckets',
        '/api/v1/admin/site-replication',
        '/api/v1/admin/site-replication/status',
      ]),
    );
    expect(doc.paths['/api/v1/login']).toHaveProperty('post');
    expect(Object.keys(doc.paths['/api/v1/admin/site-replication'] ?? {}).sort()).toEqual([
      'delete',
      'get',
      'post',
      'put',
    ]);
    expect(JSON.stringify(doc)).toContain('errorMessage');
  });
});
