// SPDX-License-Identifier: Apache-2.0
/**
 * Issue 35's move bench: moves through the console's background jobs against `aws s3 mv` on the same
 * store, as throughput ratios (goal: console ≥ 0.8× awscli).
 *
 * - 10,000 small objects under one prefix moved to another bucket: a console move job (server-side
 *   CopyObject, verification, delete of the source) vs `aws s3 mv --recursive`.
 * - One large object moved to another bucket: a console move job (CopyObject up to 5 GiB) vs `aws s3 mv`
 *   (multipart UploadPartCopy).
 *
 * Env: BENCH_MOVE_KEYS (10000), BENCH_MOVE_MIB (1024). The console is started by the caller (object-browser.ts).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type BenchClient, randomStream } from './support/client.js';

const MOVE_KEYS = Number(process.env.BENCH_MOVE_KEYS ?? 10_000);
const MOVE_MIB = Number(process.env.BENCH_MOVE_MIB ?? 1024);
const AWS = '/usr/bin/aws';

export interface MoveBenchTarget {
  url: string;
  s3Url: string;
  s3: BenchClient;
  user: string;
  password: string;
  dataDir: string;
}

async function ok(res: Promise<{ status: number; body: Buffer | null }>, what: string): Promise<void> {
  const r = await res;
  if (r.status !== 200) throw new Error(`${what}: ${r.status} ${r.body?.toString() ?? ''}`);
}

async function fill(s3: BenchClient, bucket: string, prefix: string, count: number): Promise<void> {
  const body = Buffer.from('small object body');
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < count; i = next++)
      await ok(s3.request('PUT', `/${bucket}/${prefix}k-${String(i).padStart(6, '0')}`, body), 'fill');
  };
  await Promise.all(Array.from({ length: 32 }, worker));
}

async function signIn(t: MoveBenchTarget): Promise<string> {
  const res = await fetch(`${t.url}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ accessKey: t.user, secretKey: t.password }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('token='));
  if (res.status !== 204 || cookie === undefined) throw new Error(`login: ${res.status}`);
  return cookie.split(';')[0] as string;
}

/** Starts a console move job and waits for it; milliseconds from the request to the job's end. */
async function moveThroughConsole(
  t: MoveBenchTarget,
  cookie: string,
  from: { bucket: string; path: string },
  to: { bucket: string; path: string },
): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${t.url}/api/v1/jobs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      kind: 'move',
      source_bucket: from.bucket,
      target_bucket: to.bucket,
      items: [{ source: from.path, target: to.path }],
      conflict: 'overwrite',
    }),
  });
  const job = (await res.json()) as { id: string };
  if (res.status !== 202) throw new Error(`start job: ${res.status} ${JSON.stringify(job)}`);
  for (let i = 0; i < 100_000; i++) {
    const got = (await (await fetch(`${t.url}/api/v1/jobs/${job.id}`, { headers: { cookie } })).json()) as {
      state: string;
      progress: { failed: number };
    };
    if (got.state !== 'running') {
      if (got.state !== 'completed' || got.progress.failed > 0)
        throw new Error(`job ended ${JSON.stringify(got)}`);
      return performance.now() - started;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the move job never ended');
}

function moveWithAwscli(t: MoveBenchTarget, from: string, to: string, recursive: boolean): number {
  const started = performance.now();
  const { AWS_CA_BUNDLE: _ignored, ...env } = process.env;
  const r = spawnSync(
    AWS,
    [
      '--endpoint-url',
      t.s3Url,
      's3',
      'mv',
      from,
      to,
      ...(recursive ? ['--recursive', '--only-show-errors'] : []),
    ],
    {
      env: {
        ...env,
        AWS_ACCESS_KEY_ID: t.user,
        AWS_SECRET_ACCESS_KEY: t.password,
        AWS_DEFAULT_REGION: 'us-east-1',
        AWS_CONFIG_FILE: path.join(t.dataDir, 'aws-config'),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (r.status !== 0) throw new Error(`aws s3 mv failed (${r.status})`);
  return performance.now() - started;
}

export async function runObjectMoves(t: MoveBenchTarget): Promise<void> {
  console.log(
    `  moves (issue 35): ${MOVE_KEYS.toLocaleString('en-US')} small objects, one ${MOVE_MIB} MiB object`,
  );
  await writeFile(path.join(t.dataDir, 'aws-config'), '[default]\ns3 =\n    addressing_style = path\n');
  for (const b of ['move-src', 'move-dst']) await ok(t.s3.request('PUT', `/${b}`), `create ${b}`);
  const cookie = await signIn(t);

  await fill(t.s3, 'move-src', 'console/', MOVE_KEYS);
  await fill(t.s3, 'move-src', 'awscli/', MOVE_KEYS);
  const smallConsole = await moveThroughConsole(
    t,
    cookie,
    { bucket: 'move-src', path: 'console/' },
    { bucket: 'move-dst', path: 'console/' },
  );
  const smallAws = moveWithAwscli(t, 's3://move-src/awscli/', 's3://move-dst/awscli/', true);
  const perSecond = (ms: number): string => `${(MOVE_KEYS / (ms / 1000)).toFixed(0)} objects/s`;
  console.log(
    `  move ${MOVE_KEYS.toLocaleString('en-US')} small objects: console ${perSecond(smallConsole)}, aws s3 mv ${perSecond(smallAws)} → ${(smallAws / smallConsole).toFixed(2)}× awscli (goal ≥ 0.80)`,
  );

  const size = MOVE_MIB * 1024 * 1024;
  const block = randomBytes(1024 * 1024);
  for (const key of ['console/large.bin', 'awscli/large.bin'])
    await ok(t.s3.request('PUT', `/move-src/${key}`, randomStream(size, block), size), `put ${key}`);
  const largeConsole = await moveThroughConsole(
    t,
    cookie,
    { bucket: 'move-src', path: 'console/large.bin' },
    { bucket: 'move-dst', path: 'console/large.bin' },
  );
  const largeAws = moveWithAwscli(
    t,
    's3://move-src/awscli/large.bin',
    's3://move-dst/awscli/large.bin',
    false,
  );
  const rate = (ms: number): string => `${(MOVE_MIB / (ms / 1000)).toFixed(0)} MiB/s`;
  console.log(
    `  move one ${MOVE_MIB} MiB object: console ${rate(largeConsole)}, aws s3 mv ${rate(largeAws)} → ${(largeAws / largeConsole).toFixed(2)}× awscli (goal ≥ 0.80)`,
  );
}
