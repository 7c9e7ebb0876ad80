// SPDX-License-Identifier: Apache-2.0
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generatePrometheusConfig } from '@stowage/madmin';
import * as Minio from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testService } from '../../../../test-services/index.js';
import {
  addScrapeJob,
  type PrometheusInfo,
  waitForSeries,
} from '../../../../test-services/services/prometheus.js';
import { type StoreHandle, startStore } from '../server.js';

// Debian's Prometheus scrapes the store with the job `mc admin prometheus generate` would print.
const ROOT = 'scrape-root';
const SECRET = 'scrape-secret-123456';
let dataDir: string;
let store: StoreHandle;
let prom: PrometheusInfo;
const job = `stowage-scrape-${process.pid}`;

beforeAll(async () => {
  prom = await testService<PrometheusInfo>('prometheus');
  dataDir = await mkdtemp(path.join(tmpdir(), 'stowage-scrape-'));
  store = await startStore({ dataDir, drives: 4, port: 0, rootUser: ROOT, rootPassword: SECRET, env: {} });
  const s3 = new Minio.Client({
    endPoint: '127.0.0.1',
    port: store.port,
    useSSL: false,
    accessKey: ROOT,
    secretKey: SECRET,
  });
  await s3.makeBucket('scraped');
  await s3.putObject('scraped', 'a.txt', Buffer.from('scraped by prometheus'));
  const generated = generatePrometheusConfig(store.url, { accessKey: ROOT, secretKey: SECRET, jobName: job });
  await addScrapeJob(prom, {
    jobName: generated.job_name,
    target: generated.static_configs[0]!.targets[0]!,
    metricsPath: generated.metrics_path,
    bearerToken: generated.bearer_token,
  });
});

afterAll(async () => {
  await store?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function query(q: string): Promise<Array<{ metric: Record<string, string>; value: [number, string] }>> {
  const res = await fetch(`${prom.url}/api/v1/query?query=${encodeURIComponent(q)}`);
  const body = (await res.json()) as {
    data: { result: Array<{ metric: Record<string, string>; value: [number, string] }> };
  };
  return body.data.result;
}

describe('Prometheus scraping the store', () => {
  it('scrapes the cluster group with the generated token', async () => {
    await waitForSeries(prom, `minio_s3_requests_total{job="${job}",api="PutObject"}`);
    const up = await query(`up{job="${job}"}`);
    expect(up[0]?.value[1]).toBe('1');
    const puts = await query(`minio_s3_requests_total{job="${job}",api="PutObject"}`);
    expect(Number(puts[0]?.value[1])).toBe(1);
    expect(puts[0]?.metric.server).toBe(new URL(store.url).host);
    const drives = await query(`minio_cluster_disk_online_total{job="${job}"}`);
    expect(drives[0]?.value[1]).toBe('4');
  });
});
