// SPDX-License-Identifier: Apache-2.0
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BucketTarget, MadminClient, signRequest } from '@stowage/madmin';
import { type StoreHandle, startStore } from '../../server.js';

/** Two embedded stores for replication tests: each on its own temp folder and free port. */

export const ROOT = 'repl-root';
export const SECRET = 'repl-root-secret-123';

export interface Site {
  dataDir: string;
  store: StoreHandle;
  admin: MadminClient;
}

export async function startSite(dataDir?: string, port = 0): Promise<Site> {
  const dir = dataDir ?? (await mkdtemp(path.join(tmpdir(), 'stowage-repl-')));
  const store = await startStore({
    dataDir: dir,
    drives: 1,
    port,
    host: '127.0.0.1',
    rootUser: ROOT,
    rootPassword: SECRET,
    env: {},
    replicationRetryMs: 100,
    shutdownGraceMs: 200,
  });
  return {
    dataDir: dir,
    store,
    admin: new MadminClient({ endpoint: store.url, accessKey: ROOT, secretKey: SECRET }),
  };
}

/** Stop the sites' stores and remove their data folders (a test run leaves nothing in the temp folder). */
export async function stopSites(...sites: (Site | undefined)[]): Promise<void> {
  await Promise.all(sites.map((s) => s?.store.close()));
  await Promise.all(sites.map((s) => s && rm(s.dataDir, { recursive: true, force: true })));
}

export interface S3Reply {
  status: number;
  headers: Headers;
  body: Buffer;
}

/** A signed S3 request as root. */
export async function s3(
  site: Site,
  method: string,
  p: string,
  opts: { body?: Buffer | string; headers?: Record<string, string> } = {},
): Promise<S3Reply> {
  const url = new URL(`${site.store.url}${p}`);
  const body = opts.body === undefined ? undefined : Buffer.from(opts.body);
  const headers = signRequest({
    method,
    url,
    headers: opts.headers ?? {},
    ...(body ? { body } : {}),
    accessKey: ROOT,
    secretKey: SECRET,
    region: 'us-east-1',
    service: 's3',
  });
  const res = await fetch(url, { method, headers, ...(body ? { body } : {}) });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

export async function versionedBucket(site: Site, bucket: string): Promise<void> {
  await s3(site, 'PUT', `/${bucket}`);
  const v = await s3(site, 'PUT', `/${bucket}?versioning`, {
    body: '<VersioningConfiguration><Status>Enabled</Status></VersioningConfiguration>',
  });
  if (v.status !== 200) throw new Error(`versioning: ${v.status} ${v.body}`);
}

export function targetOf(
  to: Site,
  source: string,
  bucket: string,
  extra: Partial<BucketTarget> = {},
): BucketTarget {
  return {
    sourcebucket: source,
    endpoint: new URL(to.store.url).host,
    credentials: { accessKey: ROOT, secretKey: SECRET, expiration: '0001-01-01T00:00:00Z' } as never,
    targetbucket: bucket,
    secure: false,
    type: 'replication',
    replicationSync: false,
    disableProxy: false,
    ...extra,
  };
}

export function ruleXml(arn: string, opts: { prefix?: string; deletes?: boolean } = {}): string {
  const on = (b: boolean | undefined): string => (b === false ? 'Disabled' : 'Enabled');
  return `<ReplicationConfiguration><Rule><ID>r1</ID><Status>Enabled</Status><Priority>1</Priority>
<DeleteMarkerReplication><Status>${on(opts.deletes)}</Status></DeleteMarkerReplication>
<DeleteReplication><Status>${on(opts.deletes)}</Status></DeleteReplication>
<Filter><Prefix>${opts.prefix ?? ''}</Prefix></Filter>
<Destination><Bucket>${arn}</Bucket></Destination></Rule></ReplicationConfiguration>`;
}

export interface VersionRow {
  key: string;
  versionId: string;
  etag: string;
  lastModified: string;
  deleteMarker: boolean;
}

/** Every version of a bucket (ListObjectVersions, all pages). */
export async function listVersions(site: Site, bucket: string): Promise<VersionRow[]> {
  const rows: VersionRow[] = [];
  let marker = '';
  let vmarker = '';
  for (;;) {
    const q = `versions&max-keys=1000${marker ? `&key-marker=${encodeURIComponent(marker)}&version-id-marker=${vmarker}` : ''}`;
    const res = await s3(site, 'GET', `/${bucket}?${q}`);
    const xml = res.body.toString('utf8');
    for (const m of xml.matchAll(/<(Version|DeleteMarker)>(.*?)<\/\1>/g)) {
      const body = m[2] ?? '';
      const field = (n: string): string => new RegExp(`<${n}>([^<]*)</${n}>`).exec(body)?.[1] ?? '';
      rows.push({
        key: field('Key'),
        versionId: field('VersionId'),
        etag: field('ETag'),
        lastModified: field('LastModified'),
        deleteMarker: m[1] === 'DeleteMarker',
      });
    }
    if (!xml.includes('<IsTruncated>true</IsTruncated>')) break;
    marker = /<NextKeyMarker>([^<]*)</.exec(xml)?.[1] ?? '';
    vmarker = /<NextVersionIdMarker>([^<]*)</.exec(xml)?.[1] ?? '';
  }
  return rows.sort((a, b) => (a.key + a.versionId < b.key + b.versionId ? -1 : 1));
}

export interface Metrics {
  pendingReplicationCount: number;
  failedReplicationCount: number;
  replicationCount: number;
}

export async function metrics(site: Site, bucket: string): Promise<Metrics> {
  const res = await s3(site, 'GET', `/${bucket}?replication-metrics`);
  return JSON.parse(res.body.toString('utf8')) as Metrics;
}

/** Polls until `check` returns true (or throws after `ms`). */
export async function waitFor(check: () => Promise<boolean>, ms = 60_000, what = 'condition'): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}
