// SPDX-License-Identifier: Apache-2.0
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The Go build helper of the madmin package (fails with the apt command to run when go or Debian's
// madmin-go sources are missing).
import { buildGoProgram, type GoProgram } from '../../../madmin/src/testing/go-program.js';
import { ALL_SETS } from '../config/sets/index.js';
import { testHookSet } from '../config/testing/test-sets.js';
import { type StoreHandle, startStore } from '../server.js';

// MinIO's Go SDK (madmin-go) against the store's configuration API: conformance/go/src/madmin-calls
// run with `config` (config.go).
const ROOT = { accessKey: 'go-config-root', secretKey: 'go-config-secret-1' };

let dir: string;
let store: StoreHandle;
let program: GoProgram;

beforeAll(async () => {
  program = await buildGoProgram('madmin-calls');
  dir = await mkdtemp(path.join(tmpdir(), 'stowage-madmin-go-config-'));
  store = await startStore({
    dataDir: dir,
    drives: 4,
    port: 0,
    rootUser: ROOT.accessKey,
    rootPassword: ROOT.secretKey,
    env: {
      MINIO_REGION_COMMENT: 'from-env',
      MINIO_TEST_HOOK_ENDPOINT_gotarget: 'http://127.0.0.1:9/env',
    },
    configSets: [...ALL_SETS, testHookSet],
  });
}, 300_000);

afterAll(async () => {
  await store?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('madmin-go against the configuration API', () => {
  it('help, get/set/del, environment overrides, export/import, history and restart', async () => {
    const host = new URL(store.url).host;
    let out: string;
    try {
      out = (await program.run([host, ROOT.accessKey, ROOT.secretKey, 'config'], '')).toString('utf8');
    } catch (err) {
      throw new Error(`madmin-calls config failed:\n${(err as Error).message}`);
    }
    expect(out).not.toContain('FAIL');
    expect(out).toMatch(/^OK \d+ steps$/m);
    expect(Number(/^OK (\d+) steps$/m.exec(out)?.[1])).toBeGreaterThan(50);
  }, 120_000);
});
