// SPDX-License-Identifier: Apache-2.0
/**
 * Issue 7's browser bench: the object browser on a huge prefix and uploads of a big file through the
 * console, each printed as a ratio against a peer measured in the same run.
 *
 * - First row: time from navigation to the first rendered row of a 100,000-object prefix, against the same
 *   for a 10-object prefix (the ratio says how much the size of the prefix costs; 1.0 = nothing).
 * - Backend memory: the console process's peak RSS (VmHWM) before and after opening and scrolling through
 *   the big prefix (the growth says whether listing holds the prefix in memory).
 * - Upload: a 1 GiB file uploaded in Chromium through the console's upload button, against awscli copying
 *   the same file straight to the store (goal: console ≥ 0.8× awscli's throughput).
 *
 * - Moves (issue 35, `object-moves.ts`): 10,000 small objects and one large object moved through the
 *   console's jobs against `aws s3 mv` on the same store (goal: console ≥ 0.8× awscli).
 *
 * Env: BENCH_BROWSER_KEYS (100000), BENCH_UPLOAD_MIB (1024), BENCH_BROWSER_PARTS (`browser,moves`: the
 * parts to run), and object-moves.ts's own.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { runObjectMoves } from './object-moves.js';
import { BenchClient } from './support/client.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const KEYS = Number(process.env.BENCH_BROWSER_KEYS ?? 100_000);
const UPLOAD_MIB = Number(process.env.BENCH_UPLOAD_MIB ?? 1024);
const CONSOLE_PORT = 19790;
const S3_PORT = 19700;
const USER = 'bench-admin';
const PASSWORD = 'bench-admin-secret';
const BUCKET = 'browse-bench';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const AWS = '/usr/bin/aws';
const PARTS = new Set((process.env.BENCH_BROWSER_PARTS ?? 'browser,moves').split(','));

interface Console {
  child: ChildProcess;
  url: string;
  s3: BenchClient;
}

async function startConsole(dataDir: string): Promise<Console> {
  const child = spawn(process.execPath, [path.join(root, 'packages/console/dist/main.js')], {
    env: {
      ...process.env,
      CONSOLE_PORT: String(CONSOLE_PORT),
      CONSOLE_HOST: '127.0.0.1',
      STOWAGE_S3_PORT: String(S3_PORT),
      STOWAGE_DATA_DIR: dataDir,
      MINIO_ROOT_USER: USER,
      MINIO_ROOT_PASSWORD: PASSWORD,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('RootPass')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`console exited early (${code}): ${out}`)));
  });
  child.stdout?.resume();
  return {
    child,
    url: `http://127.0.0.1:${CONSOLE_PORT}`,
    s3: new BenchClient(`http://127.0.0.1:${S3_PORT}`, USER, PASSWORD),
  };
}

/** Peak and current resident memory of a process, in MiB (Linux /proc). */
async function memoryOf(pid: number): Promise<{ peak: number; now: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string): number => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { peak: kib('VmHWM') / 1024, now: kib('VmRSS') / 1024 };
}

async function resetPeak(pid: number): Promise<void> {
  await writeFile(`/proc/${pid}/clear_refs`, '5').catch((e: Error) => {
    console.log(`  (could not reset the peak RSS: ${e.message}; the figure includes the fill)`);
  });
}

async function putMany(s3: BenchClient, prefix: string, count: number): Promise<void> {
  const body = Buffer.from('x');
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < count; i = next++) {
      const key = `${prefix}obj-${String(i).padStart(6, '0')}.txt`;
      const res = await s3.request('PUT', `/${BUCKET}/${key}`, body);
      if (res.status !== 200) throw new Error(`PUT ${key}: ${res.status} ${res.body?.toString()}`);
    }
  };
  await Promise.all(Array.from({ length: 32 }, worker));
}

async function signIn(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByPlaceholder('Enter Username').fill(USER);
  await page.getByPlaceholder('Enter Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((u) => !u.pathname.endsWith('/login'));
}

/** Milliseconds from navigation start to the first object row on screen (median of `runs`). */
async function timeToFirstRow(page: Page, url: string, prefix: string, runs = 3): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    await page.goto('about:blank');
    const started = performance.now();
    await page.goto(`${url}/buckets/${BUCKET}/browse/${prefix}`);
    await page
      .getByText(`obj-000000.txt`, { exact: true })
      .first()
      .waitFor({ state: 'visible', timeout: 120_000 });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}

/** Scrolls the virtualized list to its very end, letting it load every page; returns the last name seen. */
async function scrollToEnd(page: Page, lastName: string): Promise<void> {
  const deadline = Date.now() + 15 * 60_000;
  // The table scrolls in its own box: the wheel goes to what is under the mouse.
  await page.getByRole('table', { name: 'Objects' }).hover();
  while (Date.now() < deadline) {
    if (await page.getByText(lastName, { exact: true }).isVisible()) return;
    await page.mouse.wheel(0, 40 * 2_000);
    await page.waitForTimeout(50);
  }
  throw new Error(`never reached ${lastName} while scrolling`);
}

