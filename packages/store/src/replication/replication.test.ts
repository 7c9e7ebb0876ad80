// SPDX-License-Identifier: Apache-2.0
import { createHash } from 'node:crypto';
import { generatePrometheusConfig, MadminError } from '@stowage/madmin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testService } from '../../../../test-services/index.js';
import {
  addScrapeJob,
  type PrometheusInfo,
  waitForSeries,
} from '../../../../test-services/services/prometheus.js';
import {
  listVersions,
  metrics,
  ROOT,
  ruleXml,
  SECRET,
  type Site,
  s3,
  startSite,
  stopSites,
  targetOf,
  versionedBucket,
  waitFor,
} from './testing/two-stores.js';

// Bucket replication end to end between two embedded stores (A → B, then B → A as well), driven over
// HTTP: remote targets through the admin API (madmin client), rules through ?replication, objects
// through signed S3 requests. Versions must arrive with the source's ids, times and bytes.

let a: Site;
let b: Site;
let arn: string;

function body(i: number, gen: number): Buffer {
  return Buffer.from(`object ${i} generation ${gen} `.repeat((i % 7) + 1));
}

async function adminFailure(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof MadminError)) throw new Error(`expected a MadminError, got ${String(err)}`);
  return err.code;
}

/** Runs fn(i) for i in [from, to), eight at a time (each key's changes stay in order across phases). */
async function pool(from: number, to: number, fn: (i: number) => Promise<unknown>): Promise<void> {
  let next = from;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < to) await fn(next++);
    }),
  );
}

async function settled(site: Site, bucket: string): Promise<void> {
  await waitFor(
    async () => {
      const m = await metrics(site, bucket);
      return (m.pendingReplicationCount ?? 0) === 0 && (m.failedReplicationCount ?? 0) === 0;
    },
    120_000,
    'replication to settle',
  );
}

beforeAll(async () => {
  [a, b] = await Promise.all([startSite(), startSite()]);
  await versionedBucket(a, 'src');
  await versionedBucket(b, 'dst');
}, 60_000);

afterAll(async () => {
  await stopSites(a, b);
});

describe('remote targets', () => {
  it('are checked when added: versioning on both sides, credentials, the target bucket', async () => {
    await s3(b, 'PUT', '/plain');
    expect(await adminFailure(a.admin.setRemoteTarget('src', targetOf(b, 'src', 'plain')))).toBe(
      'XMinioAdminRemoteTargetNotVersionedError',
    );
    expect(await adminFailure(a.admin.setRemoteTarget('src', targetOf(b, 'src', 'missing')))).toBe(
      'XMinioAdminRemoteDestinationNotFoundError',
    );
    const badCreds = targetOf(b, 'src', 'dst', {
      credentials: { accessKey: 'nobody', secretKey: 'wrong-secret-123' },
    });
    expect(await adminFailure(a.admin.setRemoteTarget('src', badCreds))).toBe(
      'XMinioAdminReplicationRemoteConnectionError',
    );
    await s3(a, 'PUT', '/unversioned');
    expect(
      await adminFailure(a.admin.setRemoteTarget('unversioned', targetOf(b, 'unversioned', 'dst'))),
    ).toBe('XMinioReplicationSourceNotVersionedError');
  });

  it('get an ARN, are listed without their secret, and cannot be added twice', async () => {
    arn = await a.admin.setRemoteTarget('src', targetOf(b, 'src', 'dst'));
    expect(arn).toMatch(/^arn:minio:replication:us-east-1:[0-9a-f-]{36}:dst$/);
    const list = await a.admin.listRemoteTargets('src', 'replication');
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ arn, targetbucket: 'dst', sourcebucket: 'src' });
    expect(list[0]?.credentials?.secretKey).toBe('');
    expect(await adminFailure(a.admin.setRemoteTarget('src', targetOf(b, 'src', 'dst')))).toBe(
      'XMinioAdminBucketRemoteAlreadyExists',
    );
  });
});

