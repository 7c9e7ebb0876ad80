// SPDX-License-Identifier: Apache-2.0
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CorsPolicy } from './cors.js';

const policy = new CorsPolicy();
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (policy.apply(req, res)) return;
    res.writeHead(200, { etag: '"e"' });
    res.end('ok');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('CorsPolicy (api cors_allow_origin)', () => {
  it('allows any origin by default', async () => {
    policy.configure(['*']);
    const res = await fetch(base, { headers: { origin: 'https://anything.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('https://anything.example');
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('access-control-expose-headers')).toContain('ETag');
  });

  it('answers only listed origins (with wildcards) when restricted', async () => {
    policy.configure(['https://console.example', 'https://*.apps.example']);
    expect(policy.allows('https://console.example')).toBe(true);
    expect(policy.allows('https://a.apps.example')).toBe(true);
    expect(policy.allows('https://evil.example')).toBe(false);
    const denied = await fetch(base, { headers: { origin: 'https://evil.example' } });
    expect(denied.status).toBe(200);
    expect(denied.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(base, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'PUT' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-methods')).toBeNull();
  });
});
