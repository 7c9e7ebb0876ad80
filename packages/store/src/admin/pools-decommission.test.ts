// SPDX-License-Identifier: Apache-2.0
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ChecksumAlgorithm,
  CompleteMultipartUploadCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  GetObjectLegalHoldCommand,
  GetObjectRetentionCommand,
  GetObjectTaggingCommand,
  HeadObjectCommand,
  ListObjectVersionsCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { generatePrometheusToken, MadminClient, type PoolStatus } from '@stowage/madmin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PoolSpec } from '../core/options.js';
import { ErasureObjectLayer } from '../object-layer/index.js';
import { SSE_C_HTTP_VARIABLE } from '../s3/sse/seal.js';
import { type StoreHandle, startStore } from '../server.js';

// Server pools end to end: a store started with pools (startStore's `pools`), driven over HTTP by the
// AWS SDK and the repo's madmin client. Objects written while the store had one pool are decommissioned
// out of it under a concurrent PUT/GET load; every version must come through whole (id, time, ETag,
// metadata, tags, retention, legal hold, checksum, encryption), and the store then restarts without it.

const ROOT = 'pools-root';
const SECRET = 'pools-root-secret-123';
const MASTER = `pools-master:${randomBytes(32).toString('base64')}`;
const customer = randomBytes(32);
const SSE_C = {
  SSECustomerAlgorithm: 'AES256',
  SSECustomerKey: customer.toString('base64'),
  SSECustomerKeyMD5: createHash('md5').update(customer).digest('base64'),
};

let dir: string;
let store: StoreHandle | undefined;

function poolSpec(name: string, n: number): PoolSpec & { cmdline: string } {
  return {
    drives: Array.from({ length: n }, (_, i) => ({ path: path.join(dir, name, `d${i + 1}`) })),
    cmdline: `${path.join(dir, name)}/d{1...${n}}`,
  };
}

async function start(pools: PoolSpec[]): Promise<StoreHandle> {
  store = await startStore({
    dataDir: path.join(dir, 'node'),
    drives: 0,
    pools,
    port: 0,
    host: '127.0.0.1',
    rootUser: ROOT,
    rootPassword: SECRET,
    env: { MINIO_KMS_SECRET_KEY: MASTER, [SSE_C_HTTP_VARIABLE]: 'on' },
  });
  return store;
}

async function stop(): Promise<void> {
  await store?.close();
  store = undefined;
}

const clients = (s: StoreHandle) => ({
  s3: new S3Client({
    endpoint: s.url,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ROOT, secretAccessKey: SECRET },
  }),
  admin: new MadminClient({ endpoint: s.url, accessKey: ROOT, secretKey: SECRET }),
});

/** Everything a client can see of one version. */
async function describeVersion(
  s3: S3Client,
  bucket: string,
  key: string,
  versionId: string,
  deleteMarker: boolean,
) {
  if (deleteMarker) return { deleteMarker };
  const sse = key.startsWith('ssec') ? SSE_C : {};
  const got = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key, VersionId: versionId, ...sse }));
  const body = Buffer.from(
    await (got.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
  );
  const tags = await s3.send(new GetObjectTaggingCommand({ Bucket: bucket, Key: key, VersionId: versionId }));
  const out: Record<string, unknown> = {
    sha: createHash('sha256').update(body).digest('hex'),
    etag: got.ETag,
    mtime: got.LastModified?.toISOString(),
    type: got.ContentType,
    meta: got.Metadata,
    sse: got.ServerSideEncryption ?? got.SSECustomerAlgorithm ?? null,
    checksum: got.ChecksumSHA256 ?? null,
    tags: tags.TagSet,
  };
  if (bucket === 'locked') {
    const none = (err: unknown): null => {
      if ((err as { name?: string }).name?.startsWith('NoSuchObjectLock')) return null;
      throw err;
    };
    out.retention = await s3
      .send(new GetObjectRetentionCommand({ Bucket: bucket, Key: key, VersionId: versionId }))
      .then((r) => [r.Retention?.Mode, r.Retention?.RetainUntilDate?.toISOString()], none);
    out.hold = await s3
      .send(new GetObjectLegalHoldCommand({ Bucket: bucket, Key: key, VersionId: versionId }))
      .then((r) => r.LegalHold?.Status, none);
  }
  return out;
}

