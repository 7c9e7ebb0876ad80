// SPDX-License-Identifier: Apache-2.0
/**
 * Server CPU per small request (issue 39): the CPU seconds all of a target's processes used over a phase,
 * read from /proc before and after it, divided by the requests of the phase. "After" waits until the
 * server idles, so work a request leaves behind (group commits, audit records delivered and indexed)
 * counts for the phase that caused it and not for whichever target runs next.
 */
import { cephLayout } from './engines.js';
import type { Target } from './target.js';

/** A server is idle once it used less than this share of one core over a sample. */
const IDLE_SHARE = 0.05;
const SAMPLE_MS = 200;
/** The most samples waited for idleness (a server that never idles is read after ~6 s). */
const MAX_SAMPLES = 30;

/** A reading of a server's CPU seconds and when it was taken (seconds, monotonic). */
export interface CpuReading {
  cpu: number;
  at: number;
}

const now = (): number => performance.now() / 1000;

/**
 * The server's CPU seconds once it has gone idle (or after MAX_SAMPLES samples): below IDLE_SHARE of a
 * core above its own idle rate (Ceph's daemons never fall below a third of a core).
 */
export async function settledCpu(target: Target, idleRate = 0): Promise<CpuReading> {
  let before = await target.cpuSeconds();
  for (let i = 0; i < MAX_SAMPLES; i++) {
    await new Promise((r) => setTimeout(r, SAMPLE_MS));
    const cpu = await target.cpuSeconds();
    if (cpu - before < ((IDLE_SHARE + idleRate) * SAMPLE_MS) / 1000) return { cpu, at: now() };
    before = cpu;
  }
  return { cpu: before, at: now() };
}

/** A target and its idle rate (see idleCpuRate). */
export interface Settling {
  target: Target;
  idleRate: number;
}

/**
 * `mine`'s reading once every target has gone idle, the others first: a phase then starts with no
 * other target still finishing the work of its own phase on the same cores (Ceph digests a large PUT
 * for seconds after answering it, which ran into the next targets' phases — raw's and the store's).
 */
export async function settledAll(all: readonly Settling[], mine: Settling): Promise<CpuReading> {
  for (const r of all) if (r !== mine) await settledCpu(r.target, r.idleRate);
  return settledCpu(mine.target, mine.idleRate);
}

/**
 * The server's own background CPU (seconds per second) with no requests: Ceph's daemons spend a third
 * of a core idle here, which would otherwise be charged to the requests of every phase.
 */
export async function idleCpuRate(target: Target, seconds = 3): Promise<number> {
  const a = { cpu: await target.cpuSeconds(), at: now() };
  await new Promise((r) => setTimeout(r, seconds * 1000));
  return Math.max(0, ((await target.cpuSeconds()) - a.cpu) / (now() - a.at));
}

/**
 * The lower of the best so far and this phase's CPU milliseconds per operation, the server's idle
 * rate over the phase's time taken off.
 */
export function cpuPerOp(
  best: number | null,
  before: CpuReading,
  after: CpuReading,
  ops: number,
  idleRate: number,
): number {
  const busy = Math.max(0, after.cpu - before.cpu - idleRate * (after.at - before.at));
  const ms = (busy * 1000) / ops;
  return best === null ? ms : Math.min(best, ms);
}

export interface SmallFigures {
  largePutMiBs: number;
  largeGetMiBs: number;
  smallPutOps: number;
  smallGetOps: number;
  smallPutCpuMs: number | null;
  smallGetCpuMs: number | null;
}

const LABELS: Record<string, string> = {
  raw: 'raw ceiling',
  stowage: 'store (bare)',
  product: 'npm start (console + store + audit log search)',
  s3rver: 's3rver',
  ceph: {
    ec: 'Ceph RGW (4 BlueStore OSDs, data EC 2+2)',
    bluestore: 'Ceph RGW (1 BlueStore OSD on a file, no redundancy)',
    memstore: 'Ceph RGW (memstore OSD, in memory)',
  }[cephLayout()],
};

const fmt = (n: number | null | undefined, digits: number): string =>
  n === null || n === undefined ? 'n/a' : n.toFixed(digits);

