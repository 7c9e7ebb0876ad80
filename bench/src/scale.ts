/**
 * Issue 16's scale benchmark: what the store costs as one bucket grows, over HTTP with the same lean
 * client as the other phases.
 *
 * - 4 KiB PUT ops/s when the bucket holds 10k, 100k (and, with BENCH_SCALE_1M=1, 1M) objects: the last
 *   PROBE PUTs before each level is reached, timed on their own (the rest of the fill is not timed).
 * - ListObjectsV2 keys/s over the whole prefix at each level, and the store's peak RSS growth during that
 *   listing (sampled every 20 ms, over its RSS just before).
 * - A delimiter listing of a prefix with 100k sub-prefixes (one object each): common prefixes/s.
 * - Deleting those 100k objects with DeleteObjects in batches of 1,000 (one request at a time, as a
 *   client emptying a bucket sends them), against s3rver holding the same keys, measured in this run.
 *
 * Populations run with CONCURRENCY clients. BENCH_SCALE_BASELINE names another build of the store's entry
 * module (e.g. a copy of packages/store/dist/index.js from before a change): it is measured the same way,
 * in the same run, and shown next to this build.
 */
import { createHash, randomBytes } from 'node:crypto';
import { BenchClient } from './support/client.js';
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

const creds: Record<TargetKind, [string, string]> = {
  stowage: ['benchadmin', 'benchadmin-secret'],
  s3rver: ['S3RVER', 'S3RVER'],
  raw: ['raw', 'raw'],
};

interface LevelFigures {
  objects: number;
  putOps: number;
  listKeysPerSec: number;
  listRssGrowthMiB: number;
  rssMiB: number;
}

interface StoreFigures {
  levels: LevelFigures[];
  prefixesPerSec: number;
  deleteObjectsPerSec: number;
}

const objKey = (i: number): string => `obj/${String(i).padStart(7, '0')}`;
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
 * batches had to be sent again.
 */
async function deleteAll(
  client: BenchClient,
  bucket: string,
  count: number,
): Promise<{ rate: number; retries: number }> {
  let retries = 0;
  const start = process.hrtime.bigint();
  for (let b = 0; b < count; b += BATCH) {
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
  }
  const rate = count / seconds(start);
  const left = await ok(client.request('GET', `/${bucket}?max-keys=1`), 'ListObjects');
  if (left.includes('<Key>')) throw new Error(`${bucket} still holds objects after DeleteObjects`);
  return { rate, retries };
}

/** Fill the `tree` bucket with PREFIXES sub-prefixes of one empty object each. */
async function fillTree(client: BenchClient): Promise<void> {
  await ok(client.request('PUT', '/tree'), 'CreateBucket');
  const empty = Buffer.alloc(0);
  await forRange(0, PREFIXES, (i) => ok(client.request('PUT', `/tree/${treeKey(i)}`, empty), 'PUT'));
}

async function measureStore(label: string, env: Record<string, string>): Promise<StoreFigures> {
  const target = await startTarget('stowage', env);
  const client = new BenchClient(target.url, ...creds.stowage);
  const body = randomBytes(4096);
  const figures: StoreFigures = { levels: [], prefixesPerSec: 0, deleteObjectsPerSec: 0 };
  try {
    await ok(client.request('PUT', '/warm'), 'CreateBucket');
    await forRange(0, 1000, (i) => ok(client.request('PUT', `/warm/${i}`, body), 'PUT warm-up'));
    await ok(client.request('PUT', '/scale'), 'CreateBucket');
    let filled = 0;
    for (const level of LEVELS) {
      await forRange(filled, level - PROBE, (i) =>
        ok(client.request('PUT', `/scale/${objKey(i)}`, body), 'PUT'),
      );
      const start = process.hrtime.bigint();
      await forRange(level - PROBE, level, (i) =>
        ok(client.request('PUT', `/scale/${objKey(i)}`, body), 'PUT'),
      );
      const putOps = PROBE / seconds(start);
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
        listKeysPerSec: level / listSecs,
        listRssGrowthMiB: (peak - base) / MiB,
        rssMiB: (await target.rss()) / MiB,
      });
      progress(
        `${label}: ${level} objects, ${putOps.toFixed(0)} PUT/s, ${(level / listSecs).toFixed(0)} keys/s`,
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

async function measureS3rverDelete(): Promise<number> {
  const target = await startTarget('s3rver');
  const client = new BenchClient(target.url, ...creds.s3rver);
  try {
    await fillTree(client);
    const { rate, retries } = await deleteAll(client, 'tree', PREFIXES);
    progress(`s3rver: deleted ${PREFIXES} at ${rate.toFixed(0)} objects/s (${retries} batches sent again)`);
    return rate;
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
  const peerDelete = await measureS3rverDelete();
  for (const [label, f] of runs) console.log(`measured ${label}: ${JSON.stringify(f)}`);
  console.log(`measured s3rver: ${JSON.stringify({ deleteObjectsPerSec: peerDelete })}`);

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
    row(`ListObjectsV2 keys/s over ${n} keys`, (f) => f.levels[i]?.listKeysPerSec, '≥ 50000 (at 1M)');
    row(`  peak RSS growth MiB while listing ${n}`, (f) => f.levels[i]?.listRssGrowthMiB, '< 50 (at 1M)');
    row(`  store RSS MiB after listing ${n}`, (f) => f.levels[i]?.rssMiB, '');
  });
  row(`delimiter listing of ${PREFIXES} sub-prefixes, prefixes/s`, (f) => f.prefixesPerSec, 'fast');
  row(`DeleteObjects (batches of ${BATCH}) objects/s`, (f) => f.deleteObjectsPerSec, '');
  // The goals are set at 1M objects: below that the figures are shown without a verdict.
  const atGoal = last.objects >= 1_000_000;
  const judge = (ok: boolean): string => (atGoal ? verdict(ok) : `no verdict below 1M objects`);
  const putRatio = last.putOps / first.putOps;
  console.log(
    `PUT at ${last.objects} objects / at ${first.objects}: ${putRatio.toFixed(2)} ` +
      `(goal ≥ 0.80 at 1M: ${judge(putRatio >= 0.8)})`,
  );
  console.log(
    `Listing ${last.objects} keys: ${f0(last.listKeysPerSec)} keys/s (goal ≥ 50000 at 1M: ${judge(last.listKeysPerSec >= 50_000)}), ` +
      `peak RSS growth ${last.listRssGrowthMiB.toFixed(1)} MiB (goal < 50 at 1M: ${judge(last.listRssGrowthMiB < 50)})`,
  );
  const delRatio = cur.deleteObjectsPerSec / peerDelete;
  console.log(
    `DeleteObjects of ${PREFIXES} objects: stowage ${f0(cur.deleteObjectsPerSec)}/s, s3rver ${f0(peerDelete)}/s, ` +
      `${delRatio.toFixed(2)}× (goal ≥ 2×: ${verdict(delRatio >= 2)})`,
  );
  if (!LEVELS.includes(1_000_000)) console.log('1M objects: set BENCH_SCALE_1M=1 (takes long).');
}
