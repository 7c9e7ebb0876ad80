// SPDX-License-Identifier: Apache-2.0
/**
 * `scale-1m`: one folder of 1M keys, filled in process through the object layer and listed fully
 * (issue 16: ≥ 50k keys/s over a 1M-key prefix, peak RSS growth < 50 MiB).
 *
 * - fills bucket `scale` with BENCH_SCALE_1M_KEYS (default 1,000,000) 16-byte objects `obj/0000000` …
 *   through the layer's putObject, 64 at a time, 4 drives, fsync off (the fill is set-up, not measured
 *   for durability); BENCH_SCALE_1M_DIR keeps the data folder (and reuses it: the fill starts after the
 *   keys already listed there), otherwise a temp folder is removed at the end;
 * - lists `obj/` fully with the layer's listObjects, 1,000 keys per page, twice (the first pass reads
 *   and sorts the folder, the second finds it cached), printing keys/s, CPU µs per key and the peak RSS
 *   growth over the RSS before the pass (sampled every 20 ms).
 * Over HTTP the `scale` phase lists 1M keys with BENCH_SCALE_1M=1 (its fill through S3 takes hours on
 * a loaded 2-core machine).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openObjectLayer } from '@stowage/store/object-layer';
import { fillInProcess, type Layer } from './support/fill.js';

const KEYS = Number(process.env.BENCH_SCALE_1M_KEYS ?? 1_000_000);
const MiB = 1024 * 1024;

async function listAll(layer: Layer): Promise<number> {
  let after: string | undefined;
  let count = 0;
  for (;;) {
    const page = await layer.listObjects('scale', { prefix: 'obj/', maxKeys: 1000, after });
    count += page.objects.length;
    if (!page.isTruncated) return count;
    after = page.nextAfter ?? undefined;
  }
}

/** One full listing pass: keys/s, CPU per key and peak RSS growth (printed when `report` or complete). */
async function measure(layer: Layer, pass: string, report: boolean): Promise<number> {
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const cpu = process.cpuUsage();
  const start = performance.now();
  const listed = await listAll(layer);
  const secs = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  if (report && listed < KEYS) throw new Error(`listed ${listed} of ${KEYS} keys`);
  if (report || listed >= KEYS) {
    console.log(
      `list ${pass}: ${listed} keys in ${secs.toFixed(1)} s, ${(listed / secs).toFixed(0)} keys/s, ` +
        `${((used.user + used.system) / Math.max(1, listed)).toFixed(1)} µs CPU per key, ` +
        `peak RSS growth ${((peak - base) / MiB).toFixed(1)} MiB (RSS ${(peak / MiB).toFixed(0)} MiB)`,
    );
  }
  return listed;
}

export async function runScale1M(): Promise<void> {
  const keep = process.env.BENCH_SCALE_1M_DIR;
  const dir = keep ?? (await mkdtemp(path.join(os.tmpdir(), 'bench-scale-1m-')));
  const layer = await openObjectLayer({ dataDir: dir, drives: 4, fsync: false, healthIntervalMs: 0 });
  try {
    await layer.makeBucket('scale').catch(() => undefined);
    // A kept folder already holding the keys is listed cold right away; otherwise fill it first (the
    // fill's commits do not leave the folder cached: past 4,096 added names its listing is dropped).
    let listed = await measure(layer, 'first (reads the folder)', false);
    if (listed < KEYS) {
      await fillInProcess(layer, 'scale', listed, KEYS, Buffer.alloc(16, 0x61), 'scale-1m fill');
      listed = await measure(layer, 'first (reads the folder)', true);
    }
    await measure(layer, 'second (cached)', true);
  } finally {
    await layer.close();
    if (!keep) await rm(dir, { recursive: true, force: true });
  }
}
