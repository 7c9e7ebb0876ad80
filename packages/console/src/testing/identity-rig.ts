// SPDX-License-Identifier: Apache-2.0
/**
 * Test-only rig of the identity route tests (issue 8, spec 2 §7): a real embedded store on one drive
 * with buckets `red` and `blue` (one object each), the console app in front of it, a root admin client
 * and a root session. `useIdentityRig()` registers the hooks that start it once per test file (or
 * describe block) and stop it afterwards.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiErrorSchema, apiPaths } from '@stowage/contracts';
import { MadminClient } from '@stowage/madmin';
import { type StoreHandle, startStore } from '@stowage/store';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import * as Minio from 'minio';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../app.js';
import { SESSION_COOKIE } from '../session/session-cookie.js';

export const ROOT_USER = 'identity-root';
export const ROOT_PASSWORD = 'identity-root-secret';

export const bucketPolicy = (bucket: string): string =>
  JSON.stringify({
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Action: ['s3:GetBucketLocation', 's3:ListBucket'],
        Resource: [`arn:aws:s3:::${bucket}`],
      },
      { Effect: 'Allow', Action: ['s3:GetObject', 's3:PutObject'], Resource: [`arn:aws:s3:::${bucket}/*`] },
    ],
  });

export const q = (pathname: string, name: string): string => `${pathname}?name=${encodeURIComponent(name)}`;

export const expectError = (res: LightMyRequestResponse, status: number, text?: string | RegExp): void => {
  expect(res.statusCode, res.body).toBe(status);
  const body = apiErrorSchema.parse(res.json());
  if (text !== undefined) expect(`${body.errorMessage} ${body.detailedError}`).toMatch(text);
};

export interface IdentityRig {
  /** Set by the rig's beforeAll. */
  store: StoreHandle;
  app: FastifyInstance;
  rootAdmin: MadminClient;
  /** The root user's session cookie value. */
  root: string;
  /** Signs in through the console and returns the session cookie's value (expects 204). */
  login(accessKey: string, secretKey: string): Promise<string>;
  /** A request through `inject` with the given session. */
  call(
    token: string,
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
  /** A real S3 client of the store with the given credentials. */
  s3As(accessKey: string, secretKey: string): Minio.Client;
}

export function useIdentityRig(): IdentityRig {
  let dataDir: string | undefined;
  const rig = {
    login: async (accessKey: string, secretKey: string): Promise<string> => {
      const res = await rig.app.inject({
        method: 'POST',
        url: apiPaths.login,
        payload: { accessKey, secretKey },
      });
      expect(res.statusCode, res.body).toBe(204);
      return res.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
    },
    call: (token, method, url, payload) =>
      rig.app.inject({
        method,
        url,
        cookies: { [SESSION_COOKIE]: token },
        ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
      }),
    s3As: (accessKey: string, secretKey: string): Minio.Client =>
      new Minio.Client({
        endPoint: '127.0.0.1',
        port: rig.store.port,
        useSSL: false,
        accessKey,
        secretKey,
        region: 'us-east-1',
      }),
  } as IdentityRig;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'stowage-identity-'));
    rig.store = await startStore({
      dataDir,
      drives: 1,
      port: 0,
      host: '127.0.0.1',
      rootUser: ROOT_USER,
      rootPassword: ROOT_PASSWORD,
    });
    rig.app = await buildApp({
      s3Endpoint: rig.store.url,
      sessionKey: randomBytes(32),
      sessionDurationSeconds: 3600,
      loginRateLimit: { max: 1000, timeWindowMs: 60_000 },
    });
    const s3 = rig.s3As(ROOT_USER, ROOT_PASSWORD);
    for (const b of ['red', 'blue']) await s3.makeBucket(b);
    await s3.putObject('red', 'r.txt', Buffer.from('red'));
    await s3.putObject('blue', 'b.txt', Buffer.from('blue'));
    rig.rootAdmin = new MadminClient({
      endpoint: rig.store.url,
      accessKey: ROOT_USER,
      secretKey: ROOT_PASSWORD,
    });
    rig.root = await rig.login(ROOT_USER, ROOT_PASSWORD);
  });

  afterAll(async () => {
    await rig.app?.close();
    await rig.store?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  return rig;
}
