// SPDX-License-Identifier: Apache-2.0
/**
 * Issue 16's design comparison: 4 KiB PUTs into the object layer (4 drives, 2+2) with the metadata
 * journal (one flush per batch per drive) against a flush per metadata file (`journal: false`), at 16
 * concurrent writers and at one, next to the raw one-fsync-per-write ceiling (a 4 KiB file written and
 * fdatasynced per operation, 16 at a time). In-process, no HTTP: the figures isolate the commit path.
 * Best of ROUNDS, the variants taking turns within each round.
 */
import { mkdtemp, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { openObjectLayer } from '@stowage/store/object-layer';

const OPS = Number(process.env.BENCH_COMMIT_OPS ?? 3000);
const ROUNDS = 3;
const body = Buffer.alloc(4096, 7);

async function inParallel(
  count: number,
  concurrency: number,
  worker: (i: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await worker(next++);
    }),
  );
}

async function layerRate(journal: boolean, concurrency: number): Promise<number> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-commit-'));
  const layer = await openObjectLayer({ dataDir: dir, drives: 4, healthIntervalMs: 0, journal });
  try {
    await layer.makeBucket('bench');
    const ops = concurrency === 1 ? Math.ceil(OPS / 4) : OPS;
    const start = process.hrtime.bigint();
    await inParallel(ops, concurrency, async (i) => {
      await layer.putObject('bench', `k/${i}`, Readable.from([body]), { size: body.length });
    });
    return ops / (Number(process.hrtime.bigint() - start) / 1e9);
  } finally {
    await layer.close();
    await rm(dir, { recursive: true, force: true });
  }
}

async function rawRate(): Promise<number> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-commit-raw-'));
  try {
    const start = process.hrtime.bigint();
    await inParallel(OPS, 16, async (i) => {
      const fh = await open(path.join(dir, String(i)), 'w');
      await fh.writeFile(body);
      await fh.datasync();
      await fh.close();
    });
    return OPS / (Number(process.hrtime.bigint() - start) / 1e9);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function runGroupCommit(): Promise<void> {
  console.log(`\n## Small-write commit path (${OPS} × 4 KiB PUT into the object layer, 4 drives)`);
  const best = { journal16: 0, flush16: 0, journal1: 0, flush1: 0, raw16: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    best.raw16 = Math.max(best.raw16, await rawRate());
    best.journal16 = Math.max(best.journal16, await layerRate(true, 16));
    best.flush16 = Math.max(best.flush16, await layerRate(false, 16));
    best.journal1 = Math.max(best.journal1, await layerRate(true, 1));
    best.flush1 = Math.max(best.flush1, await layerRate(false, 1));
    process.stderr.write(`  … round ${round + 1}\n`);
  }
  const f = (n: number): string => n.toFixed(0);
  console.log(
    '| writers | journal (group commit) ops/s | flush per file ops/s | journal / flush | raw 1-fsync-per-write ops/s | journal / raw |',
  );
  console.log('|---|---|---|---|---|---|');
  console.log(
    `| 16 | ${f(best.journal16)} | ${f(best.flush16)} | ${(best.journal16 / best.flush16).toFixed(2)}× | ${f(best.raw16)} | ${(best.journal16 / best.raw16).toFixed(2)}× |`,
  );
  console.log(
    `| 1 | ${f(best.journal1)} | ${f(best.flush1)} | ${(best.journal1 / best.flush1).toFixed(2)}× | n/a | n/a |`,
  );
}
