// SPDX-License-Identifier: Apache-2.0
/**
 * Issue 16's scale benchmark: what the store costs as one bucket grows, over HTTP with the same lean
 * client as the other phases.
 *
 * - 4 KiB PUT ops/s when the bucket holds 10k, 100k (and, with BENCH_SCALE_1M=1, 1M) objects: the last
 *   PROBE PUTs before each level is reached, timed on their own (the rest of the fill is not timed).
 *   Levels from SEED_FROM objects up (default 1M) are filled in process instead of through S3 (hours on
 *   this machine): the server stops, a child fills the bucket through the object layer of the same build
 *   (./targets/seed.ts: 16-byte objects, fsync off) up to the probe, and the server starts again on the
 *   same data, is warmed with 1,000 PUTs to another bucket (the lower levels' probes run in a server
 *   warmed by their fill), and the probe's PUTs and the listing then go through S3 as at the other
 *   levels. Each probe also prints the store's CPU per PUT, a steadier figure than ops/s here.
 * - ListObjectsV2 keys/s over the whole prefix at each level, and the store's peak RSS growth during that
 *   listing (sampled every 20 ms, over its RSS just before).
 * - A delimiter listing of a prefix with 100k sub-prefixes (one object each): common prefixes/s.
 * - Deleting those 100k objects with DeleteObjects in batches of 1,000 (one request at a time, as a
 *   client emptying a bucket sends them), against s3rver holding the same keys, measured in this run.
 *   s3rver's deletion slows down as it goes (a 100k run did not end within 25 min): it is stopped after
 *   PEER_DELETE_SECONDS (default 300) and its rate is taken over the objects deleted by then.
 *
 * Populations run with CONCURRENCY clients. BENCH_SCALE_BASELINE names another build of the store's entry
 * module (e.g. a copy of packages/store/dist/index.js from before a change): it is measured the same way,
 * in the same run, and shown next to this build.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BenchClient } from './support/client.js';
import { objKey } from './support/fill.js';
import { startTarget, type Target, type TargetKind } from './support/target.js';

const MiB = 1024 * 1024;
// BENCH_SCALE_LEVELS (e.g. "2000,5000") replaces the levels for a quick check of the phase itself.
const LEVELS = process.env.BENCH_SCALE_LEVELS
  ? process.env.BENCH_SCALE_LEVELS.split(',').map(Number)
  : [10_000, 100_000, ...(process.env.BENCH_SCALE_1M === '1' ? [1_000_000] : [])];
const PROBE = Math.min(2_000, Math.floor((LEVELS[0] as number) / 2));
const PREFIXES = Number(process.env.BENCH_SCALE_PREFIXES ?? 100_000);
const CONCURRENCY = Number(process.env.BENCH_SCALE_CONCURRENCY ?? 32);
const BATCH = 1_000;
const SEED_FROM = Number(process.env.BENCH_SCALE_SEED_FROM ?? 1_000_000);
const PEER_DELETE_SECONDS = Number(process.env.BENCH_SCALE_PEER_DELETE_SECONDS ?? 300);
const here = path.dirname(fileURLToPath(import.meta.url));

const creds: Record<TargetKind, [string, string]> = {
  stowage: ['benchadmin', 'benchadmin-secret'],
  s3rver: ['S3RVER', 'S3RVER'],
  raw: ['raw', 'raw'],
};

interface LevelFigures {
  objects: number;
  putOps: number;
  /** The store's CPU (all threads) per probe PUT, µs: steadier than ops/s on a shared machine. */
  putCpuMicros: number;
  listKeysPerSec: number;
  listRssGrowthMiB: number;
  /** The store's RSS just before the listing and after it. */
  rssBeforeMiB: number;
  rssMiB: number;
}

interface StoreFigures {
  levels: LevelFigures[];
  prefixesPerSec: number;
  deleteObjectsPerSec: number;
}

const treeKey = (i: number): string => `tree/${String(i).padStart(6, '0')}/o`;

function progress(what: string): void {
  process.stderr.write(`  … scale: ${what}\n`);
}

function seconds(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e9;
}

async function ok(p: Promise<{ status: number; body: Buffer | null }>, what: string): Promise<string> {
  const r = await p;
  const text = r.body?.toString() ?? '';
  if (r.status >= 300) throw new Error(`${what} answered ${r.status}: ${text.slice(0, 300)}`);
  return text;
}

/** Run `worker` on `from`..`to`-1 with CONCURRENCY at a time. */
async function forRange(from: number, to: number, worker: (i: number) => Promise<unknown>): Promise<void> {
  let next = from;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < to) await worker(next++);
    }),
  );
}

