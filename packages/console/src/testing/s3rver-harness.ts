// SPDX-License-Identifier: Apache-2.0
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import * as Minio from 'minio';
import { buildApp } from '../app.js';
import { SESSION_COOKIE } from '../session/session-cookie.js';
import { startS3rver } from './s3rver.js';

/** s3rver's fixed keys. */
export const S3RVER_KEYS = { accessKey: 'S3RVER', secretKey: 'S3RVER' } as const;

/**
 * A real s3rver (a minimal S3 server without versioning, STS or MinIO's admin API) on a free loopback
 * port with the console in front of it: `login()` signs in through POST /api/v1/login as a user would.
 */
export interface S3rverHarness {
  url: string;
  app: FastifyInstance;
  /** An S3 client of s3rver with its keys, to arrange and check. */
  s3: Minio.Client;
  /** Signs in with s3rver's keys and returns the session cookie's value. */
  login(): Promise<string>;
  close(): Promise<void>;
}

export async function startS3rverHarness(): Promise<S3rverHarness> {
  const directory = await mkdtemp(path.join(tmpdir(), 'stowage-s3rver-'));
  const server = await startS3rver(directory);
  const app = await buildApp({
    s3Endpoint: server.url,
    sessionKey: randomBytes(32),
    sessionDurationSeconds: 3600,
    loginRateLimit: { max: 1000, timeWindowMs: 60_000 },
  });
  const s3 = new Minio.Client({
    endPoint: '127.0.0.1',
    port: Number(new URL(server.url).port),
    useSSL: false,
    ...S3RVER_KEYS,
    region: 'us-east-1',
  });
  return {
    url: server.url,
    app,
    s3,
    async login() {
      const res = await app.inject({ method: 'POST', url: '/api/v1/login', payload: S3RVER_KEYS });
      if (res.statusCode !== 204) throw new Error(`login on s3rver failed: ${res.statusCode} ${res.body}`);
      const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)?.value;
      if (!cookie) throw new Error('login answered without a session cookie');
      return cookie;
    },
    async close() {
      await app.close();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
