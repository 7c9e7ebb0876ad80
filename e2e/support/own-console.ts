// SPDX-License-Identifier: Apache-2.0
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  type AppOptions,
  type AuditStore,
  buildApp,
  openAuditStore,
  registerAuditWebhook,
} from '@stowage/console';
import { STOWAGE_VERSION, type StoreHandle, type StoreOptions, startStore } from '@stowage/store';
import * as Minio from 'minio';
import { E2E } from './env.js';

/** A journey's own store and console, for what the shared ones cannot show (a drive count, a lost drive). */
export interface OwnConsole {
  /** Base URL of the console, serving the same built app as `npm start`. */
  url: string;
  dataDir: string;
  store: StoreHandle;
  /** Root S3 client on this store. */
  s3: Minio.Client;
  close(): Promise<void>;
}

/** Starts a store on `drives` fresh drive folders (root = the journeys' root) and a console in front of it. */
export async function startOwnConsole(
  drives: number,
  /**
   * Extra console options (e.g. `prometheus`, `sso`); `logSearch` sets up audit log search as main.ts
   * does; `store` adds store options (e.g. a clock the journey moves, issue 19).
   */
  opts: Omit<Partial<AppOptions>, 'logSearch'> & { logSearch?: boolean; store?: Partial<StoreOptions> } = {},
): Promise<OwnConsole> {
  const { logSearch, store: storeOptions, ...extra } = opts;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `stowage-e2e-${drives}-drives-`));
  const store = await startStore({
    dataDir,
    drives,
    port: 0,
    host: '127.0.0.1',
    rootUser: E2E.rootUser,
    rootPassword: E2E.rootPassword,
    ...storeOptions,
  });
  // Audit log search as main.ts sets it up: SQLite in the data dir, the store's audit webhook pointed here.
  const token = randomBytes(16).toString('hex');
  const audit: AuditStore | null = logSearch
    ? await openAuditStore({ postgresDsn: null, sqliteFile: path.join(dataDir, '.console', 'audit.db') })
    : null;
  const app = await buildApp({
    s3Endpoint: store.url,
    sessionKey: randomBytes(32),
    sessionDurationSeconds: 3600,
    webDist: path.resolve(import.meta.dirname, '../../packages/web/dist'),
    version: STOWAGE_VERSION,
    ...extra,
    ...(audit ? { logSearch: { store: audit, token } } : {}),
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  if (audit) {
    await registerAuditWebhook({
      storeUrl: store.url,
      rootUser: E2E.rootUser,
      rootPassword: E2E.rootPassword,
      consoleUrl: url,
      token,
    });
  }
  const s3 = new Minio.Client({
    endPoint: '127.0.0.1',
    port: store.port,
    useSSL: false,
    accessKey: E2E.rootUser,
    secretKey: E2E.rootPassword,
    region: 'us-east-1',
  });
  return {
    url,
    dataDir,
    store,
    s3,
    async close() {
      await app.close();
      await store.close();
      await audit?.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