describe('replication configuration', () => {
  it('answers ReplicationConfigurationNotFoundError before one is set', async () => {
    const res = await s3(a, 'GET', '/src?replication');
    expect(res.status).toBe(404);
    expect(res.body.toString()).toContain('<Code>ReplicationConfigurationNotFoundError</Code>');
  });

  it('refuses rules naming an unknown target, duplicate priorities and empty documents', async () => {
    const unknown = await s3(a, 'PUT', '/src?replication', {
      body: ruleXml('arn:minio:replication:us-east-1:nope:dst'),
    });
    expect(unknown.status).toBe(400);
    const dup =
      ruleXml(arn).replace('</ReplicationConfiguration>', '') +
      ruleXml(arn).replace('<ReplicationConfiguration>', '').replace('<ID>r1</ID>', '<ID>r2</ID>');
    const dupRes = await s3(a, 'PUT', '/src?replication', { body: dup });
    expect(dupRes.status).toBe(400);
    expect(dupRes.body.toString()).toContain('duplicate priority');
    const empty = await s3(a, 'PUT', '/src?replication', { body: '<ReplicationConfiguration/>' });
    expect(empty.body.toString()).toContain('<Code>MalformedXML</Code>');
  });

  it('is stored and read back; the target cannot be removed while a rule uses it', async () => {
    expect((await s3(a, 'PUT', '/src?replication', { body: ruleXml(arn) })).status).toBe(200);
    const got = (await s3(a, 'GET', '/src?replication')).body.toString();
    expect(got).toContain(`<Bucket>${arn}</Bucket>`);
    expect(got).toContain('<DeleteMarkerReplication><Status>Enabled</Status></DeleteMarkerReplication>');
    expect(await adminFailure(a.admin.removeRemoteTarget('src', arn))).toBe(
      'XMinioAdminRemoteRemoveDisallowed',
    );
  });
});