/** Every version of every key of the buckets, described (sorted as listed). */
async function snapshot(s3: S3Client, buckets: string[]): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const bucket of buckets) {
    let keyMarker: string | undefined;
    let versionIdMarker: string | undefined;
    for (;;) {
      const page = await s3.send(
        new ListObjectVersionsCommand({
          Bucket: bucket,
          MaxKeys: 7,
          ...(keyMarker ? { KeyMarker: keyMarker } : {}),
          ...(versionIdMarker ? { VersionIdMarker: versionIdMarker } : {}),
        }),
      );
      const all = [
        ...(page.Versions ?? []).map((v) => ({ v, dm: false })),
        ...(page.DeleteMarkers ?? []).map((v) => ({ v, dm: true })),
      ];
      for (const { v, dm } of all) {
        const id = `${bucket}/${v.Key}@${v.VersionId}`;
        out[id] = {
          latest: v.IsLatest,
          mtime: v.LastModified?.toISOString(),
          ...(await describeVersion(s3, bucket, v.Key as string, v.VersionId as string, dm)),
        };
      }
      if (!page.IsTruncated) break;
      keyMarker = page.NextKeyMarker;
      versionIdMarker = page.NextVersionIdMarker;
    }
  }
  return out;
}

async function waitFor(
  admin: MadminClient,
  pool: string,
  done: (s: PoolStatus) => boolean,
): Promise<PoolStatus> {
  for (;;) {
    const s = await admin.statusPool(pool);
    if (done(s)) return s;
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'stowage-pools-decom-'));
});

afterAll(async () => {
  await stop();
  await rm(dir, { recursive: true, force: true });
});

