// SPDX-License-Identifier: Apache-2.0
/**
 * Issue 4's authorization benchmark: what IAM policy evaluation adds to a 4 KiB GET. The same store
 * (child process, 4 drives) serves the same objects to root — who skips policy evaluation — and to a
 * user whose policies (own + group, with a Deny, a prefix condition and an IP condition) are evaluated
 * on every request. Short rounds alternate between the two so load drift hits both alike. Reported:
 * the throughput ratio (median of paired rounds — noisy on a shared machine) and, more robust, the
 * server process's CPU time per GET (from /proc) for user vs root. A micro-benchmark of `IamSystem.isAllowed` with the same policies gives the cost per
 * request directly, as a fraction of one GET's service time measured in this run. Goal: < 5 %.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { MadminClient } from '@stowage/madmin';
import type { SystemStore } from '@stowage/store';
import { openIam } from '@stowage/store/iam';
import { BenchClient } from './support/client.js';
import { startTarget } from './support/target.js';

const OBJECTS = 256;
const OPS_PER_ROUND = Number(process.env.BENCH_AUTHZ_OPS ?? 800);
const ROUNDS = Number(process.env.BENCH_AUTHZ_ROUNDS ?? 16);
const CONCURRENCY = 16;
const MICRO_CALLS = 200_000;
const ROOT: [string, string] = ['benchadmin', 'benchadmin-secret'];
const USER: [string, string] = ['benchuser', 'benchuser-secret'];
const BUCKET = 'authz';

/** A realistic user policy: allow the bucket, deny a secret prefix, list only under a prefix, IP scoped. */
const USER_POLICY = {
  Version: '2012-10-17',
  Statement: [
    {
      Effect: 'Allow',
      Action: ['s3:GetBucketLocation', 's3:ListAllMyBuckets'],
      Resource: ['arn:aws:s3:::*'],
    },
    {
      Effect: 'Allow',
      Action: ['s3:ListBucket'],
      Resource: [`arn:aws:s3:::${BUCKET}`],
      Condition: { StringLike: { 's3:prefix': ['obj-*', ''] } },
    },
    {
      Effect: 'Allow',
      Action: ['s3:GetObject', 's3:PutObject'],
      Resource: [`arn:aws:s3:::${BUCKET}/*`],
      Condition: { IpAddress: { 'aws:SourceIp': ['127.0.0.0/8', '::1/128'] } },
    },
    { Effect: 'Deny', Action: ['s3:*'], Resource: [`arn:aws:s3:::${BUCKET}/secret/*`] },
  ],
};
const GROUP_POLICY = {
  Version: '2012-10-17',
  Statement: [
    { Effect: 'Allow', Action: ['s3:GetObjectTagging'], Resource: ['arn:aws:s3:::*'] },
    { Effect: 'Deny', Action: ['s3:DeleteBucket'], Resource: ['arn:aws:s3:::*'] },
  ],
};

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
}

/** "q1–q3" of a sample, to show how noisy the end-to-end figure is. */
function quartiles(xs: number[]): string {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number): number => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
  return `${at(0.25).toFixed(2)}–${at(0.75).toFixed(2)}`;
}

/** CPU seconds (user + system) the server process has used so far, from /proc/<pid>/stat. */
async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 of stat (utime, stime), counted from the state field (3) here; 100 ticks/s.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Runs `count` GETs; returns ops/s and the server's CPU µs per GET (robust against machine load). */
async function getRound(
  client: BenchClient,
  count: number,
  pid: number,
): Promise<{ ops: number; cpuUs: number }> {
  const cpu0 = await cpuSeconds(pid);
  const ops = await getOps(client, count);
  const cpu1 = await cpuSeconds(pid);
  return { ops, cpuUs: ((cpu1 - cpu0) * 1e6) / count };
}

async function getOps(client: BenchClient, count: number): Promise<number> {
  let next = 0;
  const start = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        const i = next++;
        const r = await client.request('GET', `/${BUCKET}/obj-${i % OBJECTS}`, undefined, undefined, true);
        if (r.status !== 200)
          throw new Error(`GET answered ${r.status}: ${r.body?.toString().slice(0, 200)}`);
      }
    }),
  );
  return count / (Number(process.hrtime.bigint() - start) / 1e9);
}

/** In-memory system documents, enough for IAM in the micro-benchmark. */
function memoryStore(): SystemStore {
  const docs = new Map<string, Buffer>();
  return {
    read: async (p) => docs.get(p) ?? null,
    write: async (p, d) => void docs.set(p, d),
    delete: async (p) => void docs.delete(p),
    list: async (prefix) => [...docs.keys()].filter((k) => k.startsWith(`${prefix}/`)).sort(),
  };
}

