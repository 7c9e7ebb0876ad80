// SPDX-License-Identifier: Apache-2.0
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MadminClient } from '@stowage/madmin';
import { Client } from 'minio';
import { expect } from 'vitest';
import { type StoreHandle, startStore } from '../../server.js';

export const ROOT_USER = 'conformance-root';
export const ROOT_PASSWORD = 'conformance-secret-key-123';

export interface TestStore {
  store: StoreHandle;
  dataDir: string;
  /** `127.0.0.1` */
  host: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * Starts a real store for conformance tests: 4 erasure-coded drives in a fresh temp folder, random
 * port on 127.0.0.1, root credentials above. `pools` (drive counts) serves server pools instead, each
 * its own erasure set (`pool1/d1…`, `pool2/d1…`): one namespace, as `stowage server` runs them.
 */
export async function startTestStore(
  drives = 4,
  extra: { env?: Record<string, string>; tls?: { cert: Buffer; key: Buffer }; pools?: number[] } = {},
): Promise<TestStore> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'stowage-s3-'));
  const { pools, ...options } = extra;
  const store = await startStore({
    dataDir,
    drives,
    port: 0,
    host: '127.0.0.1',
    rootUser: ROOT_USER,
    rootPassword: ROOT_PASSWORD,
    ...options,
    ...(pools
      ? {
          pools: pools.map((n, p) => ({
            drives: Array.from({ length: n }, (_, d) => ({
              path: path.join(dataDir, `pool${p + 1}`, `d${d + 1}`),
            })),
          })),
        }
      : {}),
  });
  return {
    store,
    dataDir,
    host: '127.0.0.1',
    port: store.port,
    async stop() {
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Two server pools of 4 drives: the layout the awscli, s3cmd, boto3 and minio-go suites also run on. */
export const TWO_POOLS = [4, 4];

/** Root clients on a test store: S3 (the minio npm SDK) and the admin API (madmin). */
export function rootClients(t: TestStore): { s3: Client; admin: MadminClient } {
  return {
    s3: new Client({
      endPoint: t.host,
      port: t.port,
      useSSL: false,
      accessKey: ROOT_USER,
      secretKey: ROOT_PASSWORD,
      region: 'us-east-1',
    }),
    admin: new MadminClient({ endpoint: t.store.url, accessKey: ROOT_USER, secretKey: ROOT_PASSWORD }),
  };
}

/** Polls `check` every 25 ms for up to 5 s; the test fails if it never holds (live streams arrive async). */
export async function eventually(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
  expect(check()).toBe(true);
}