describe('server pools: expansion and decommission', () => {
  it('moves every version out of a pool under load; the store restarts without it', async () => {
    const p1 = poolSpec('p1', 4);
    const p2 = poolSpec('p2', 2);
    // 1. One pool: a data set with versions, delete markers, tags, lock, checksums, SSE and multipart.
    let { s3, admin } = clients(await start([p1]));
    expect(await admin.listPoolsStatus()).toEqual([
      { id: 0, cmdline: p1.cmdline, lastUpdate: expect.any(String) },
    ]);
    await expect(admin.decommissionPool(p1.cmdline)).rejects.toMatchObject({
      code: 'NotImplemented',
    });
    await s3.send(new CreateBucketCommand({ Bucket: 'data' }));
    await s3.send(
      new PutBucketVersioningCommand({ Bucket: 'data', VersioningConfiguration: { Status: 'Enabled' } }),
    );
    await s3.send(new CreateBucketCommand({ Bucket: 'locked', ObjectLockEnabledForBucket: true }));
    let versions = 0;
    let bytes = 0;
    const put = async (Bucket: string, Key: string, body: Buffer, extra: Record<string, unknown> = {}) => {
      await s3.send(new PutObjectCommand({ Bucket, Key, Body: body, ...extra }));
      versions++;
      bytes += body.length;
    };
    for (let i = 0; i < 40; i++) {
      await put('data', `k/${String(i).padStart(3, '0')}`, randomBytes(i % 10 === 0 ? 200_000 : 100 + i), {
        ContentType: 'text/x-test',
        Metadata: { n: String(i) },
        Tagging: `n=${i}`,
        ChecksumAlgorithm: ChecksumAlgorithm.SHA256,
      });
      if (i % 4 === 0) await put('data', `k/${String(i).padStart(3, '0')}`, randomBytes(50));
      if (i % 8 === 0) {
        await s3.send(new DeleteObjectCommand({ Bucket: 'data', Key: `k/${String(i).padStart(3, '0')}` }));
        versions++;
      }
    }
    await put('data', 'sse-s3', randomBytes(300_000), { ServerSideEncryption: 'AES256' });
    await put('data', 'ssec', randomBytes(1000), SSE_C);
    const retain = new Date(Date.now() + 86_400_000);
    await put('locked', 'held', randomBytes(10), { ObjectLockLegalHoldStatus: 'ON' });
    await put('locked', 'retained', randomBytes(10), {
      ObjectLockMode: 'GOVERNANCE',
      ObjectLockRetainUntilDate: retain,
    });
    const mp = await s3.send(new CreateMultipartUploadCommand({ Bucket: 'data', Key: 'multi' }));
    const partA = randomBytes(5 * 1024 * 1024);
    const partB = randomBytes(1000);
    const etags: string[] = [];
    for (const [n, b] of [partA, partB].entries()) {
      const r = await s3.send(
        new UploadPartCommand({
          Bucket: 'data',
          Key: 'multi',
          UploadId: mp.UploadId,
          PartNumber: n + 1,
          Body: b,
        }),
      );
      etags.push(r.ETag as string);
    }
    await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: 'data',
        Key: 'multi',
        UploadId: mp.UploadId,
        MultipartUpload: { Parts: etags.map((ETag, n) => ({ ETag, PartNumber: n + 1 })) },
      }),
    );
    versions++;
    bytes += partA.length + partB.length;
    const before = await snapshot(s3, ['data', 'locked']);
    await stop();

    // 2. Expansion: restart with a second pool; everything is still there.
    ({ s3, admin } = clients(await start([p1, p2])));
    expect(await snapshot(s3, ['data', 'locked'])).toEqual(before);
    const listed = await admin.listPoolsStatus();
    expect(listed.map((p) => [p.id, p.cmdline, p.decommissionInfo])).toEqual([
      [0, p1.cmdline, undefined],
      [1, p2.cmdline, undefined],
    ]);
    // admin/info and storageinfo report every pool's drives.
    const info = await admin.serverInfo();
    expect(Object.keys(info.pools ?? {})).toEqual(['0', '1']);
    expect(info.pools?.['1']?.['0']?.rawCapacity).toBeGreaterThan(0);
    const drives = info.servers?.[0]?.drives ?? [];
    expect(drives.map((d) => [d.pool_index, d.set_index, d.disk_index, d.path])).toEqual([
      ...p1.drives.map((d, i) => [0, 0, i, d.path]),
      ...p2.drives.map((d, i) => [1, 0, i, d.path]),
    ]);
    expect((await admin.storageInfo()).Backend.DrivesPerSet).toEqual([4, 2]);
    // Prometheus metrics count every pool's drives, each drive with its own series.
    const scraped = await fetch(`${(store as StoreHandle).url}/minio/v2/metrics/cluster`, {
      headers: { authorization: `Bearer ${generatePrometheusToken({ accessKey: ROOT, secretKey: SECRET })}` },
    }).then((r) => r.text());
    expect(scraped).toMatch(/^minio_cluster_disk_total(\{[^}]*\})? 6$/m);
    for (const d of [...p1.drives, ...p2.drives]) expect(scraped).toContain(d.path);
    await expect(admin.statusPool('/no/such{1...4}')).rejects.toMatchObject({
      code: 'XMinioAdminInvalidArgument',
    });
    await expect(admin.cancelDecommissionPool(p1.cmdline)).rejects.toMatchObject({
      code: 'XMinioDecommissionNotAllowed',
    });

    // 3. Start, then cancel: the pool keeps what was not moved yet, and nothing is lost.
    await admin.decommissionPool(p1.cmdline);
    await expect(admin.decommissionPool(p1.cmdline)).rejects.toMatchObject({
      code: 'XMinioDecommissionNotAllowed',
    });
    await admin.cancelDecommissionPool(p1.cmdline);
    const canceled = await admin.statusPool(p1.cmdline);
    expect(canceled.decommissionInfo).toMatchObject({ canceled: true, complete: false, failed: false });
    const movedBeforeCancel = canceled.decommissionInfo?.objectsDecommissioned ?? 0;
    const bytesBeforeCancel = canceled.decommissionInfo?.bytesDecommissioned ?? 0;
    expect(await snapshot(s3, ['data', 'locked'])).toEqual(before);

    // 4. Start again and stop the store at once: the decommission resumes after the restart.
    await admin.decommissionPool('0');
    await stop();
    ({ s3, admin } = clients(await start([p1, p2])));
    // A bounded PUT/GET load while it runs: new keys (never in the draining pool) and reads of old ones.
    const loadErrors: unknown[] = [];
    const written = new Map<string, string>();
    const load = (async () => {
      for (let i = 0; i < 40; i++) {
        const key = `load/${i}`;
        const body = randomBytes(64 + i);
        try {
          await s3.send(new PutObjectCommand({ Bucket: 'data', Key: key, Body: body }));
          written.set(key, createHash('sha256').update(body).digest('hex'));
          const old = `k/${String(i).padStart(3, '0')}`;
          if (i % 8 !== 0) await s3.send(new HeadObjectCommand({ Bucket: 'data', Key: old }));
          const got = await s3.send(new GetObjectCommand({ Bucket: 'data', Key: key }));
          const back = Buffer.from(
            await (got.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
          );
          if (!back.equals(body)) loadErrors.push(new Error(`${key} read back different bytes`));
        } catch (err) {
          loadErrors.push(err);
        }
      }
    })();
    const done = await waitFor(
      admin,
      p1.cmdline,
      (s) => !!s.decommissionInfo?.complete || !!s.decommissionInfo?.failed,
    );
    await load;
    expect(loadErrors).toEqual([]);
    expect(done.decommissionInfo).toMatchObject({ complete: true, failed: false, canceled: false });
    expect(done.decommissionInfo?.objectsDecommissionedFailed).toBe(0);
    expect(done.decommissionInfo?.bytesDecommissionedFailed).toBe(0);
    // Every version written to the pool was moved once: by the canceled run or the resumed one.
    expect(movedBeforeCancel + (done.decommissionInfo?.objectsDecommissioned ?? 0)).toBe(versions);
    expect(bytesBeforeCancel + (done.decommissionInfo?.bytesDecommissioned ?? 0)).toBe(bytes);
    expect(await snapshot(s3, ['data', 'locked'])).toMatchObject(before);
    await expect(admin.decommissionPool(p1.cmdline)).rejects.toMatchObject({
      code: 'XMinioDecommissionNotAllowed',
    });
    await stop();

    // 5. The emptied pool holds no version; the store restarts without it, everything intact.
    const emptied = await ErasureObjectLayer.open({
      dataDir: dir,
      drives: 4,
      driveSpecs: p1.drives,
      healthIntervalMs: 0,
      md5Worker: false,
    });
    for (const b of ['data', 'locked'])
      expect((await emptied.listObjectVersions(b, {})).versions).toEqual([]);
    await emptied.close();
    ({ s3, admin } = clients(await start([p2])));
    const after = await snapshot(s3, ['data', 'locked']);
    expect(after).toMatchObject(before);
    expect(written.size).toBe(40);
    for (const [key, sha] of written) {
      const got = await s3.send(new GetObjectCommand({ Bucket: 'data', Key: key }));
      const back = Buffer.from(
        await (got.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
      );
      expect(createHash('sha256').update(back).digest('hex')).toBe(sha);
    }
    expect(await admin.listPoolsStatus()).toEqual([
      { id: 0, cmdline: p2.cmdline, lastUpdate: expect.any(String) },
    ]);
  }, 240_000);
});