/** Sample the target's RSS every 20 ms until stopped; `peak` is the highest seen. */
function rssSampler(target: Target, base: number): { stop(): number } {
  let peak = base;
  const timer = setInterval(() => {
    void target.rss().then((r) => {
      peak = Math.max(peak, r);
    });
  }, 20);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

/** Page through a ListObjectsV2 of `prefix`, counting keys and common prefixes. */
async function listV2(
  client: BenchClient,
  bucket: string,
  prefix: string,
  delimiter: string,
): Promise<{ keys: number; prefixes: number }> {
  let token: string | null = null;
  let keys = 0;
  let prefixes = 0;
  const delim = delimiter ? `&delimiter=${encodeURIComponent(delimiter)}` : '';
  do {
    const cont: string = token ? `&continuation-token=${encodeURIComponent(token)}` : '';
    const xml = await ok(
      client.request('GET', `/${bucket}?list-type=2&max-keys=1000&prefix=${prefix}${delim}${cont}`),
      'ListObjectsV2',
    );
    keys += xml.split('<Key>').length - 1;
    prefixes += xml.split('<CommonPrefixes>').length - 1;
    token = /<IsTruncated>true<\/IsTruncated>/.test(xml)
      ? (/<NextContinuationToken>([^<]+)<\/NextContinuationToken>/.exec(xml)?.[1] ?? null)
      : null;
  } while (token);
  return { keys, prefixes };
}

/**
 * DeleteObjects of keys 0..count-1 in batches of BATCH, one request at a time: objects/s, and how many
 * batches had to be sent again. With `limitSeconds`, no batch starts after that: the rate is then over
 * the objects deleted by then (`deleted` < count).
 */
async function deleteAll(
  client: BenchClient,
  bucket: string,
  count: number,
  limitSeconds = Number.POSITIVE_INFINITY,
): Promise<{ rate: number; retries: number; deleted: number }> {
  let retries = 0;
  let deleted = 0;
  const start = process.hrtime.bigint();
  for (let b = 0; b < count && seconds(start) < limitSeconds; b += BATCH) {
    let body = '<Delete><Quiet>true</Quiet>';
    for (let i = b; i < Math.min(count, b + BATCH); i++) body += `<Object><Key>${treeKey(i)}</Key></Object>`;
    body += '</Delete>';
    const md5 = createHash('md5').update(body).digest('base64');
    const send = () =>
      client.request('POST', `/${bucket}?delete`, Buffer.from(body), undefined, false, {
        'content-md5': md5,
        'content-type': 'application/xml',
      });
    // s3rver deletes a batch's keys at once and sometimes trips over itself removing their shared empty
    // folders (500 InternalError): the batch is sent again, as a client would, and its time counts.
    let r = await send();
    for (let attempt = 1; r.status === 500 && attempt < 5; attempt++) {
      retries++;
      r = await send();
    }
    const xml = await ok(Promise.resolve(r), 'DeleteObjects');
    if (xml.includes('<Error>')) throw new Error(`DeleteObjects reported errors: ${xml.slice(0, 300)}`);
    deleted = Math.min(count, b + BATCH);
  }
  const rate = deleted / seconds(start);
  if (deleted === count) {
    const left = await ok(client.request('GET', `/${bucket}?max-keys=1`), 'ListObjects');
    if (left.includes('<Key>')) throw new Error(`${bucket} still holds objects after DeleteObjects`);
  }
  return { rate, retries, deleted };
}

/**
 * Fill `obj/<from>` … `obj/<to - 1>` of bucket `scale` in the stopped server's data folder, in a child
 * process through the object layer of the build `env` names (./targets/seed.ts).
 */
async function seed(dataDir: string, from: number, to: number, env: Record<string, string>): Promise<void> {
  const child = spawn(
    process.execPath,
    [path.join(here, 'targets', 'seed.js'), dataDir, 'scale', String(from), String(to)],
    { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...env } },
  );
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('exit', resolve);
    child.once('error', reject);
  });
  if (code !== 0) throw new Error(`seeding ${from}..${to} exited with ${code}`);
}

/** Fill the `tree` bucket with PREFIXES sub-prefixes of one empty object each. */
async function fillTree(client: BenchClient): Promise<void> {
  await ok(client.request('PUT', '/tree'), 'CreateBucket');
  const empty = Buffer.alloc(0);
  await forRange(0, PREFIXES, (i) => ok(client.request('PUT', `/tree/${treeKey(i)}`, empty), 'PUT'));
}

