// SPDX-License-Identifier: Apache-2.0
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MadminClient, MadminError, type SpeedTestResult } from '@stowage/madmin';
import { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYS_DIR } from '../object-layer/drive.js';
import { type StoreHandle, startStore } from '../server.js';
import { ObjectSpeedtest, type SpeedtestTarget } from './object-speedtest.js';
import { measureTimings } from './timings.js';

const ROOT = { accessKey: 'speedtest-root', secretKey: 'speedtest-root-secret' };
const KiB = 1024;

let dir: string;
let store: StoreHandle;
let admin: MadminClient;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'stowage-speedtest-'));
  store = await startStore({
    dataDir: dir,
    drives: 4,
    port: 0,
    rootUser: ROOT.accessKey,
    rootPassword: ROOT.secretKey,
  });
  admin = new MadminClient({ endpoint: store.url, ...ROOT });
}, 60_000);

afterAll(async () => {
  await store?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function all<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const v of it) out.push(v);
  return out;
}

describe('timings', () => {
  it('measures percentiles, tails and spread of request durations', () => {
    const t = measureTimings(Array.from({ length: 100 }, (_, i) => (i + 1) * 1000));
    expect(t.min).toBe(1000);
    expect(t.max).toBe(100_000);
    expect(t.range).toBe(99_000);
    expect(t.avg).toBe(50_500);
    expect(t.p50).toBe(51_000);
    expect(t.s5p).toBe(3000);
    expect(t.l5p).toBe(98_000);
    expect(measureTimings([]).avg).toBe(0);
  });
});

describe('autotune', () => {
  it('raises the concurrency by half while GET throughput rises and reports the best step last', async () => {
    // A target whose reads get slower once more than 6 run at once: throughput stops rising there.
    let running = 0;
    const target: SpeedtestTarget = {
      put: async (_key, body) => {
        for await (const _ of body) {
          /* drain */
        }
      },
      get: async (_key, firstByte) => {
        running++;
        firstByte();
        await new Promise((r) => setTimeout(r, running > 6 ? 40 : 5));
        running--;
        return 1024;
      },
      remove: async () => {},
    };
    const test = new ObjectSpeedtest(target, {
      size: 1024,
      concurrency: 4,
      durationMs: 300,
      autotune: true,
      drives: 4,
      endpoint: 'here:1',
      version: 'v',
    });
    const results = await all(test.run(new AbortController().signal));
    const steps = results.map((r) => r.concurrent);
    expect(steps[0]).toBe(4);
    expect(steps[1]).toBe(6);
    expect(steps.length).toBeGreaterThanOrEqual(3);
    const last = results.at(-1) as SpeedTestResult;
    const best = Math.max(...results.map((r) => r.GETStats.throughputPerSec));
    expect(last.GETStats.throughputPerSec).toBe(best);
  }, 30_000);
});

describe('speedtest admin calls against the store', () => {
  it('streams PUT and GET figures and leaves no test data behind', async () => {
    const results = await all(
      admin.speedtest({ size: 256 * KiB, concurrency: 2, durationMs: 3000, autotune: false }),
    );
    expect(results.length).toBeGreaterThan(1);
    const final = results.at(-1) as SpeedTestResult;
    expect(final.size).toBe(256 * KiB);
    expect(final.concurrent).toBe(2);
    expect(final.disks).toBe(4);
    expect(final.PUTStats.throughputPerSec).toBeGreaterThan(0);
    expect(final.PUTStats.objectsPerSec).toBeGreaterThan(0);
    expect(final.GETStats.throughputPerSec).toBeGreaterThan(0);
    expect(final.GETStats.servers?.[0]?.endpoint).toBe(new URL(store.url).host);
    expect(final.GETStats.ttfb?.p50).toBeGreaterThan(0);
    // The bucket of the test is gone.
    const u = new URL(store.url);
    const s3 = new Client({ endPoint: u.hostname, port: Number(u.port), useSSL: false, ...ROOT });
    expect((await s3.listBuckets()).map((b) => b.name)).toEqual([]);
  }, 60_000);

  it('refuses a duration under a second and a size of zero', async () => {
    const err = await all(admin.speedtest({ size: 0, concurrency: 1, durationMs: 2000 })).catch((e) => e);
    expect(err).toBeInstanceOf(TypeError);
  });

  it('measures every drive with a sequential write and read, and removes the files', async () => {
    const results = await all(admin.driveSpeedtest({ blockSize: 64 * KiB, fileSize: 1024 * KiB }));
    expect(results).toHaveLength(1);
    const perf = results[0]?.drivePerf ?? [];
    expect(perf.map((p) => path.basename(p.path))).toEqual(['drive1', 'drive2', 'drive3', 'drive4']);
    for (const d of ['drive1', 'drive2', 'drive3', 'drive4']) {
      const scratch = await readdir(path.join(dir, d, SYS_DIR, 'tmp')).catch(() => []);
      expect(scratch.filter((e) => e.startsWith('speedtest-'))).toEqual([]);
    }
    for (const p of perf) {
      expect(p.error).toBeUndefined();
      expect(p.writeThroughput).toBeGreaterThan(0);
      expect(p.readThroughput).toBeGreaterThan(0);
    }
  }, 60_000);

  it('answers a user without admin:OBDInfo with AccessDenied', async () => {
    await admin.addUser('plain-user', 'plain-user-secret', 'enabled');
    await admin.setPolicy('readwrite', 'plain-user', false);
    const user = new MadminClient({
      endpoint: store.url,
      accessKey: 'plain-user',
      secretKey: 'plain-user-secret',
    });
    const err = await all(user.speedtest({ size: 1024, concurrency: 1, durationMs: 2000 })).catch((e) => e);
    expect(err).toBeInstanceOf(MadminError);
    expect((err as MadminError).code).toBe('AccessDenied');
  });
});