async function makeFile(file: string, mib: number): Promise<void> {
  const out = createWriteStream(file);
  const chunk = randomBytes(1024 * 1024);
  for (let i = 0; i < mib; i++) {
    if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
}

async function uploadThroughConsole(page: Page, url: string, file: string): Promise<number> {
  await page.goto(`${url}/buckets/${BUCKET}/browse/uploads/`);
  await page.getByText('This location is empty', { exact: false }).first().waitFor();
  const started = performance.now();
  // What 'Upload file' opens: the hidden file input.
  await page.getByLabel('Files to upload').setInputFiles(file);
  await page.getByText('Object(s) uploaded successfully.').waitFor({ timeout: 30 * 60_000 });
  return performance.now() - started;
}

function uploadWithAwscli(file: string, configDir: string): number {
  const started = performance.now();
  const r = spawnSync(
    AWS,
    [
      '--endpoint-url',
      `http://127.0.0.1:${S3_PORT}`,
      's3',
      'cp',
      file,
      `s3://${BUCKET}/awscli/${path.basename(file)}`,
    ],
    {
      env: {
        ...withoutCaBundle(process.env),
        AWS_ACCESS_KEY_ID: USER,
        AWS_SECRET_ACCESS_KEY: PASSWORD,
        AWS_DEFAULT_REGION: 'us-east-1',
        AWS_CONFIG_FILE: path.join(configDir, 'aws-config'),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (r.status !== 0) throw new Error(`aws s3 cp failed (${r.status})`);
  return performance.now() - started;
}

/** The host's AWS_CA_BUNDLE points the CLI at a proxy's CA; the store here is plain HTTP. */
function withoutCaBundle(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { AWS_CA_BUNDLE: _ignored, ...rest } = env;
  return rest;
}

const mib = (n: number): string => `${n.toFixed(0)} MiB`;

export async function runObjectBrowser(): Promise<void> {
  console.log(
    `\n== object browser (issues 7, 35): ${[...PARTS].join(', ')}${PARTS.has('browser') ? ` — ${KEYS.toLocaleString('en-US')}-object prefix, ${UPLOAD_MIB} MiB upload` : ''}`,
  );
  for (const needed of [CHROMIUM, AWS]) {
    if (!existsSync(needed)) {
      console.log(`  skipped: ${needed} is missing (apt-get install chromium awscli)`);
      return;
    }
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'stowage-bench-browser-'));
  const c = await startConsole(dataDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    const created = await c.s3.request('PUT', `/${BUCKET}`);
    if (created.status !== 200) throw new Error(`create bucket: ${created.status}`);
    if (PARTS.has('moves')) {
      await runObjectMoves({
        url: c.url,
        s3Url: `http://127.0.0.1:${S3_PORT}`,
        s3: c.s3,
        user: USER,
        password: PASSWORD,
        dataDir,
      });
    }
    if (!PARTS.has('browser')) return;
    const fill = performance.now();
    await putMany(c.s3, 'small/', 10);
    await putMany(c.s3, 'big/', KEYS);
    console.log(
      `  filled ${KEYS.toLocaleString('en-US')} objects in ${((performance.now() - fill) / 1000).toFixed(0)} s`,
    );

    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, c.url);
    const small = await timeToFirstRow(page, c.url, 'small/');
    // The store runs in the console's process and filling it raised the peak: start the peak afresh
    // (Linux: writing 5 to clear_refs resets VmHWM to the current RSS) so it measures the listing alone.
    await resetPeak(c.child.pid ?? 0);
    const before = await memoryOf(c.child.pid ?? 0);
    const big = await timeToFirstRow(page, c.url, 'big/');
    await scrollToEnd(page, `obj-${String(KEYS - 1).padStart(6, '0')}.txt`);
    const after = await memoryOf(c.child.pid ?? 0);
    console.log(
      `  first row: ${big.toFixed(0)} ms on ${KEYS.toLocaleString('en-US')} objects vs ${small.toFixed(0)} ms on 10 → ${(big / small).toFixed(2)}× (1.00 = size costs nothing)`,
    );
    console.log(
      `  console RSS: ${mib(before.now)} before, peak ${mib(after.peak)} while listing and scrolling all of them → grew ${mib(after.peak - before.now)} (${(((after.peak - before.now) / KEYS) * 1024 * 1024).toFixed(0)} B per object)`,
    );

    const file = path.join(dataDir, `upload-${UPLOAD_MIB}MiB.bin`);
    await makeFile(file, UPLOAD_MIB);
    await writeFile(path.join(dataDir, 'aws-config'), '[default]\ns3 =\n    addressing_style = path\n');
    const viaConsole = await uploadThroughConsole(page, c.url, file);
    const viaAws = uploadWithAwscli(file, dataDir);
    const rate = (ms: number): string => `${(UPLOAD_MIB / (ms / 1000)).toFixed(0)} MiB/s`;
    console.log(
      `  upload ${UPLOAD_MIB} MiB: console ${rate(viaConsole)}, awscli straight to the store ${rate(viaAws)} → ${(viaAws / viaConsole).toFixed(2)}× awscli (goal ≥ 0.80)`,
    );
  } finally {
    await browser.close();
    c.child.kill('SIGTERM');
    await new Promise((r) => c.child.once('exit', r));
    await rm(dataDir, { recursive: true, force: true });
  }
}
