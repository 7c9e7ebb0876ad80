// SPDX-License-Identifier: Apache-2.0
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import type { StartedService } from '../service.js';

const BINARY = '/usr/bin/prometheus';

/** What a test gets: the server's URL and the folder its scrape jobs live in. */
export interface PrometheusInfo {
  url: string;
  jobsDir: string;
  configFile: string;
}

/** One scrape job a test adds once it knows its store's port and token. */
export interface ScrapeJob {
  jobName: string;
  /** e.g. `127.0.0.1:9000` */
  target: string;
  metricsPath: string;
  bearerToken?: string;
  /** Default 1 s, so a test sees samples quickly. */
  scrapeInterval?: string;
}

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as { port: number };
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

/** prometheus.yml (JSON is YAML) from every job file in `jobsDir`, written atomically. */
async function writeConfig(info: PrometheusInfo): Promise<void> {
  const names = (await readdir(info.jobsDir)).filter((n) => n.endsWith('.json')).sort();
  const jobs = await Promise.all(
    names.map(async (n) => JSON.parse(await readFile(path.join(info.jobsDir, n), 'utf8')) as ScrapeJob),
  );
  const config = {
    global: { scrape_interval: '1s', evaluation_interval: '1s' },
    scrape_configs: jobs.map((j) => ({
      job_name: j.jobName,
      scrape_interval: j.scrapeInterval ?? '1s',
      metrics_path: j.metricsPath,
      ...(j.bearerToken ? { authorization: { type: 'Bearer', credentials: j.bearerToken } } : {}),
      static_configs: [{ targets: [j.target] }],
    })),
  };
  const tmp = `${info.configFile}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(tmp, JSON.stringify(config, null, 2));
  await rename(tmp, info.configFile);
}

/**
 * Adds (or replaces) a scrape job, reloads Prometheus and waits for the job's first successful scrape.
 * Runs in the test's own process: the store's port and token are known only there.
 */
export async function addScrapeJob(info: PrometheusInfo, job: ScrapeJob): Promise<void> {
  if (!/^[\w-]+$/.test(job.jobName))
    throw new Error(`job name ${job.jobName}: letters, digits, - and _ only`);
  await writeFile(path.join(info.jobsDir, `${job.jobName}.json`), JSON.stringify(job));
  await writeConfig(info);
  const res = await fetch(`${info.url}/-/reload`, { method: 'POST' });
  if (!res.ok) throw new Error(`prometheus reload: ${res.status} ${await res.text()}`);
  await waitForSeries(info, `up{job="${job.jobName}"} == 1`);
}

/** Waits until Prometheus answers `query` (an instant PromQL query) with at least one series. */
export async function waitForSeries(info: PrometheusInfo, query: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${info.url}/api/v1/query?query=${encodeURIComponent(query)}`);
    const body = (await res.json()) as { data?: { result?: unknown[] } };
    if ((body.data?.result?.length ?? 0) > 0) return;
    if (Date.now() > deadline) throw new Error(`prometheus: no series for ${query} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function waitReady(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`prometheus exited (${child.exitCode}): ${log()}`);
    try {
      if ((await fetch(`${url}/-/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`prometheus did not become ready: ${log()}`);
}

/** Debian's Prometheus on a free port; scrape jobs are added by tests with {@link addScrapeJob}. */
export async function start(scratchDir: string): Promise<StartedService> {
  if (!existsSync(BINARY)) {
    throw new Error(`${BINARY} is missing: install the Debian package prometheus (scripts/system-deps.sh)`);
  }
  const jobsDir = path.join(scratchDir, 'jobs');
  await mkdir(jobsDir, { recursive: true });
  const port = await freePort();
  const info: PrometheusInfo = {
    url: `http://127.0.0.1:${port}`,
    jobsDir,
    configFile: path.join(scratchDir, 'prometheus.yml'),
  };
  await writeConfig(info);
  let output = '';
  const child = spawn(
    BINARY,
    [
      `--config.file=${info.configFile}`,
      `--storage.tsdb.path=${path.join(scratchDir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--web.enable-lifecycle',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  await waitReady(info.url, child, () => output);
  return {
    info: { ...info },
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
