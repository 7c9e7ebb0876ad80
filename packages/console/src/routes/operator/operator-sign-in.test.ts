// SPDX-License-Identifier: Apache-2.0
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { operatorPages } from '../../permissions/pages.js';
import { SESSION_COOKIE, sealSession } from '../../session/session-cookie.js';
import { jsonCaller } from '../../testing/console-harness.js';
import { type OperatorRig, startOperatorRig } from '../../testing/operator-rig.js';

describe('operator sign-in and who may use the operator routes', () => {
  let rig: OperatorRig;

  beforeAll(async () => {
    rig = await startOperatorRig({ loginRateLimit: { max: 3, timeWindowMs: 60_000 } });
  });
  afterAll(async () => {
    await rig?.close();
  });

  const login = (jwt: string, ip = '10.0.0.1') =>
    rig.app.inject({ method: 'POST', url: '/api/v1/login/operator', payload: { jwt }, remoteAddress: ip });

  it('signs in with the operator token; the session is the operator with the pages of spec 3', async () => {
    const res = await login(rig.token);
    expect(res.statusCode).toBe(204);
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie?.httpOnly).toBe(true);
    const session = await jsonCaller(rig.app, cookie?.value as string)('GET', '/api/v1/session');
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ operator: true, status: 'ok', pages: [...operatorPages] });
    const strategy = await rig.app.inject({ method: 'GET', url: '/api/v1/login' });
    expect(strategy.json()).toMatchObject({ loginStrategy: 'service-account' });
  });

  it('refuses a wrong token, and limits failed attempts per address like password sign-in', async () => {
    const bad = await login('not-the-token', '10.0.0.2');
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ errorMessage: 'Invalid Login.' });
    expect(bad.json().detailedError).toMatch(/OperatorToken/);
    await login('wrong-2', '10.0.0.2');
    await login('wrong-3', '10.0.0.2');
    const limited = await login(rig.token, '10.0.0.2');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    expect((await login(rig.token, '10.0.0.3')).statusCode).toBe(204);
  });

  it('answers 401 without a session and 403 to a session that is not the operator', async () => {
    const none = await rig.app.inject({ method: 'GET', url: '/api/v1/tenants' });
    expect(none.statusCode).toBe(401);
    const user = sealSession(
      {
        accessKey: 'someone',
        secretKey: 'someone-secret',
        sessionToken: '',
        expiresAt: Date.now() + 60_000,
        accountName: 'someone',
        builtinUser: true,
        mode: 'keys',
      },
      rig.sessionKey,
    );
    for (const [method, url] of [
      ['GET', '/api/v1/tenants'],
      ['POST', '/api/v1/namespace'],
      ['GET', '/api/v1/get-parity/4/1'],
      ['GET', '/api/v1/direct-csi/drives'],
    ] as const) {
      const res = await jsonCaller(rig.app, user)(
        method,
        url,
        method === 'POST' ? { name: 'x1' } : undefined,
      );
      expect(res.status, url).toBe(403);
      const body = res.body as { errorMessage: string; detailedError: string };
      expect(body.errorMessage).toBe('Access Denied');
      expect(body.detailedError).toMatch(/operator token/);
    }
  });

  it('refuses operator sign-in when operator mode is off', async () => {
    const plain = await buildApp({
      s3Endpoint: 'http://127.0.0.1:9',
      sessionKey: randomBytes(32),
      sessionDurationSeconds: 3600,
    });
    try {
      const res = await plain.inject({
        method: 'POST',
        url: '/api/v1/login/operator',
        payload: { jwt: 'x' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().detailedError).toMatch(/CONSOLE_OPERATOR_MODE/);
    } finally {
      await plain.close();
    }
  });

  it('sizes tenants: parity choices with MinIO rules, memory per node, storage roots', async () => {
    const call = jsonCaller(rig.app, await rig.login());
    expect((await call('GET', '/api/v1/get-parity/4/1')).body).toEqual(['EC:2']);
    expect((await call('GET', '/api/v1/get-parity/4/4')).body).toEqual([
      'EC:8',
      'EC:7',
      'EC:6',
      'EC:5',
      'EC:4',
      'EC:3',
      'EC:2',
    ]);
    expect((await call('GET', '/api/v1/get-parity/2/1')).body).toEqual(['EC:1']);
    const tooFew = await call('GET', '/api/v1/get-parity/1/1');
    expect(tooFew.status).toBe(400);
    const oddSets = await call('GET', '/api/v1/get-parity/17/1');
    expect(oddSets.status).toBe(400);
    expect(oddSets.body).toMatchObject({ errorMessage: 'We were not able to allocate this server.' });
    const one = (await call('GET', '/api/v1/cluster/max-allocatable-memory?num_nodes=1')).body as {
      max_memory: number;
    };
    const four = (await call('GET', '/api/v1/cluster/max-allocatable-memory?num_nodes=4')).body as {
      max_memory: number;
    };
    expect(one.max_memory).toBeGreaterThan(0);
    expect(four.max_memory).toBeLessThanOrEqual(one.max_memory / 4);
    const drives = (await call('GET', '/api/v1/direct-csi/drives')).body as {
      drives: { drive: string; status: string }[];
    };
    expect(drives.drives).toEqual([
      expect.objectContaining({ drive: `${rig.root}/volumes`, status: 'Available' }),
    ]);
    const format = await call('POST', '/api/v1/direct-csi/drives/format', {
      drives: ['/not/a/root'],
      force: false,
    });
    expect(format.body).toMatchObject({ formatIssuesList: [{ drive: '/not/a/root' }] });
  });
});
