// SPDX-License-Identifier: Apache-2.0
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGoProgram, type GoProgram } from '../../../madmin/src/testing/go-program.js';
import { type StoreHandle, startStore } from '../server.js';

// madmin-go's own Speedtest, DriveSpeedtest, Inspect, the idp-config calls and Profile against the store
// (issue 38).
const ROOT = { accessKey: 'go-support-root', secretKey: 'go-support-secret' };
const BIG = randomBytes(2 * 1024 * 1024 + 7);

let dir: string;
let store: StoreHandle;
let program: GoProgram;
let s3: Client;

async function run(...args: string[]): Promise<string> {
  const host = new URL(store.url).host;
  try {
    return (await program.run([host, ROOT.accessKey, ROOT.secretKey, ...args], '')).toString('utf8');
  } catch (err) {
    throw new Error(`madmin-support ${args[0]} failed:\n${(err as Error).message}`);
  }
}

beforeAll(async () => {
  program = await buildGoProgram('madmin-support');
  dir = await mkdtemp(path.join(tmpdir(), 'stowage-madmin-support-'));
  store = await startStore({
    dataDir: dir,
    drives: 4,
    port: 0,
    rootUser: ROOT.accessKey,
    rootPassword: ROOT.secretKey,
  });
  const u = new URL(store.url);
  s3 = new Client({ endPoint: u.hostname, port: Number(u.port), useSSL: false, ...ROOT });
  await s3.makeBucket('case');
  await s3.putObject('case', 'big.bin', BIG);
}, 300_000);

afterAll(async () => {
  await store?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('madmin-go support calls against the store', () => {
  it('Speedtest: the stream decodes into SpeedTestResult with PUT and GET figures', async () => {
    const result = JSON.parse(await run('speedtest', String(128 * 1024), '2', '2')) as {
      version: string;
      size: number;
      concurrent: number;
      disks: number;
      PUTStats: { throughputPerSec: number; servers: { endpoint: string }[] };
      GETStats: { throughputPerSec: number; responseTime: { p50: number } };
    };
    expect(result.size).toBe(128 * 1024);
    expect(result.concurrent).toBe(2);
    expect(result.disks).toBe(4);
    expect(result.PUTStats.throughputPerSec).toBeGreaterThan(0);
    expect(result.GETStats.throughputPerSec).toBeGreaterThan(0);
    expect(result.GETStats.responseTime.p50).toBeGreaterThan(0);
    expect(result.PUTStats.servers[0]?.endpoint).toBe(new URL(store.url).host);
    expect((await s3.listBuckets()).map((b) => b.name)).toEqual(['case']);
  }, 120_000);

  it('DriveSpeedtest: one result with every drive', async () => {
    const result = JSON.parse(await run('drive', String(64 * 1024), String(512 * 1024))) as {
      endpoint: string;
      drivePerf: { path: string; writeThroughput: number; readThroughput: number }[];
    };
    expect(result.drivePerf).toHaveLength(4);
    for (const d of result.drivePerf) expect(d.writeThroughput).toBeGreaterThan(0);
  }, 120_000);

  it("Inspect: sio-go opens the answer with its key and Go's zip reader reads every drive's files", async () => {
    const lines = (await run('inspect', 'case', 'big.bin')).trim().split('\n');
    const files = new Map(
      lines.map((l) => l.split(' ')).map(([name, size]) => [name as string, Number(size)]),
    );
    expect(files.has('inspect-input.txt')).toBe(true);
    expect([...files.keys()].filter((n) => n.endsWith('/case/big.bin/catalog-row.json'))).toHaveLength(4);
    const shards = [...files.entries()].filter(([n]) => /\/part\.1$/.test(n));
    expect(shards).toHaveLength(4);
    // Two data shards of a 2+2 set: their payload is half the object, plus a checksum per block.
    for (const [, size] of shards) expect(size).toBeGreaterThan(BIG.length / 2);
  }, 120_000);

  it('AddOrUpdateIDPConfig, ListIDPConfig, GetIDPConfig, DeleteIDPConfig: OpenID by name, LDAP as _', async () => {
    const out = await run('idp');
    expect(out).not.toContain('FAIL');
    expect(out).toMatch(/^OK 12 steps$/m);
  }, 120_000);

  it("Profile: Go's zip reader finds a CPU profile and a heap profile DevTools can open", async () => {
    const host = new URL(store.url).host;
    const lines = (await run('profile', 'cpu,mem', '1500ms')).trim().split('\n');
    const files = new Map(lines.map((l) => l.split(' ')).map(([name, , keys]) => [name as string, keys]));
    // V8's Profiler.Profile and SamplingHeapProfile, as `.cpuprofile` / `.heapprofile` files hold them.
    expect(files.get(`profile-${host}-cpu.cpuprofile`)).toBe('endTime,nodes,samples,startTime,timeDeltas');
    expect(files.get(`profile-${host}-mem.heapprofile`)).toBe('head,samples');
    expect(files.size).toBe(2);
    expect(await run('profile', 'block', '1s')).toBe('ERROR XMinioAdminProfilerNotEnabled\n');
  }, 120_000);

  it('StartProfiling and DownloadProfilingData: an unknown type is reported, the rest is downloaded once', async () => {
    const host = new URL(store.url).host;
    const lines = (await run('profiling', 'cpu,goroutines')).trim().split('\n');
    expect(lines[0]).toBe(`START ${host} false unsupported profiler type 'goroutines'`);
    expect(lines[1]).toMatch(
      new RegExp(`^profile-${host.replace(/\./g, '\\.')}-cpu\\.cpuprofile \\d+ endTime,nodes,`),
    );
    expect(lines.at(-1)).toBe('AGAIN XMinioAdminProfilerNotEnabled');
    expect(lines).toHaveLength(3);
  }, 120_000);
});
