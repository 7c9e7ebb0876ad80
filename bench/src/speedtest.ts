// SPDX-License-Identifier: Apache-2.0
/**
 * Issue 38: the admin Speedtest's PUT figure (Tools → Performance, madmin `speedtest`) must agree within
 * 20 % with this bench's large PUT on the same machine. Both run against the same store in the same run,
 * taking turns (bench PUT, speedtest, bench PUT, …) so a slow spell of this shared machine hits both;
 * each figure is the best of ROUNDS. The speedtest runs with MinIO's default object size (64 MiB) and 4
 * concurrent PUTs (MinIO's default 32 with BENCH_SPEEDTEST_CONCURRENT=32: on 2 shared cores that holds
 * 2 GiB of uploads in flight for minutes without raising the rate), BENCH_SPEEDTEST_SECONDS per phase.
 * The bench's PUT is s3-throughput's: one client, one object of BENCH_LARGE_MIB at a time.
 */
import { randomBytes } from 'node:crypto';
import { MadminClient, type SpeedTestResult } from '@stowage/madmin';
import { expectOk } from './s3-throughput.js';
import { BenchClient, randomStream } from './support/client.js';
import { startTarget } from './support/target.js';

const MiB = 1024 * 1024;
const LARGE = Number(process.env.BENCH_LARGE_MIB ?? 256) * MiB;
const SIZE = Number(process.env.BENCH_SPEEDTEST_SIZE_MIB ?? 64) * MiB;
const CONCURRENT = Number(process.env.BENCH_SPEEDTEST_CONCURRENT ?? 4);
const SECONDS = Number(process.env.BENCH_SPEEDTEST_SECONDS ?? 10);
const ROUNDS = 3;
const ROOT = { accessKey: 'benchadmin', secretKey: 'benchadmin-secret' };

/** The speedtest's last result (the step's, or autotune's best). */
async function speedtestOnce(admin: MadminClient): Promise<SpeedTestResult> {
  let last: SpeedTestResult | null = null;
  for await (const r of admin.speedtest({
    size: SIZE,
    concurrency: CONCURRENT,
    durationMs: SECONDS * 1000,
  })) {
    // Progress values come every 500 ms; the step's result is the last value of the stream.
    last = r;
  }
  if (!last) throw new Error('speedtest answered no result');
  const err = last.PUTStats.servers?.find((s) => s.err)?.err;
  if (err) throw new Error(`speedtest: ${err}`);
  return last;
}

export async function runSpeedtest(): Promise<void> {
  console.log(
    `\n## Speedtest against the bench (issue 38): speedtest ${SIZE / MiB} MiB × ${CONCURRENT} concurrent for ${SECONDS} s, ` +
      `bench PUT of ${LARGE / MiB} MiB, same store, ${ROUNDS} rounds`,
  );
  const target = await startTarget('stowage');
  const client = new BenchClient(target.url, ROOT.accessKey, ROOT.secretKey);
  const admin = new MadminClient({ endpoint: target.url, ...ROOT });
  const block = randomBytes(8 * MiB);
  let bench = 0;
  let speed = 0;
  let speedGet = 0;
  try {
    await expectOk(client.request('PUT', '/bench'), 'CreateBucket');
    // Warm-up: JIT, the hashing worker, the first folders.
    await expectOk(
      client.request('PUT', '/bench/warm', randomStream(64 * MiB, block), 64 * MiB),
      'PUT warm-up',
    );
    for (let round = 0; round < ROUNDS; round++) {
      const start = process.hrtime.bigint();
      await expectOk(
        client.request('PUT', '/bench/large.bin', randomStream(LARGE, block), LARGE),
        'PUT large',
      );
      const secs = Number(process.hrtime.bigint() - start) / 1e9;
      bench = Math.max(bench, LARGE / MiB / secs);
      const r = await speedtestOnce(admin);
      speed = Math.max(speed, r.PUTStats.throughputPerSec / MiB);
      speedGet = Math.max(speedGet, r.GETStats.throughputPerSec / MiB);
      process.stderr.write(
        `  … round ${round + 1}: bench PUT ${(LARGE / MiB / secs).toFixed(0)} MiB/s, speedtest PUT ${(r.PUTStats.throughputPerSec / MiB).toFixed(0)} MiB/s\n`,
      );
    }
  } finally {
    client.close();
    await target.stop();
  }
  const ratio = speed / bench;
  console.log('| figure | MiB/s |');
  console.log('|---|---|');
  console.log(`| bench large PUT (best of ${ROUNDS}) | ${bench.toFixed(0)} |`);
  console.log(`| speedtest PUT (best of ${ROUNDS}) | ${speed.toFixed(0)} |`);
  console.log(`| speedtest GET (best of ${ROUNDS}) | ${speedGet.toFixed(0)} |`);
  console.log(
    `speedtest PUT ÷ bench PUT: ${ratio.toFixed(2)}× (goal 0.80–1.20×): ${ratio >= 0.8 && ratio <= 1.2 ? 'meets goal' : 'OUTSIDE GOAL'}`,
  );
}
