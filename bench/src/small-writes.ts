// SPDX-License-Identifier: Apache-2.0
/**
 * Issue 16's small-write goal, on its own (the `s3-throughput` phase measures it too, among large
 * objects and listings): 4 KiB PUT and GET ops/s at 16 concurrent clients for the store, s3rver and the
 * raw one-fsync-per-write ceiling (loopback HTTP + a file write and fdatasync, no S3 logic), and the
 * single-client latency (median and p99 of one request at a time) of each.
 *
 * BENCH_STOWAGE_BASELINE names another build's store entry (e.g. a copy of packages/store/dist from
 * before a change, with a `{"type":"module"}` package.json next to it): it is measured as a fourth
 * target in the same run, so a change's effect is a ratio within one run of this shared machine.
 *
 * The server CPU per operation (all its threads, from /proc) is printed too: on a machine shared with
 * other work, throughput swings with the load while the CPU an operation costs stays put. So is the main
 * thread's share of a PUT's (from /proc/<pid>/task/<pid>/stat): a Node server's rate is bound by it.
 *
 * Best of ROUNDS rounds per figure; the targets take turns within each round (in reverse order every
 * other round) and are warmed up first.
 */
import { randomBytes } from 'node:crypto';
import { expectOk, inParallel } from './s3-throughput.js';
import { BenchClient } from './support/client.js';
import { startTarget, type Target, type TargetKind } from './support/target.js';

const OPS = Number(process.env.BENCH_SMALL_OPS ?? 2000);
const LATENCY_OPS = Number(process.env.BENCH_LATENCY_OPS ?? 300);
// inParallel (shared with s3-throughput) runs 16 clients.
const ROUNDS = 3;

const creds: Record<TargetKind, [string, string]> = {
  stowage: ['benchadmin', 'benchadmin-secret'],
  s3rver: ['S3RVER', 'S3RVER'],
  raw: ['raw', 'raw'],
};

interface Figures {
  putOps: number;
  getOps: number;
  /** Single-client latencies in ms (best round's median and p99). */
  putP50: number;
  putP99: number;
  getP50: number;
  getP99: number;
  /** Server CPU (all threads, user + system) per operation at 16 clients, µs (best round). */
  putCpuUs: number;
  getCpuUs: number;
  /** The server's main thread's share of putCpuUs (same round): what bounds a Node server's rate. */
  putMainCpuUs: number;
}

interface Running {
  name: string;
  target: Target;
  client: BenchClient;
  f: Figures;
}

async function ok(r: Promise<{ status: number; body: Buffer | null }>, what: string): Promise<void> {
  await expectOk(r, what);
}

function seconds(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e9;
}

/** One request at a time: the median and 99th percentile latency in ms. */
async function latencies(count: number, one: (i: number) => Promise<void>): Promise<[number, number]> {
  const ms: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = process.hrtime.bigint();
    await one(i);
    ms.push(seconds(start) * 1000);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number): number => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] as number;
  return [at(0.5), at(0.99)];
}

async function measure(r: Running, round: number, small: Buffer): Promise<void> {
  const { client, target, f } = r;
  const put = (key: string): Promise<void> => ok(client.request('PUT', `/bench/${key}`, small), 'PUT 4KiB');
  const get = async (key: string): Promise<void> => {
    const res = await client.request('GET', `/bench/${key}`, undefined, undefined, true);
    if (res.status !== 200 || res.bytes !== small.length) throw new Error(`GET 4KiB: ${res.status}`);
  };
  // Every round writes new keys (the common case: a new object, new folders).
  const cpuUs = async (cpu0: number): Promise<number> => (((await target.cpuSeconds()) - cpu0) * 1e6) / OPS;
  let cpu0 = await target.cpuSeconds();
  const main0 = await target.mainCpuSeconds();
  let start = process.hrtime.bigint();
  await inParallel(OPS, (i) => put(`c/${round}/${i}`));
  f.putOps = Math.max(f.putOps, OPS / seconds(start));
  const putCpu = await cpuUs(cpu0);
  if (putCpu < f.putCpuUs) {
    f.putCpuUs = putCpu;
    f.putMainCpuUs = (((await target.mainCpuSeconds()) - main0) * 1e6) / OPS;
  }
  cpu0 = await target.cpuSeconds();
  start = process.hrtime.bigint();
  await inParallel(OPS, (i) => get(`c/${round}/${i}`));
  f.getOps = Math.max(f.getOps, OPS / seconds(start));
  f.getCpuUs = Math.min(f.getCpuUs, await cpuUs(cpu0));
  const [p50, p99] = await latencies(LATENCY_OPS, (i) => put(`one/${round}/${i}`));
  if (f.putP50 === 0 || p50 < f.putP50) [f.putP50, f.putP99] = [p50, p99];
  const [g50, g99] = await latencies(LATENCY_OPS, (i) => get(`one/${round}/${i}`));
  if (f.getP50 === 0 || g50 < f.getP50) [f.getP50, f.getP99] = [g50, g99];
}

