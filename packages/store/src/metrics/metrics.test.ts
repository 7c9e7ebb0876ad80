// SPDX-License-Identifier: Apache-2.0
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generatePrometheusToken, MadminClient } from '@stowage/madmin';
import * as Minio from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StoreHandle, startStore } from '../server.js';
import { parseFdLimit, parseProcIo } from './process-stats.js';

// The store's Prometheus endpoints end to end: S3 traffic through the SDK, then scrapes with the token
// `mc admin prometheus generate` makes, as Prometheus would send it.
const ROOT = 'metrics-root';
const SECRET = 'metrics-secret-123456';
let dirs: string[] = [];
let store: StoreHandle;
let publicStore: StoreHandle;

async function open(env: Record<string, string>): Promise<StoreHandle> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'stowage-metrics-'));
  dirs.push(dataDir);
  return startStore({ dataDir, drives: 4, port: 0, rootUser: ROOT, rootPassword: SECRET, env });
}

const token = (accessKey = ROOT, secretKey = SECRET, expirySeconds?: number): string =>
  generatePrometheusToken({
    accessKey,
    secretKey,
    ...(expirySeconds !== undefined ? { expirySeconds } : {}),
  });

function scrape(s: StoreHandle, group: string, bearer?: string): Promise<Response> {
  return fetch(`${s.url}/minio/v2/metrics/${group}`, {
    headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
  });
}

