// SPDX-License-Identifier: Apache-2.0
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'minio';
import { ManualClock } from '../../core/clock.js';
import { storedBytes } from '../../object-layer/test-support/catalog-rows.js';
import { type StoreHandle, startStore } from '../../server.js';

/**
 * Stores for lifecycle and tier tests: 4 drives in a fresh folder, a clock the test moves, and the
 * scanner at its `fastest` speed (a cycle a second), so rules apply within a second of a clock move.
 */
export interface ClockedStore {
  store: StoreHandle;
  dataDir: string;
  clock: ManualClock;
  /** Root client (minio SDK). */
  s3: Client;
  stop(): Promise<void>;
}

export async function startClockedStore(
  rootUser: string,
  rootPassword: string,
  clocked = true,
  env: Record<string, string> = {},
): Promise<ClockedStore> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'stowage-ilm-'));
  const clock = new ManualClock();
  const store = await startStore({
    dataDir,
    drives: 4,
    port: 0,
    host: '127.0.0.1',
    rootUser,
    rootPassword,
    ...(clocked ? { clock, env: { MINIO_SCANNER_SPEED: 'fastest', ...env } } : {}),
  });
  const s3 = new Client({
    endPoint: '127.0.0.1',
    port: store.port,
    useSSL: false,
    accessKey: rootUser,
    secretKey: rootPassword,
    region: 'us-east-1',
  });
  return {
    store,
    dataDir,
    clock,
    s3,
    async stop() {
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Polls `check` every 100 ms for up to 45 s (a scanner cycle a second, but a loaded CI machine can stretch
 * that many times over); throws naming `what` when it never holds.
 */
export async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 450; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Timed out waiting for: ${what}`);
}

export async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of stream) parts.push(c as Buffer);
  return Buffer.concat(parts);
}

/** Bytes an object takes on every drive of a store (its catalog rows and shard files). */
export async function localBytes(dataDir: string, bucket: string, key: string): Promise<number> {
  let total = 0;
  for (let d = 1; d <= 4; d++) total += await storedBytes(path.join(dataDir, `drive${d}`), bucket, key);
  return total;
}