describe('the engine', () => {
  it('replicates 1,000 changes — creates, overwrites, tags, delete markers, version deletes — bit-exact with the same version ids', async () => {
    const keys = 300;
    const versions: string[] = [];
    await pool(0, keys, async (i) => {
      const res = await s3(a, 'PUT', `/src/k/${i}`, {
        body: body(i, 1),
        headers: { 'x-amz-meta-n': String(i) },
      });
      versions[i] = res.headers.get('x-amz-version-id') ?? '';
    });
    await pool(0, 300, (i) => s3(a, 'PUT', `/src/k/${i}`, { body: body(i, 2) })); // overwrites
    const tagging = '<Tagging><TagSet><Tag><Key>t</Key><Value>v</Value></Tag></TagSet></Tagging>';
    await pool(0, 250, (i) => s3(a, 'PUT', `/src/k/${i}?tagging`, { body: tagging }));
    await pool(150, 250, (i) => s3(a, 'DELETE', `/src/k/${i}`)); // delete markers
    await pool(250, 300, (i) => s3(a, 'DELETE', `/src/k/${i}?versionId=${versions[i]}`)); // version deletes
    await settled(a, 'src');
    const [va, vb] = await Promise.all([listVersions(a, 'src'), listVersions(b, 'dst')]);
    expect(va.length).toBe(300 * 2 + 100 - 50);
    expect(vb).toEqual(va);
    // Bytes, metadata, tags and statuses of the latest versions.
    for (const i of [0, 1, 149, 200, 299]) {
      const [ga, gb] = await Promise.all([s3(a, 'GET', `/src/k/${i}`), s3(b, 'GET', `/dst/k/${i}`)]);
      expect(gb.status).toBe(ga.status);
      if (ga.status !== 200) continue;
      expect(createHash('sha256').update(gb.body).digest('hex')).toBe(
        createHash('sha256').update(ga.body).digest('hex'),
      );
      expect(ga.headers.get('x-amz-replication-status')).toBe('COMPLETED');
      expect(gb.headers.get('x-amz-replication-status')).toBe('REPLICA');
      expect(gb.headers.get('x-amz-version-id')).toBe(ga.headers.get('x-amz-version-id'));
      expect(gb.headers.get('last-modified')).toBe(ga.headers.get('last-modified'));
    }
    const tags = await s3(b, 'GET', '/dst/k/3?tagging');
    expect(tags.body.toString()).toContain('<Key>t</Key><Value>v</Value>');
    // 1,000 changes; a first version removed before its turn has nothing left to send.
    const m = await metrics(a, 'src');
    expect(m.replicationCount).toBeGreaterThanOrEqual(950);
  }, 180_000);

  it('catches up after the target was down, and the failed count returns to zero', async () => {
    const port = b.store.port;
    await b.store.close();
    for (let i = 0; i < 20; i++) await s3(a, 'PUT', `/src/outage/${i}`, { body: body(i, 9) });
    await waitFor(async () => (await metrics(a, 'src')).failedReplicationCount > 0, 30_000, 'a failure');
    const failed = await s3(a, 'HEAD', '/src/outage/0');
    expect(failed.headers.get('x-amz-replication-status')).toBe('FAILED');
    b = await startSite(b.dataDir, port);
    await settled(a, 'src');
    const [va, vb] = await Promise.all([listVersions(a, 'src'), listVersions(b, 'dst')]);
    expect(vb).toEqual(va);
    expect((await s3(a, 'HEAD', '/src/outage/0')).headers.get('x-amz-replication-status')).toBe('COMPLETED');
  }, 120_000);

  it('in sync mode acknowledges a write only after the target has it', async () => {
    await a.admin.updateRemoteTarget({ ...targetOf(b, 'src', 'dst'), arn, replicationSync: true }, ['sync']);
    for (let i = 0; i < 5; i++) {
      const put = await s3(a, 'PUT', `/src/sync/${i}`, { body: body(i, 3) });
      expect(put.status).toBe(200);
      // No waiting: the PUT's answer came after the replica was written.
      const head = await s3(b, 'HEAD', `/dst/sync/${i}`);
      expect(head.status).toBe(200);
      expect(head.headers.get('x-amz-version-id')).toBe(put.headers.get('x-amz-version-id'));
    }
    await a.admin.updateRemoteTarget({ ...targetOf(b, 'src', 'dst'), arn, replicationSync: false }, ['sync']);
  }, 60_000);

  it('replicates an encrypted object readable and encrypted at rest on the target', async () => {
    const data = body(3, 42);
    const put = await s3(a, 'PUT', '/src/secret/sse-s3', {
      body: data,
      headers: { 'x-amz-server-side-encryption': 'AES256' },
    });
    expect(put.status).toBe(200);
    await settled(a, 'src');
    const got = await s3(b, 'GET', '/dst/secret/sse-s3');
    expect(got.status).toBe(200);
    expect(got.headers.get('x-amz-server-side-encryption')).toBe('AES256');
    expect(got.headers.get('x-amz-version-id')).toBe(put.headers.get('x-amz-version-id'));
    expect(createHash('md5').update(got.body).digest('hex')).toBe(
      createHash('md5').update(data).digest('hex'),
    );
  }, 60_000);

  it('replicates an object uploaded in parts as a multipart upload with the same part boundaries', async () => {
    const part1 = Buffer.alloc(5 * 1024 * 1024, 'a');
    const part2 = Buffer.from('the second and last part');
    const created = await s3(a, 'POST', '/src/mp/object?uploads', {
      headers: { 'x-amz-meta-kind': 'parts' },
    });
    const uploadId = /<UploadId>([^<]+)<\/UploadId>/.exec(created.body.toString())?.[1];
    const etags: string[] = [];
    for (const [n, data] of [part1, part2].entries()) {
      const res = await s3(a, 'PUT', `/src/mp/object?partNumber=${n + 1}&uploadId=${uploadId}`, {
        body: data,
      });
      etags.push(res.headers.get('etag') ?? '');
    }
    const parts = etags.map((e, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${e}</ETag></Part>`);
    const done = await s3(a, 'POST', `/src/mp/object?uploadId=${uploadId}`, {
      body: `<CompleteMultipartUpload>${parts.join('')}</CompleteMultipartUpload>`,
    });
    expect(done.status).toBe(200);
    await settled(a, 'src');
    const [ha, hb] = await Promise.all([s3(a, 'HEAD', '/src/mp/object'), s3(b, 'HEAD', '/dst/mp/object')]);
    expect(hb.status).toBe(200);
    expect(ha.headers.get('etag')).toMatch(/-2"$/);
    expect(hb.headers.get('etag')).toBe(ha.headers.get('etag'));
    expect(hb.headers.get('x-amz-version-id')).toBe(ha.headers.get('x-amz-version-id'));
    expect(hb.headers.get('last-modified')).toBe(ha.headers.get('last-modified'));
    expect(hb.headers.get('x-amz-meta-kind')).toBe('parts');
    expect(hb.headers.get('x-amz-replication-status')).toBe('REPLICA');
    expect(ha.headers.get('x-amz-replication-status')).toBe('COMPLETED');
    for (const n of [1, 2]) {
      const [pa, pb] = await Promise.all([
        s3(a, 'GET', `/src/mp/object?partNumber=${n}`),
        s3(b, 'GET', `/dst/mp/object?partNumber=${n}`),
      ]);
      expect(pb.status).toBe(206);
      expect(pb.headers.get('x-amz-mp-parts-count')).toBe('2');
      expect(pb.headers.get('content-range')).toBe(pa.headers.get('content-range'));
      expect(pb.body.equals(n === 1 ? part1 : part2)).toBe(true);
    }
  }, 60_000);

  it('replicating both ways does not loop', async () => {
    const back = await b.admin.setRemoteTarget('dst', targetOf(a, 'dst', 'src'));
    expect((await s3(b, 'PUT', '/dst?replication', { body: ruleXml(back, { prefix: 'two/' }) })).status).toBe(
      200,
    );
    await s3(a, 'PUT', '/src?replication', { body: ruleXml(arn, { prefix: 'two/' }) });
    const fromA = await s3(a, 'PUT', '/src/two/a', { body: 'written at A' });
    const fromB = await s3(b, 'PUT', '/dst/two/b', { body: 'written at B' });
    await settled(a, 'src');
    await settled(b, 'dst');
    // Give a loop the time to show itself, then count versions: one each, on both sides.
    await new Promise((r) => setTimeout(r, 1000));
    for (const site of [a, b]) {
      const bucket = site === a ? 'src' : 'dst';
      const rows = (await listVersions(site, bucket)).filter((r) => r.key.startsWith('two/'));
      expect(rows.map((r) => [r.key, r.versionId])).toEqual([
        ['two/a', fromA.headers.get('x-amz-version-id')],
        ['two/b', fromB.headers.get('x-amz-version-id')],
      ]);
    }
    expect((await s3(a, 'HEAD', '/src/two/b')).headers.get('x-amz-replication-status')).toBe('REPLICA');
    expect((await s3(b, 'HEAD', '/dst/two/b')).headers.get('x-amz-replication-status')).toBe('COMPLETED');
  }, 60_000);
});

describe('statistics', () => {
  it('are served as MinIO MetricsV2 (?replication-metrics=2) and scraped by Prometheus under MinIO names', async () => {
    await settled(a, 'src');
    const v2 = JSON.parse((await s3(a, 'GET', '/src?replication-metrics=2')).body.toString()) as {
      uptime: number;
      currStats: {
        Stats: Record<string, { replicationCount: number; completedReplicationSize: number }>;
        replicationCount: number;
        failed: { totals: { count: number; bytes: number }; lastHour: { count: number } };
        queued: { curr: { count: number }; peak: { count: number } };
      };
      queueStats: { nodes: { nodeName: string; queueStats: { peak: { count: number } } }[] };
    };
    const target = v2.currStats.Stats[arn];
    expect(target?.replicationCount).toBeGreaterThanOrEqual(950);
    // The outage above made versions fail; they were replicated since, so nothing is failing now.
    expect(v2.currStats.failed.totals.count).toBeGreaterThan(0);
    expect(v2.currStats.failed.lastHour.count).toBe(v2.currStats.failed.totals.count);
    expect(v2.currStats.queued.curr.count).toBe(0);
    expect(v2.currStats.queued.peak.count).toBeGreaterThan(0);
    expect(v2.queueStats.nodes[0]?.nodeName).toBe(new URL(a.store.url).host);
    expect(v2.uptime).toBeGreaterThanOrEqual(0);

    const prom = await testService<PrometheusInfo>('prometheus');
    const job = `stowage-repl-${process.pid}`;
    const generated = generatePrometheusConfig(a.store.url, {
      accessKey: ROOT,
      secretKey: SECRET,
      jobName: job,
    });
    await addScrapeJob(prom, {
      jobName: job,
      target: new URL(a.store.url).host,
      metricsPath: '/minio/v2/metrics/bucket',
      bearerToken: generated.bearer_token,
    });
    const series = `{job="${job}",bucket="src",targetArn="${arn}"}`;
    await waitForSeries(prom, `minio_bucket_replication_sent_count${series}`);
    const value = async (name: string): Promise<number> => {
      const res = await fetch(`${prom.url}/api/v1/query?query=${encodeURIComponent(`${name}${series}`)}`);
      const body = (await res.json()) as { data: { result: { value: [number, string] }[] } };
      return Number(body.data.result[0]?.value[1]);
    };
    expect(await value('minio_bucket_replication_sent_count')).toBe(target?.replicationCount);
    expect(await value('minio_bucket_replication_sent_bytes')).toBe(target?.completedReplicationSize);
    expect(await value('minio_bucket_replication_total_failed_count')).toBe(v2.currStats.failed.totals.count);
    expect(await value('minio_bucket_replication_total_failed_bytes')).toBe(v2.currStats.failed.totals.bytes);
    expect(await value('minio_bucket_replication_pending_count')).toBe(0);
    expect(await value('minio_bucket_replication_latency_ms')).toBeGreaterThanOrEqual(0);
  }, 90_000);
});

describe('object lock', () => {
  it('retention and legal hold changes reach the replica', async () => {
    const lock = { 'x-amz-bucket-object-lock-enabled': 'true' };
    await s3(a, 'PUT', '/locked-src', { headers: lock });
    await s3(b, 'PUT', '/locked-dst', { headers: lock });
    const lockArn = await a.admin.setRemoteTarget('locked-src', targetOf(b, 'locked-src', 'locked-dst'));
    expect((await s3(a, 'PUT', '/locked-src?replication', { body: ruleXml(lockArn) })).status).toBe(200);
    const put = await s3(a, 'PUT', '/locked-src/held', { body: 'keep me' });
    const v = put.headers.get('x-amz-version-id');
    const hold = '<LegalHold><Status>ON</Status></LegalHold>';
    expect((await s3(a, 'PUT', `/locked-src/held?legal-hold&versionId=${v}`, { body: hold })).status).toBe(
      200,
    );
    await settled(a, 'locked-src');
    const got = await s3(b, 'GET', `/locked-dst/held?legal-hold&versionId=${v}`);
    expect(got.body.toString()).toContain('<Status>ON</Status>');
  }, 60_000);
});

describe('replica writes', () => {
  it('are refused to a caller without replication rights', async () => {
    await a.admin.addUser('writer', 'writer-secret-123', 'enabled');
    await a.admin.addCannedPolicy(
      'put-only',
      JSON.stringify({
        Version: '2012-10-17',
        Statement: [{ Effect: 'Allow', Action: ['s3:PutObject'], Resource: ['arn:aws:s3:::src/*'] }],
      }),
    );
    await a.admin.setPolicy('put-only', 'writer', false);
    const { signRequest } = await import('@stowage/madmin');
    const url = new URL(`${a.store.url}/src/forged?versionId=11111111-1111-4111-8111-111111111111`);
    const headers = signRequest({
      method: 'PUT',
      url,
      headers: {
        'x-minio-source-replication-request': 'true',
        'x-minio-source-mtime': '2001-01-01T00:00:00Z',
      },
      body: 'forged',
      accessKey: 'writer',
      secretKey: 'writer-secret-123',
      region: 'us-east-1',
      service: 's3',
    });
    const res = await fetch(url, { method: 'PUT', headers, body: 'forged' });
    expect(res.status).toBe(403);
  });
});
