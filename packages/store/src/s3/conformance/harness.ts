import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
 * port on 127.0.0.1, root credentials above.
 */
export async function startTestStore(drives = 4): Promise<TestStore> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'stowage-s3-'));
  const store = await startStore({
    dataDir,
    drives,
    port: 0,
    host: '127.0.0.1',
    rootUser: ROOT_USER,
    rootPassword: ROOT_PASSWORD,
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
