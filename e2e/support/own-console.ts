import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '@stowage/console';
import { type StoreHandle, type StoreOptions, startStore } from '@stowage/store';
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
  /** More store options, e.g. a clock the journey moves (issue 19). */
  extra: Partial<StoreOptions> = {},
): Promise<OwnConsole> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `stowage-e2e-${drives}-drives-`));
  const store = await startStore({
    dataDir,
    drives,
    port: 0,
    host: '127.0.0.1',
    rootUser: E2E.rootUser,
    rootPassword: E2E.rootPassword,
    ...extra,
  });
  const app = await buildApp({
    s3Endpoint: store.url,
    sessionKey: randomBytes(32),
    sessionDurationSeconds: 3600,
    webDist: path.resolve(import.meta.dirname, '../../packages/web/dist'),
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
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
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