export async function runSmallWrites(): Promise<void> {
  console.log(
    `\n## Small writes (${OPS} × 4 KiB at 16 clients, ${LATENCY_OPS} one at a time; best of ${ROUNDS})`,
  );
  const small = randomBytes(4096);
  const kinds = (process.env.BENCH_TARGETS ?? 'raw,stowage,s3rver').split(',') as TargetKind[];
  const baseline = process.env.BENCH_STOWAGE_BASELINE;
  const running: Running[] = [];
  try {
    const plan: [string, TargetKind, Record<string, string> | undefined][] = kinds.map((k) => [
      k,
      k,
      undefined,
    ]);
    if (baseline) plan.push(['baseline', 'stowage', { BENCH_STOWAGE_ENTRY: baseline }]);
    for (const [name, kind, env] of plan) {
      const target = await startTarget(kind, env);
      const client = new BenchClient(target.url, ...creds[kind]);
      running.push({
        name,
        target,
        client,
        f: {
          putOps: 0,
          getOps: 0,
          putP50: 0,
          putP99: 0,
          getP50: 0,
          getP99: 0,
          putCpuUs: Number.POSITIVE_INFINITY,
          getCpuUs: Number.POSITIVE_INFINITY,
          putMainCpuUs: 0,
        },
      });
      await ok(client.request('PUT', '/bench'), 'CreateBucket');
      await inParallel(500, (i) => ok(client.request('PUT', `/bench/warm/${i}`, small), 'PUT warm-up'));
      await inParallel(500, (i) => ok(client.request('GET', `/bench/warm/${i}`), 'GET warm-up'));
    }
    for (let round = 0; round < ROUNDS; round++) {
      // The order is reversed every other round: a target measured right after another one's fsync-heavy
      // phases pays for its disk writeback (the store measured after the raw ceiling cost ~20% more CPU
      // per PUT than the same build measured after s3rver).
      for (const r of round % 2 ? [...running].reverse() : running) await measure(r, round, small);
      process.stderr.write(`  … round ${round + 1}\n`);
    }
  } finally {
    for (const { client, target } of running) {
      client.close();
      await target.stop();
    }
  }
  const by = new Map(running.map((r) => [r.name, r.f]));
  for (const [name, f] of by) console.log(`measured ${name}: ${JSON.stringify(f)}`);
  const s = by.get('stowage');
  const p = by.get('s3rver');
  const raw = by.get('raw');
  const base = by.get('baseline');
  const x = (a: number | undefined, b: number | undefined): string =>
    a === undefined || b === undefined || b === 0 ? 'n/a' : `${(a / b).toFixed(2)}×`;
  const n = (v: number | undefined, digits: number): string => (v === undefined ? 'n/a' : v.toFixed(digits));
  const verdict = (met: boolean | undefined): string =>
    met === undefined ? '' : met ? ': meets goal' : ': BELOW GOAL';
  const rows: [string, keyof Figures, number, string][] = [
    ['4 KiB PUT ops/s (16 clients)', 'putOps', 0, 'goal ≥ 2× s3rver and > raw'],
    ['4 KiB GET ops/s (16 clients)', 'getOps', 0, 'goal ≥ 2× s3rver'],
    ['server CPU µs per PUT', 'putCpuUs', 0, 'lower is better; steadier than ops/s on a busy machine'],
    ['  of which main thread', 'putMainCpuUs', 0, 'bounds the PUT rate'],
    ['server CPU µs per GET', 'getCpuUs', 0, ''],
    ['PUT latency p50 ms (1 client)', 'putP50', 2, 'goal: not worse than before'],
    ['PUT latency p99 ms (1 client)', 'putP99', 2, ''],
    ['GET latency p50 ms (1 client)', 'getP50', 2, 'goal: not worse than before'],
    ['GET latency p99 ms (1 client)', 'getP99', 2, ''],
  ];
  console.log(
    '| figure | stowage | s3rver | raw ceiling | baseline | stowage / s3rver | stowage / raw | stowage / baseline | goal |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const [label, k, digits, goal] of rows) {
    const [a, b, c, d] = [s?.[k], p?.[k], raw?.[k], base?.[k]];
    let vsPeer = x(a, b);
    let vsRaw = x(a, c);
    if (k === 'putOps' || k === 'getOps') {
      vsPeer += verdict(a !== undefined && b !== undefined && b > 0 ? a >= 2 * b : undefined);
      if (k === 'putOps') vsRaw += verdict(a !== undefined && c !== undefined && c > 0 ? a > c : undefined);
    }
    console.log(
      `| ${label} | ${n(a, digits)} | ${n(b, digits)} | ${n(c, digits)} | ${n(d, digits)} | ${vsPeer} | ${vsRaw} | ${x(a, d)} | ${goal} |`,
    );
  }
}
