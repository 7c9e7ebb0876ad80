/**
 * Issue 18's benchmark: large-object PUT and GET throughput into a bucket with default encryption
 * (SSE-S3: 64 KiB AES-256-GCM packages) against a plain bucket of the same store, measured in this run
 * with the same client, reported as encrypted ÷ plain (the goal: ≥ 0.8×).
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
    // The buckets take turns within each round, so a slow spell of the machine hits both alike.
    for (let round = 0; round < ROUNDS; round++) {
      for (const bucket of ['plain', 'sealed'] as const) {
        let start = process.hrtime.bigint();
        const put = await client.request('PUT', `/${bucket}/large.bin`, randomStream(LARGE, block), LARGE);
        if (put.status !== 200) throw new Error(`PUT ${bucket}: ${put.status}`);
        best[bucket].put = Math.max(best[bucket].put, LARGE / MiB / seconds(start));
        start = process.hrtime.bigint();
        const get = await client.request('GET', `/${bucket}/large.bin`, undefined, undefined, true);
        if (get.status !== 200 || get.bytes !== LARGE) throw new Error(`GET ${bucket}: ${get.status}`);
        best[bucket].get = Math.max(best[bucket].get, LARGE / MiB / seconds(start));
      }
      process.stderr.write(`  … round ${round + 1} of ${ROUNDS}\n`);
    }
    const row = (what: string, plain: number, sealed: number): string =>
      `| ${what} | ${plain.toFixed(0)} MiB/s | ${sealed.toFixed(0)} MiB/s | ${(sealed / plain).toFixed(2)}× | ≥ 0.8× |`;
    console.log(`\n### SSE-S3 throughput (${LARGE / MiB} MiB objects, best of ${ROUNDS})\n`);
    console.log('| operation | plain bucket | SSE-S3 bucket | encrypted ÷ plain | goal |');
    console.log('|---|---|---|---|---|');
    console.log(row('large PUT', best.plain.put, best.sealed.put));
    console.log(row('large GET', best.plain.get, best.sealed.get));
  } finally {
    await target.stop();
  }
}