/** `a / b` with a verdict against a goal (`max`: the ratio must be at most the goal, else at least). */
function versus(
  a: number | null | undefined,
  b: number | null | undefined,
  goal?: { ratio: number; max: boolean },
): string {
  if (a === null || a === undefined || b === null || b === undefined || a <= 0 || b <= 0) return 'n/a';
  const r = a / b;
  if (!goal) return `${r.toFixed(2)}×`;
  const ok = goal.max ? r <= goal.ratio : r >= goal.ratio;
  return `${r.toFixed(2)}× (goal ${goal.max ? '≤' : '≥'} ${goal.ratio}×: ${ok ? 'meets goal' : 'BELOW GOAL'})`;
}

/** Prints each target's 4 KiB rates and CPU per request, and the ratios issue 39 sets goals for. */
export function printSmallCpu(results: Partial<Record<string, SmallFigures>>): void {
  console.log('\n### 4 KiB requests: server CPU per request (all server processes, /proc utime+stime)');
  console.log('| target | PUT ops/s | PUT CPU ms/op | GET ops/s | GET CPU ms/op |');
  console.log('|---|---|---|---|---|');
  for (const [kind, f] of Object.entries(results)) {
    if (!f) continue;
    console.log(
      `| ${LABELS[kind] ?? kind} | ${fmt(f.smallPutOps, 0)} | ${fmt(f.smallPutCpuMs, 3)} | ${fmt(f.smallGetOps, 0)} | ${fmt(f.smallGetCpuMs, 3)} |`,
    );
  }
  const { stowage: s, product: d, s3rver: p, ceph: c } = results;
  const rows: [string, string][] = [];
  if (s && p) {
    rows.push([
      'store CPU per PUT / s3rver’s',
      versus(s.smallPutCpuMs, p.smallPutCpuMs, { ratio: 0.5, max: true }),
    ]);
    rows.push([
      'store CPU per GET / s3rver’s',
      versus(s.smallGetCpuMs, p.smallGetCpuMs, { ratio: 0.4, max: true }),
    ]);
    rows.push(['store PUT ops/s / s3rver’s', versus(s.smallPutOps, p.smallPutOps, { ratio: 2, max: false })]);
    rows.push(['store GET ops/s / s3rver’s', versus(s.smallGetOps, p.smallGetOps)]);
  }
  if (d && s) {
    rows.push([
      'npm start CPU per PUT / bare store’s',
      versus(d.smallPutCpuMs, s.smallPutCpuMs, { ratio: 1.1, max: true }),
    ]);
    rows.push(['npm start CPU per GET / bare store’s', versus(d.smallGetCpuMs, s.smallGetCpuMs)]);
    rows.push(['npm start PUT ops/s / bare store’s', versus(d.smallPutOps, s.smallPutOps)]);
  }
  if (c) {
    // The default product is what a user runs: it is compared with RGW, and so is the bare store.
    for (const [name, x] of [
      ['store', s],
      ['npm start', d],
    ] as const) {
      if (!x) continue;
      rows.push([
        `${name} PUT ops/s / RGW’s`,
        versus(x.smallPutOps, c.smallPutOps, { ratio: 2, max: false }),
      ]);
      rows.push([
        `${name} GET ops/s / RGW’s`,
        versus(x.smallGetOps, c.smallGetOps, { ratio: 2, max: false }),
      ]);
      rows.push([`${name} CPU per PUT / RGW’s`, versus(x.smallPutCpuMs, c.smallPutCpuMs)]);
      rows.push([`${name} CPU per GET / RGW’s`, versus(x.smallGetCpuMs, c.smallGetCpuMs)]);
      rows.push([
        `${name} large PUT MiB/s / RGW’s`,
        versus(x.largePutMiBs, c.largePutMiBs, { ratio: 1, max: false }),
      ]);
      rows.push([
        `${name} large GET MiB/s / RGW’s`,
        versus(x.largeGetMiBs, c.largeGetMiBs, { ratio: 1, max: false }),
      ]);
    }
  }
  if (rows.length === 0) return;
  console.log('\n| ratio | measured |');
  console.log('|---|---|');
  for (const [name, value] of rows) console.log(`| ${name} | ${value} |`);
}
