// SPDX-License-Identifier: Apache-2.0
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MadminClient } from '@stowage/madmin';
import { type PoolSpec, type StoreHandle, startStore } from '@stowage/store';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type * as Minio from 'minio';
import { buildApp } from '../app.js';
import type { AppOptions } from '../app-options.js';
import { SESSION_COOKIE } from '../session/session-cookie.js';
import { storeRootS3 } from './site-store.js';

/**
 * A real store on temporary drives plus the console app in front of it, for route tests. Tests drive the
 * console with `inject` (no socket) or, for streaming, through `listen()` over real HTTP.
 */
export interface ConsoleHarness {
  dataDir: string;
  store: StoreHandle;
  app: FastifyInstance;
  /** Root clients straight to the store, to arrange and to check what the console did. */
  s3: Minio.Client;
  admin: MadminClient;
  rootUser: string;
  rootPassword: string;
  /** Signs in through POST /api/v1/login and returns the session cookie's value. */
  login(accessKey?: string, secretKey?: string): Promise<string>;
  /** Listens on a free loopback port (once) and returns the console's base URL. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

export async function startConsoleHarness(
  options: {
    drives?: number;
    rootUser?: string;
    rootPassword?: string;
    /** Extra app options (e.g. `prometheus`, `logSearch`). */
    app?: Partial<AppOptions>;
    /** Server pools of the store (its `drives` option is then ignored). */
    pools?: PoolSpec[];
  } = {},
): Promise<ConsoleHarness> {
  const drives = options.drives ?? 4;
  const rootUser = options.rootUser ?? 'harness-root';
  const rootPassword = options.rootPassword ?? 'harness-root-secret';
  const dataDir = await mkdtemp(path.join(tmpdir(), `stowage-console-${drives}-`));
  const store = await startStore({
    dataDir,
    drives,
    ...(options.pools ? { pools: options.pools } : {}),
    port: 0,
    host: '127.0.0.1',
    rootUser,
    rootPassword,
  });
  const app = await buildApp({
    s3Endpoint: store.url,
    sessionKey: randomBytes(32),
    sessionDurationSeconds: 3600,
    loginRateLimit: { max: 1000, timeWindowMs: 60_000 },
    ...options.app,
    jobs: { dir: path.join(dataDir, '.console', 'jobs'), ...options.app?.jobs },
  });
  const s3 = storeRootS3(store, rootUser, rootPassword);
  const admin = new MadminClient({ endpoint: store.url, accessKey: rootUser, secretKey: rootPassword });
  let baseUrl: string | undefined;
  return {
    dataDir,
    store,
    app,
    s3,
    admin,
    rootUser,
    rootPassword,
    async login(accessKey = rootUser, secretKey = rootPassword) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { accessKey, secretKey },
      });
      if (res.statusCode !== 204)
        throw new Error(`login of ${accessKey} failed: ${res.statusCode} ${res.body}`);
      const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)?.value;
      if (!cookie) throw new Error('login answered without a session cookie');
      return cookie;
    },
    async listen() {
      baseUrl ??= await app.listen({ port: 0, host: '127.0.0.1' });
      return baseUrl;
    },
    async close() {
      await app.close();
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A signed-in JSON caller through `inject`: status and parsed body (undefined when empty). */
export function jsonCaller(app: FastifyInstance, token: string) {
  return async (method: InjectOptions['method'], url: string, payload?: unknown) => {
    const res = await app.inject({
      method,
      url,
      cookies: { [SESSION_COOKIE]: token },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
    let body: unknown;
    if (res.body !== '') {
      try {
        body = res.json() as unknown;
      } catch {
        body = res.body;
      }
    }
    return { status: res.statusCode, body, headers: res.headers };
  };
}

/** The Cookie header value for real-HTTP requests (fetch) with the session. */
export function sessionCookieHeader(token: string): string {
  return `${SESSION_COOKIE}=${token}`;
}
