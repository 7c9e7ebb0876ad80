// SPDX-License-Identifier: Apache-2.0
/**
 * Issue 32's benchmark: PUT and GET of small (4 KiB, many clients at once) and large objects against a
 * store of two server pools (4 + 4 drive folders) next to the same store with one pool (4 drive folders,
 * the plain erasure layer), measured in this run with the same client and reported as two pools ÷ one
 * (the goal: within 10%, ≥ 0.9×). A third store, one pool of 8 drive folders, has as many drives as the
 * two pools: two pools ÷ that one is the pools layer's own cost (more drives batch fewer writes per
 * flush, which costs small PUTs whatever the layout). The stores take turns within each round so a slow
 * spell of the machine hits all alike; the best round of each counts.
 */
import { randomBytes } from 'node:crypto';
import { BenchClient, randomStream } from './support/client.js';
import { startTarget, type Target } from './support/target.js';

const MiB = 1024 * 1024;
const SMALL = 4096;
const SMALL_COUNT = Number(process.env.BENCH_POOLS_SMALL ?? 600);
const CLIENTS = 16;
const LARGE = Number(process.env.BENCH_POOLS_MIB ?? 64) * MiB;
const ROUNDS = 3;

type Figures = { smallPut: number; smallGet: number; largePut: number; largeGet: number };

function seconds(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e9;
}

async function parallel(count: number, fn: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < count) await fn(next++);
    }),
  );
}

/** One round against one store: ops/s of small PUT and GET, MiB/s of large PUT and GET. */
async function round(client: BenchClient, n: number): Promise<Figures> {
  const small = randomBytes(SMALL);
  const check = (what: string, status: number): void => {
    if (status !== 200) throw new Error(`${what} answered ${status}`);
  };
  let start = process.hrtime.bigint();
  await parallel(SMALL_COUNT, async (i) =>
    check('small PUT', (await client.request('PUT', `/bench/r${n}/s${i}`, small)).status),
  );
  const smallPut = SMALL_COUNT / seconds(start);
  start = process.hrtime.bigint();
  await parallel(SMALL_COUNT, async (i) =>
    check(
      'small GET',
      (await client.request('GET', `/bench/r${n}/s${i}`, undefined, undefined, true)).status,
    ),
  );
  const smallGet = SMALL_COUNT / seconds(start);
  const block = randomBytes(MiB);
  start = process.hrtime.bigint();
  check(
    'large PUT',
    (await client.request('PUT', `/bench/r${n}/large`, randomStream(LARGE, block), LARGE)).status,
  );
  const largePut = LARGE / MiB / seconds(start);
  start = process.hrtime.bigint();
  const got = await client.request('GET', `/bench/r${n}/large`, undefined, undefined, true);
  check('large GET', got.status);
  if (got.bytes !== LARGE) throw new Error(`large GET returned ${got.bytes} bytes`);
  const largeGet = LARGE / MiB / seconds(start);
  return { smallPut, smallGet, largePut, largeGet };
}

export async function runPools(): Promise<void> {
  const names = ['one', 'wide', 'two'] as const;
  type Name = (typeof names)[number];
  const targets: Record<Name, Target> = {
    one: await startTarget('stowage', { BENCH_STOWAGE_POOLS: '1' }),
    wide: await startTarget('stowage', { BENCH_STOWAGE_POOLS: '1', BENCH_STOWAGE_DRIVES: '8' }),
    two: await startTarget('stowage', { BENCH_STOWAGE_POOLS: '2' }),
  };
  const clients = Object.fromEntries(
    names.map((t) => [t, new BenchClient(targets[t].url, 'benchadmin', 'benchadmin-secret')]),
  ) as Record<Name, BenchClient>;
  try {
    const zero = (): Figures => ({ smallPut: 0, smallGet: 0, largePut: 0, largeGet: 0 });
    const best: Record<Name, Figures> = { one: zero(), wide: zero(), two: zero() };
    for (const t of names) {
      const r = await clients[t].request('PUT', '/bench');
      if (r.status !== 200) throw new Error(`create bucket: ${r.status}`);
    }
    for (let n = 0; n < ROUNDS; n++) {
      for (const t of names) {
        const f = await round(clients[t], n);
        for (const k of Object.keys(f) as (keyof Figures)[]) best[t][k] = Math.max(best[t][k], f[k]);
      }
      process.stderr.write(`  … round ${n + 1} of ${ROUNDS}\n`);
    }
    const row = (what: string, k: keyof Figures, unit: string): string =>
      `| ${what} | ${best.one[k].toFixed(0)} ${unit} | ${best.wide[k].toFixed(0)} ${unit} | ${best.two[k].toFixed(0)} ${unit} | ${(best.two[k] / best.one[k]).toFixed(2)}× | ≥ 0.9× | ${(best.two[k] / best.wide[k]).toFixed(2)}× |`;
    console.log(
      `\n### Server pools (${SMALL_COUNT} × 4 KiB with ${CLIENTS} clients, ${LARGE / MiB} MiB objects; best of ${ROUNDS})\n`,
    );
    console.log(
      '| operation | one pool (4 drives) | one pool (8 drives) | two pools (4 + 4 drives) | two ÷ one (4) | goal | two ÷ one (8) |',
    );
    console.log('|---|---|---|---|---|---|---|');
    console.log(row('small PUT', 'smallPut', 'ops/s'));
    console.log(row('small GET', 'smallGet', 'ops/s'));
    console.log(row('large PUT', 'largePut', 'MiB/s'));
    console.log(row('large GET', 'largeGet', 'MiB/s'));
  } finally {
    for (const t of names) {
      clients[t].close();
      await targets[t].stop();
    }
  }
}
