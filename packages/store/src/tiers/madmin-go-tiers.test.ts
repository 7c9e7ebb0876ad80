// SPDX-License-Identifier: Apache-2.0
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The Go build helper of the madmin package (fails with the apt command to run when go or Debian's
// madmin-go sources are missing).
import { buildGoProgram, type GoProgram } from '../../../madmin/src/testing/go-program.js';
import { type StoreHandle, startStore } from '../server.js';

// MinIO's Go SDKs (Debian's madmin-go and minio-go) against the tier API and bucket lifecycle:
// conformance/go/src/madmin-calls run with `tiers` (tiers.go); a second store is the tier's remote.

const ROOT = { accessKey: 'go-tier-root', secretKey: 'go-tier-secret-1' };
const dirs: string[] = [];
const stores: StoreHandle[] = [];
let program: GoProgram;

async function start(env: Record<string, string> = {}): Promise<StoreHandle> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'stowage-go-tier-'));
  dirs.push(dataDir);
  const s = await startStore({
    dataDir,
    drives: 4,
    port: 0,
    rootUser: ROOT.accessKey,
    rootPassword: ROOT.secretKey,
    env,
  });
  stores.push(s);
  return s;
}

beforeAll(async () => {
  program = await buildGoProgram('madmin-calls');
}, 300_000);

afterAll(async () => {
  for (const s of stores) await s.close();
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

describe('madmin-go and minio-go against tiers and lifecycle', () => {
  it('add (name rule, credentials, bucket), list redacted, verify, edit, stats, in-use removal, lifecycle XML, scanner metrics', async () => {
    const remote = await start();
    const local = await start({ MINIO_SCANNER_SPEED: 'fastest' });
    const remoteS3 = new Client({
      endPoint: '127.0.0.1',
      port: remote.port,
      useSSL: false,
      accessKey: ROOT.accessKey,
      secretKey: ROOT.secretKey,
    });
    await remoteS3.makeBucket('go-remote');
    const host = new URL(local.url).host;
    let out: string;
    try {
      const args = [host, ROOT.accessKey, ROOT.secretKey, 'tiers', remote.url, 'go-remote'];
      out = (await program.run(args, '')).toString('utf8');
    } catch (err) {
      throw new Error(`madmin-calls tiers failed:\n${(err as Error).message}`);
    }
    expect(out).not.toContain('FAIL');
    expect(Number(/^OK (\d+) steps$/m.exec(out)?.[1])).toBeGreaterThanOrEqual(29);
  }, 120_000);
});
