// SPDX-License-Identifier: Apache-2.0
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The Go build helper of the madmin package (checks for go + Debian's madmin-go/minio-go sources and
// fails with the apt command to run when they are missing).
import { buildGoProgram, type GoProgram } from '../../../madmin/src/testing/go-program.js';
import { type StoreHandle, startStore } from '../server.js';

const ROOT = { accessKey: 'go-conformance-root', secretKey: 'go-conformance-secret' };

let dir: string;
let store: StoreHandle;
let program: GoProgram;

beforeAll(async () => {
  program = await buildGoProgram('madmin-calls');
  dir = await mkdtemp(path.join(tmpdir(), 'stowage-madmin-go-'));
  store = await startStore({
    dataDir: dir,
    drives: 4,
    port: 0,
    rootUser: ROOT.accessKey,
    rootPassword: ROOT.secretKey,
  });
}, 300_000);

afterAll(async () => {
  await store?.close();
  await program?.dispose();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('madmin-go and minio-go against the store', () => {
  it('every admin call, STS, quota, and a restricted user refused what their policy does not allow', async () => {
    const host = new URL(store.url).host;
    let out: string;
    try {
      out = (await program.run([host, ROOT.accessKey, ROOT.secretKey], '')).toString('utf8');
    } catch (err) {
      // The program prints "FAIL <step>: <reason>" on stdout before exiting 1; surface it.
      throw new Error(`madmin-calls failed:\n${(err as Error).message}`);
    }
    expect(out).not.toContain('FAIL');
    expect(out).toMatch(/^OK \d+ steps$/m);
    const steps = Number(/^OK (\d+) steps$/m.exec(out)?.[1]);
    expect(steps).toBeGreaterThan(80);
  }, 120_000);
});
