// SPDX-License-Identifier: Apache-2.0
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The Go build helper of the madmin package (checks for go + Debian's madmin-go/minio-go sources and
// fails with the apt command to run when they are missing).
import { buildGoProgram, type GoProgram } from '../../../madmin/src/testing/go-program.js';
import type { PoolSpec } from '../core/options.js';
import { type StoreHandle, startStore } from '../server.js';

// madmin-go's pool calls (ListPoolsStatus, StatusPool, DecommissionPool, CancelDecommissionPool)
// against a store of two pools: conformance/go/src/madmin-pools drains the first pool, which holds
// objects written while it was the only one; they must all be readable afterwards.

const ROOT = { accessKey: 'go-pools-root', secretKey: 'go-pools-secret' };
const KEYS = 150;

let dir: string;
let store: StoreHandle | undefined;
let program: GoProgram;

function poolSpec(name: string, n: number): PoolSpec & { cmdline: string } {
  return {
    drives: Array.from({ length: n }, (_, i) => ({ path: path.join(dir, name, `d${i + 1}`) })),
    cmdline: `${path.join(dir, name)}/d{1...${n}}`,
  };
}

async function start(pools: PoolSpec[]): Promise<S3Client> {
  store = await startStore({
    dataDir: path.join(dir, 'node'),
    drives: 0,
    pools,
    port: 0,
    rootUser: ROOT.accessKey,
    rootPassword: ROOT.secretKey,
  });
  return new S3Client({
    endpoint: store.url,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ROOT.accessKey, secretAccessKey: ROOT.secretKey },
  });
}

beforeAll(async () => {
  program = await buildGoProgram('madmin-pools');
  dir = await mkdtemp(path.join(tmpdir(), 'stowage-madmin-go-pools-'));
}, 300_000);

afterAll(async () => {
  await store?.close();
  await program?.dispose();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('madmin-go pool calls against a two-pool store', () => {
  it('lists, reports, decommissions and cancels with the Go SDK', async () => {
    const p1 = poolSpec('p1', 4);
    const p2 = poolSpec('p2', 2);
    let s3 = await start([p1]);
    await s3.send(new CreateBucketCommand({ Bucket: 'go-pools' }));
    for (let i = 0; i < KEYS; i++) {
      await s3.send(new PutObjectCommand({ Bucket: 'go-pools', Key: `obj-${i}`, Body: `body ${i}` }));
    }
    await store?.close();
    s3 = await start([p1, p2]);
    const host = new URL((store as StoreHandle).url).host;
    let out: string;
    try {
      out = (
        await program.run([host, ROOT.accessKey, ROOT.secretKey, p1.cmdline, p2.cmdline], '')
      ).toString();
    } catch (err) {
      throw new Error(`madmin-pools failed:\n${(err as Error).message}`);
    }
    expect(out).not.toContain('FAIL');
    expect(out).toMatch(/^OK \d+ steps$/m);
    const status = JSON.parse(out.split('\n')[0] as string) as {
      id: number;
      cmdline: string;
      decommissionInfo: { complete: boolean; canceled: boolean; failed: boolean };
    };
    expect(status).toMatchObject({ id: 0, cmdline: p1.cmdline });
    expect(status.decommissionInfo).toMatchObject({ complete: true, failed: false });
    await store?.close();
    // The drained pool is left out: every object is still there.
    s3 = await start([p2]);
    for (let i = 0; i < KEYS; i += 7) {
      const got = await s3.send(new GetObjectCommand({ Bucket: 'go-pools', Key: `obj-${i}` }));
      expect(await got.Body?.transformToString()).toBe(`body ${i}`);
    }
  }, 300_000);
});