/** The value of one sample line `name{labels} value` whose labels include all of `labels`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) {
      return Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return undefined;
}

beforeAll(async () => {
  store = await open({});
  publicStore = await open({ MINIO_PROMETHEUS_AUTH_TYPE: 'public' });
  const url = new URL(store.url);
  const s3 = new Minio.Client({
    endPoint: url.hostname,
    port: store.port,
    useSSL: false,
    accessKey: ROOT,
    secretKey: SECRET,
  });
  await s3.makeBucket('metered');
  await s3.putObject('metered', 'small.txt', Buffer.from('hello metrics'));
  await s3.putObject('metered', 'two-kib.bin', Buffer.alloc(2048, 7));
  await (await s3.getObject('metered', 'small.txt')).toArray();
  await s3.statObject('metered', 'missing').catch(() => undefined);
  const admin = new MadminClient({ endpoint: store.url, accessKey: ROOT, secretKey: SECRET });
  await admin.dataUsageInfo();
});

afterAll(async () => {
  await store?.close();
  await publicStore?.close();
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  dirs = [];
});

describe('/minio/v2/metrics', () => {
  it('serves the cluster group in MinIO names after S3 traffic', async () => {
    const res = await scrape(store, 'cluster', token());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    const server = new URL(store.url).host;
    expect(sample(text, 'minio_s3_requests_total', { api: 'PutObject', server })).toBe(2);
    expect(sample(text, 'minio_s3_requests_total', { api: 'GetObject' })).toBe(1);
    expect(sample(text, 'minio_s3_requests_errors_total', { api: 'HeadObject' })).toBe(1);
    expect(sample(text, 'minio_s3_requests_4xx_errors_total', { api: 'HeadObject' })).toBe(1);
    expect(sample(text, 'minio_s3_traffic_received_bytes')).toBeGreaterThanOrEqual(2048 + 13);
    expect(sample(text, 'minio_s3_traffic_sent_bytes')).toBeGreaterThanOrEqual(13);
    expect(sample(text, 'minio_cluster_disk_online_total')).toBe(4);
    expect(sample(text, 'minio_cluster_disk_offline_total')).toBe(0);
    expect(sample(text, 'minio_cluster_nodes_online_total')).toBe(1);
    expect(sample(text, 'minio_cluster_capacity_usable_total_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'minio_cluster_capacity_usable_free_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'minio_bucket_usage_object_total', { bucket: 'metered' })).toBe(2);
    expect(sample(text, 'minio_bucket_usage_total_bytes', { bucket: 'metered' })).toBe(2048 + 13);
    expect(sample(text, 'minio_cluster_objects_size_distribution', { range: 'LESS_THAN_1024_B' })).toBe(1);
    expect(
      sample(text, 'minio_cluster_objects_size_distribution', { range: 'BETWEEN_1024_B_AND_1_MB' }),
    ).toBe(1);
    expect(sample(text, 'minio_cluster_bucket_total')).toBe(1);
    expect(sample(text, 'minio_usage_last_activity_nano_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('serves the node group: drives, inodes and the process', async () => {
    const text = await (await scrape(store, 'node', token())).text();
    expect(sample(text, 'minio_node_disk_total_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'minio_node_disk_free_inodes')).toBeGreaterThan(0);
    expect(sample(text, 'minio_node_process_uptime_seconds')).toBeGreaterThan(0);
    expect(sample(text, 'minio_node_process_resident_memory_bytes')).toBeGreaterThan(1024 * 1024);
    expect(sample(text, 'minio_node_file_descriptor_open_total')).toBeGreaterThan(0);
    expect(sample(text, 'minio_node_syscall_read_total')).toBeGreaterThan(0);
    expect(sample(text, 'minio_s3_requests_total', { api: 'PutObject' })).toBe(2);
  });

  it('serves the bucket group: per-bucket requests and traffic', async () => {
    const text = await (await scrape(store, 'bucket', token())).text();
    expect(sample(text, 'minio_bucket_requests_total', { bucket: 'metered', api: 'PutObject' })).toBe(2);
    expect(sample(text, 'minio_bucket_traffic_received_bytes', { bucket: 'metered' })).toBeGreaterThanOrEqual(
      2061,
    );
  });

  it('refuses a scrape without a valid token, with the reason', async () => {
    const none = await scrape(store, 'cluster');
    expect(none.status).toBe(403);
    expect(await none.json()).toMatchObject({
      Code: 'AccessDenied',
      Message: expect.stringContaining('bearer'),
    });
    const forged = await scrape(store, 'cluster', token(ROOT, 'not-the-secret'));
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as { Message: string }).Message).toContain('not signed');
    const expired = await scrape(store, 'cluster', token(ROOT, SECRET, -60));
    expect(((await expired.json()) as { Message: string }).Message).toContain('expired');
    const unknown = await scrape(store, 'cluster', token('nobody', SECRET));
    expect(((await unknown.json()) as { Message: string }).Message).toContain('no known access key');
  });

  it('refuses a user whose policy does not allow admin:Prometheus', async () => {
    const admin = new MadminClient({ endpoint: store.url, accessKey: ROOT, secretKey: SECRET });
    await admin.addUser('reader', 'reader-secret-123');
    await admin.setPolicy('readonly', 'reader', false);
    const res = await scrape(store, 'cluster', token('reader', 'reader-secret-123'));
    expect(res.status).toBe(403);
    expect(((await res.json()) as { Message: string }).Message).toContain('admin:Prometheus');
    await admin.setPolicy('diagnostics', 'reader', false);
    expect((await scrape(store, 'cluster', token('reader', 'reader-secret-123'))).status).toBe(200);
  });

  it('counts a request whose declared length is nonsense as 0 bytes, and keeps serving', async () => {
    // Found by the fuzzer: a negative length once made the byte counter throw in the store's process.
    const res = await fetch(`${store.url}/metered/anything`, {
      method: 'PUT',
      headers: { 'x-amz-decoded-content-length': '-1' },
      body: 'x',
    });
    expect(res.status).toBe(403);
    await new Promise((r) => setTimeout(r, 50));
    const scraped = await scrape(store, 'cluster', token());
    expect(scraped.status).toBe(200);
    expect(sample(await scraped.text(), 'minio_s3_traffic_received_bytes')).toBeGreaterThanOrEqual(0);
  });

  it('answers an unknown group with a clear error', async () => {
    const res = await scrape(store, 'everything', token());
    expect(res.status).toBe(400);
    expect(((await res.json()) as { Message: string }).Message).toContain('cluster, node or bucket');
  });

  it('needs no token when MINIO_PROMETHEUS_AUTH_TYPE is public', async () => {
    const res = await scrape(publicStore, 'node');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('minio_node_process_starttime_seconds');
  });
});

describe('process figures', () => {
  it('parses /proc/self/io and the open-files limit', () => {
    expect(parseProcIo('rchar: 10\nsyscr: 3\n')).toEqual({ rchar: 10, syscr: 3 });
    expect(parseFdLimit('Max open files            1024                4096                files\n')).toBe(
      1024,
    );
    expect(parseFdLimit('Max cpu time unlimited\n')).toBeNull();
  });
});