async function microNsPerCall(): Promise<{ user: number; root: number }> {
  const iam = await openIam(memoryStore(), { accessKey: ROOT[0], secretKey: ROOT[1] });
  await iam.addPolicy('bench-user', JSON.stringify(USER_POLICY));
  await iam.addPolicy('bench-group', JSON.stringify(GROUP_POLICY));
  await iam.addUser(USER[0], USER[1]);
  await iam.setPolicy(['bench-user'], USER[0], false);
  await iam.updateGroupMembers('bench-readers', [USER[0]], false);
  await iam.setPolicy(['bench-group'], 'bench-readers', true);
  const time = async (accessKey: string): Promise<number> => {
    const creds = await iam.lookup(accessKey);
    if (!creds) throw new Error('lookup failed');
    const req = {
      identity: creds.identity,
      action: 's3:GetObject',
      bucket: BUCKET,
      key: 'obj-1',
      conditions: { 'aws:SourceIp': ['127.0.0.1'], 'aws:SecureTransport': ['false'] },
    };
    for (let i = 0; i < 10_000; i++) await iam.isAllowed(req);
    const start = process.hrtime.bigint();
    for (let i = 0; i < MICRO_CALLS; i++) {
      // What the S3 path does per request: resolve the key, then authorize.
      await iam.lookup(accessKey);
      if (!(await iam.isAllowed(req))) throw new Error('benchmark request not allowed');
    }
    return Number(process.hrtime.bigint() - start) / MICRO_CALLS;
  };
  return { user: await time(USER[0]), root: await time(ROOT[0]) };
}

export async function runAuthz(): Promise<void> {
  const target = await startTarget('stowage');
  const root = new BenchClient(target.url, ...ROOT);
  const user = new BenchClient(target.url, ...USER);
  try {
    const admin = new MadminClient({ endpoint: target.url, accessKey: ROOT[0], secretKey: ROOT[1] });
    await admin.addCannedPolicy('bench-user', USER_POLICY);
    await admin.addCannedPolicy('bench-group', GROUP_POLICY);
    await admin.addUser(USER[0], USER[1], 'enabled');
    await admin.setPolicy('bench-user', USER[0], false);
    await admin.updateGroupMembers({
      group: 'bench-readers',
      members: [USER[0]],
      isRemove: false,
      groupStatus: 'enabled',
    });
    await admin.setPolicy('bench-group', 'bench-readers', true);
    const mk = await root.request('PUT', `/${BUCKET}`);
    if (mk.status !== 200) throw new Error(`create bucket answered ${mk.status}`);
    const body = randomBytes(4096);
    for (let i = 0; i < OBJECTS; i++) {
      const r = await root.request('PUT', `/${BUCKET}/obj-${i}`, body);
      if (r.status !== 200) throw new Error(`PUT answered ${r.status}`);
    }
    // Warm up both paths (JIT, caches, keep-alive sockets).
    await getOps(root, 500);
    await getOps(user, 500);
    const rootOps: number[] = [];
    const userOps: number[] = [];
    const rootCpu: number[] = [];
    const userCpu: number[] = [];
    const one = async (who: 'root' | 'user'): Promise<void> => {
      const r = await getRound(who === 'root' ? root : user, OPS_PER_ROUND, target.pid);
      (who === 'root' ? rootOps : userOps).push(r.ops);
      (who === 'root' ? rootCpu : userCpu).push(r.cpuUs);
    };
    for (let round = 0; round < ROUNDS; round++) {
      if (round % 2 === 0) {
        await one('root');
        await one('user');
      } else {
        await one('user');
        await one('root');
      }
    }
    const cpuRatio = median(userCpu) / median(rootCpu);
    const rootMedian = median(rootOps);
    const userMedian = median(userOps);
    const pairs = userOps.map((u, i) => u / (rootOps[i] ?? u));
    const pairRatio = median(pairs);
    const overheadPct = (1 / pairRatio - 1) * 100;
    const micro = await microNsPerCall();
    const getUs = 1e6 / rootMedian;
    const evalUs = (micro.user - micro.root) / 1000;
    console.log('\n== authz: IAM policy evaluation on 4 KiB GETs (store, 4 drives, 16 concurrent) ==');
    console.log(
      `  root GET:  ${rootMedian.toFixed(0)} ops/s (median of ${ROUNDS} rounds: ${rootOps.map((x) => x.toFixed(0)).join(', ')})`,
    );
    console.log(
      `  user GET:  ${userMedian.toFixed(0)} ops/s (median of ${ROUNDS} rounds: ${userOps.map((x) => x.toFixed(0)).join(', ')})`,
    );
    console.log(
      `  user/root throughput, median of paired rounds: ${pairRatio.toFixed(3)} (pairs ${quartiles(pairs)}) → ` +
        `authorization adds ${overheadPct.toFixed(2)} % end to end (goal < 5 %; noisy on a shared machine)`,
    );
    console.log(
      `  server CPU per GET: root ${median(rootCpu).toFixed(0)} µs, user ${median(userCpu).toFixed(0)} µs → ` +
        `authorization adds ${((cpuRatio - 1) * 100).toFixed(2)} % server CPU per GET (goal < 5 %)`,
    );
    console.log(
      `  lookup+isAllowed per request (in-process, same policies): user ${(micro.user / 1000).toFixed(2)} µs, root ${(micro.root / 1000).toFixed(2)} µs; ` +
        `policy evaluation ${evalUs.toFixed(2)} µs = ${((evalUs / getUs) * 100).toFixed(2)} % of a GET's ${getUs.toFixed(0)} µs service time (goal < 5 %)`,
    );
  } finally {
    root.close();
    user.close();
    await target.stop();
  }
}
