// SPDX-License-Identifier: Apache-2.0
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomRootCredentials, writeFileAtomic } from '@stowage/store';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { type LocalDriverOptions, LocalTenantDriver } from '../operator/local/local-driver.js';
import { SESSION_COOKIE } from '../session/session-cookie.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The built server command (`node scripts/build.mjs` first). */
export const storeCli = path.resolve(here, '../../../store/dist/cli/main.js');

/**
 * An operator console for route tests: the local driver on a temporary root (real `stowage server`
 * processes), the app in operator mode, and its token. `close()` stops every tenant process and removes
 * the folders, so no process outlives the test.
 */
export interface OperatorRig {
  root: string;
  app: FastifyInstance;
  driver: LocalTenantDriver;
  token: string;
  sessionKey: Buffer;
  driverOptions: LocalDriverOptions;
  /** Signs in with the operator token; returns the session cookie. */
  login(): Promise<string>;
  close(): Promise<void>;
}

export async function startOperatorRig(
  options: {
    classes?: (root: string) => LocalDriverOptions['classes'];
    loginRateLimit?: { max: number; timeWindowMs: number };
  } = {},
): Promise<OperatorRig> {
  const root = await mkdtemp(path.join(tmpdir(), 'stowage-operator-'));
  const driverOptions: LocalDriverOptions = {
    root: path.join(root, 'operator'),
    classes: options.classes?.(root) ?? [
      { name: 'standard', root: path.join(root, 'volumes'), capacity: null },
    ],
    server: { command: process.execPath, prefix: [storeCli] },
    image: 'stowage/store:test',
    tools: { randomRootCredentials, writeFileAtomic },
    minVolumeSize: 1024 * 1024,
  };
  const driver = new LocalTenantDriver(driverOptions);
  await driver.start();
  const token = randomBytes(32).toString('base64url');
  const sessionKey = randomBytes(32);
  const app = await buildApp({
    // Operator routes never reach this: tenants have their own endpoints.
    s3Endpoint: 'http://127.0.0.1:9',
    sessionKey,
    sessionDurationSeconds: 3600,
    loginRateLimit: options.loginRateLimit ?? { max: 1000, timeWindowMs: 60_000 },
    operator: { driver, token },
  });
  return {
    root,
    app,
    driver,
    token,
    sessionKey,
    driverOptions,
    async login() {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/login/operator',
        payload: { jwt: token },
      });
      if (res.statusCode !== 204) throw new Error(`operator login failed: ${res.statusCode} ${res.body}`);
      const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)?.value;
      if (!cookie) throw new Error('operator login answered without a session cookie');
      return cookie;
    },
    async close() {
      await app.close();
      await driver.stopAll();
      await driver.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}
