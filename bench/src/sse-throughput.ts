// SPDX-License-Identifier: Apache-2.0
/**
 * Issue 18's benchmark: large-object PUT and GET throughput into a bucket with default encryption
 * (SSE-S3: 64 KiB AES-256-GCM packages) against a plain bucket of the same store, measured in this run
 * with the same client, reported as encrypted ÷ plain (the goal: ≥ 0.8×). On a machine other work keeps
 * busy the wall-clock ratio swings from run to run; the store's CPU time per MiB (all its threads, the
 * encryption workers included; median of the rounds) is printed beside it as the steadier cost, and
 * the main thread's share of it (the decryption and encryption run on worker threads: the difference
 * between the buckets' main-thread figures is the hand-off: gathering packages into batches and posting
 * them; the rest of the difference is the workers' AES-GCM).
 */
import { randomBytes } from 'node:crypto';
import { BenchClient, randomStream } from './support/client.js';
import { startTarget } from './support/target.js';

const MiB = 1024 * 1024;
const LARGE = Number(process.env.BENCH_SSE_MIB ?? 256) * MiB;
const ROUNDS = 3;

function seconds(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e9;
}

const SSE_S3 =
  '<ServerSideEncryptionConfiguration><Rule><ApplyServerSideEncryptionByDefault><SSEAlgorithm>AES256</SSEAlgorithm></ApplyServerSideEncryptionByDefault></Rule></ServerSideEncryptionConfiguration>';

export async function runSseThroughput(): Promise<void> {
  const target = await startTarget('stowage');
  try {
    const client = new BenchClient(target.url, 'benchadmin', 'benchadmin-secret');
    for (const [method, path, body] of [
      ['PUT', '/plain', undefined],
      ['PUT', '/sealed', undefined],
      ['PUT', '/sealed?encryption', Buffer.from(SSE_S3)],
    ] as const) {
      const r = await client.request(method, path, body);
      if (r.status >= 300) throw new Error(`${method} ${path} answered ${r.status}`);
    }
    const block = randomBytes(MiB);
    const best = { plain: { put: 0, get: 0 }, sealed: { put: 0, get: 0 } };
    const phases = () => ({
      plain: { put: [] as number[], get: [] as number[] },
      sealed: { put: [] as number[], get: [] as number[] },
    });
    const cpu = phases();
    const mainCpu = phases();
    const msPerMiB = (seconds: number): number => (seconds * 1000) / (LARGE / MiB);
    const cpuNow = async (): Promise<[number, number]> => [
      await target.cpuSeconds(),
      await target.mainCpuSeconds(),
    ];
    const record = async (
      bucket: 'plain' | 'sealed',
      what: 'put' | 'get',
      [all0, main0]: [number, number],
    ) => {
      const [all, main] = await cpuNow();
      cpu[bucket][what].push(msPerMiB(all - all0));
      mainCpu[bucket][what].push(msPerMiB(main - main0));
    };
    // The buckets take turns within each round, so a slow spell of the machine hits both alike.
    for (let round = 0; round < ROUNDS; round++) {
      for (const bucket of ['plain', 'sealed'] as const) {
        let cpu0 = await cpuNow();
        let start = process.hrtime.bigint();
        const put = await client.request('PUT', `/${bucket}/large.bin`, randomStream(LARGE, block), LARGE);
        if (put.status !== 200) throw new Error(`PUT ${bucket}: ${put.status}`);
        best[bucket].put = Math.max(best[bucket].put, LARGE / MiB / seconds(start));
        await record(bucket, 'put', cpu0);
        cpu0 = await cpuNow();
        start = process.hrtime.bigint();
        const get = await client.request('GET', `/${bucket}/large.bin`, undefined, undefined, true);
        if (get.status !== 200 || get.bytes !== LARGE) throw new Error(`GET ${bucket}: ${get.status}`);
        best[bucket].get = Math.max(best[bucket].get, LARGE / MiB / seconds(start));
        await record(bucket, 'get', cpu0);
      }
      process.stderr.write(`  … round ${round + 1} of ${ROUNDS}\n`);
    }
    const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const row = (what: 'put' | 'get', plain: number, sealed: number): string =>
      `| large ${what.toUpperCase()} | ${plain.toFixed(0)} MiB/s | ${sealed.toFixed(0)} MiB/s | ${(sealed / plain).toFixed(2)}× | ≥ 0.8× | ${median(cpu.plain[what]).toFixed(2)} / ${median(cpu.sealed[what]).toFixed(2)} ms | ${median(mainCpu.plain[what]).toFixed(2)} / ${median(mainCpu.sealed[what]).toFixed(2)} ms |`;
    console.log(`\n### SSE-S3 throughput (${LARGE / MiB} MiB objects, best of ${ROUNDS})\n`);
    console.log(
      '| operation | plain bucket | SSE-S3 bucket | encrypted ÷ plain | goal | store CPU per MiB, plain / SSE-S3 | of which main thread |',
    );
    console.log('|---|---|---|---|---|---|---|');
    console.log(row('put', best.plain.put, best.sealed.put));
    console.log(row('get', best.plain.get, best.sealed.get));
  } finally {
    await target.stop();
  }
}