async function measureStore(label: string, env: Record<string, string>): Promise<StoreFigures> {
  let target = await startTarget('stowage', env);
  let client = new BenchClient(target.url, ...creds.stowage);
  const body = randomBytes(4096);
  const figures: StoreFigures = { levels: [], prefixesPerSec: 0, deleteObjectsPerSec: 0 };
  try {
    await ok(client.request('PUT', '/warm'), 'CreateBucket');
    await forRange(0, 1000, (i) => ok(client.request('PUT', `/warm/${i}`, body), 'PUT warm-up'));
    await ok(client.request('PUT', '/scale'), 'CreateBucket');
    let filled = 0;
    for (const level of LEVELS) {
      if (level >= SEED_FROM && filled < level - PROBE) {
        progress(`${label}: filling ${filled}..${level - PROBE} in process`);
        client.close();
        await target.stop(true);
        await seed(target.dataDir, filled, level - PROBE, env);
        target = await startTarget('stowage', env, target.dataDir);
        client = new BenchClient(target.url, ...creds.stowage);
        // The lower levels' probes ran in a server warmed by their fill: warm this one as well (JIT,
        // sockets, caches) with overwrites in another bucket, so the probe compares like with like.
        await forRange(0, 1000, (i) => ok(client.request('PUT', `/warm/${i}`, body), 'PUT warm-up'));
      } else {
        await forRange(filled, level - PROBE, (i) =>
          ok(client.request('PUT', `/scale/${objKey(i)}`, body), 'PUT'),
        );
      }
      const cpu = await target.cpuSeconds();
      const start = process.hrtime.bigint();
      await forRange(level - PROBE, level, (i) =>
        ok(client.request('PUT', `/scale/${objKey(i)}`, body), 'PUT'),
      );
      const putOps = PROBE / seconds(start);
      const putCpuMicros = (((await target.cpuSeconds()) - cpu) * 1e6) / PROBE;
      filled = level;
      const base = await target.rss();
      const sampler = rssSampler(target, base);
      const listStart = process.hrtime.bigint();
      const listed = await listV2(client, 'scale', 'obj/', '');
      const listSecs = seconds(listStart);
      const peak = sampler.stop();
      if (listed.keys !== level) throw new Error(`${label} listed ${listed.keys} of ${level} keys`);
      figures.levels.push({
        objects: level,
        putOps,
        putCpuMicros,
        listKeysPerSec: level / listSecs,
        listRssGrowthMiB: (peak - base) / MiB,
        rssBeforeMiB: base / MiB,
        rssMiB: (await target.rss()) / MiB,
      });
      progress(
        `${label}: ${level} objects, ${putOps.toFixed(0)} PUT/s (${putCpuMicros.toFixed(0)} µs CPU each), ${(level / listSecs).toFixed(0)} keys/s`,
      );
    }
    await fillTree(client);
    const start = process.hrtime.bigint();
    const listed = await listV2(client, 'tree', 'tree/', '/');
    if (listed.prefixes !== PREFIXES)
      throw new Error(`${label} listed ${listed.prefixes} of ${PREFIXES} prefixes`);
    figures.prefixesPerSec = PREFIXES / seconds(start);
    progress(`${label}: ${figures.prefixesPerSec.toFixed(0)} common prefixes/s`);
    const del = await deleteAll(client, 'tree', PREFIXES);
    if (del.retries > 0) throw new Error(`${label}: ${del.retries} DeleteObjects batches failed`);
    figures.deleteObjectsPerSec = del.rate;
    progress(`${label}: deleted ${PREFIXES} at ${figures.deleteObjectsPerSec.toFixed(0)} objects/s`);
  } finally {
    client.close();
    await target.stop();
  }
  return figures;
}

async function measureS3rverDelete(): Promise<{ rate: number; deleted: number }> {
  const target = await startTarget('s3rver');
  const client = new BenchClient(target.url, ...creds.s3rver);
  try {
    await fillTree(client);
    const { rate, retries, deleted } = await deleteAll(client, 'tree', PREFIXES, PEER_DELETE_SECONDS);
    progress(
      `s3rver: deleted ${deleted} of ${PREFIXES} at ${rate.toFixed(0)} objects/s (${retries} batches sent again)`,
    );
    return { rate, deleted };
  } finally {
    client.close();
    await target.stop();
  }
}

const f0 = (n: number | undefined): string => (n === undefined ? 'n/a' : n.toFixed(0));
const verdict = (ok: boolean): string => (ok ? 'meets goal' : 'BELOW GOAL');

export async function runScale(): Promise<void> {
  console.log(
    `\n## Store scale (4 KiB objects in one bucket: ${LEVELS.join(', ')}; ${PREFIXES} sub-prefixes; ` +
      `${CONCURRENCY} clients)`,
  );
  const baseline = process.env.BENCH_SCALE_BASELINE;
  const runs: [string, StoreFigures][] = [];
  if (baseline) runs.push(['baseline', await measureStore('baseline', { BENCH_STOWAGE_ENTRY: baseline })]);
  // This build never inherits a BENCH_STOWAGE_ENTRY meant for other phases: it is the one under test.
  runs.push(['stowage', await measureStore('stowage', { BENCH_STOWAGE_ENTRY: '' })]);
  const peer = await measureS3rverDelete();
  const peerDelete = peer.rate;
  for (const [label, f] of runs) console.log(`measured ${label}: ${JSON.stringify(f)}`);
  console.log(
    `measured s3rver: ${JSON.stringify({ deleteObjectsPerSec: peerDelete, deleted: peer.deleted })}`,
  );

  const cur = (runs.at(-1) as [string, StoreFigures])[1];
  const cols = runs.map(([label]) => label);
  console.log(`| figure | ${cols.join(' | ')} | goal |`);
  console.log(`|---|${cols.map(() => '---|').join('')}---|`);
  const row = (name: string, pick: (f: StoreFigures) => number | undefined, goal: string): void => {
    console.log(`| ${name} | ${runs.map(([, f]) => f0(pick(f))).join(' | ')} | ${goal} |`);
  };
  const first = cur.levels[0] as LevelFigures;
  const last = cur.levels.at(-1) as LevelFigures;
  LEVELS.forEach((n, i) => {
    row(`4 KiB PUT ops/s at ${n} objects`, (f) => f.levels[i]?.putOps, '');
  });
  LEVELS.forEach((n, i) => {
    row(`  store CPU µs per PUT at ${n} objects`, (f) => f.levels[i]?.putCpuMicros, '');
  });
  LEVELS.forEach((n, i) => {
    row(`ListObjectsV2 keys/s over ${n} keys`, (f) => f.levels[i]?.listKeysPerSec, '≥ 50000 (at 1M)');
    row(`  store RSS MiB before listing ${n}`, (f) => f.levels[i]?.rssBeforeMiB, '');
    row(`  peak RSS growth MiB while listing ${n}`, (f) => f.levels[i]?.listRssGrowthMiB, '< 50 (at 1M)');
    row(`  store RSS MiB after listing ${n}`, (f) => f.levels[i]?.rssMiB, '');
  });
  row(`delimiter listing of ${PREFIXES} sub-prefixes, prefixes/s`, (f) => f.prefixesPerSec, 'fast');
  row(`DeleteObjects (batches of ${BATCH}) objects/s`, (f) => f.deleteObjectsPerSec, '');
  // The goals are set at 1M objects: below that the figures are shown without a verdict.
  const atGoal = last.objects >= 1_000_000;
  const judge = (ok: boolean): string => (atGoal ? verdict(ok) : `no verdict below 1M objects`);
  const putRatio = last.putOps / first.putOps;
  const cpuRatio = first.putCpuMicros / last.putCpuMicros;
  console.log(
    `PUT at ${last.objects} objects / at ${first.objects}: ${putRatio.toFixed(2)} in ops/s, ` +
      `${cpuRatio.toFixed(2)} in CPU per PUT (goal ≥ 0.80 at 1M: ${judge(putRatio >= 0.8)})`,
  );
  console.log(
    `Listing ${last.objects} keys: ${f0(last.listKeysPerSec)} keys/s (goal ≥ 50000 at 1M: ${judge(last.listKeysPerSec >= 50_000)}), ` +
      `peak RSS growth ${last.listRssGrowthMiB.toFixed(1)} MiB (goal < 50 at 1M: ${judge(last.listRssGrowthMiB < 50)})`,
  );
  const delRatio = cur.deleteObjectsPerSec / peerDelete;
  console.log(
    `DeleteObjects of ${PREFIXES} objects: stowage ${f0(cur.deleteObjectsPerSec)}/s, s3rver ${f0(peerDelete)}/s` +
      (peer.deleted < PREFIXES ? ` (over its first ${peer.deleted} in ${PEER_DELETE_SECONDS} s)` : '') +
      ', ' +
      `${delRatio.toFixed(2)}× (goal ≥ 2×: ${verdict(delRatio >= 2)})`,
  );
  if (!LEVELS.includes(1_000_000)) console.log('1M objects: set BENCH_SCALE_1M=1 (filled in process).');
}
