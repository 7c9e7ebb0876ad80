// SPDX-License-Identifier: Apache-2.0
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { MadminClient, MadminError, type TierConfig } from '@stowage/madmin';
import type { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  localBytes as bytesOn,
  type ClockedStore,
  readAll,
  startClockedStore,
  until,
} from '../lifecycle/testing/clocked-store.js';

// Remote tiers of type s3 and minio end to end: the remote is a second embedded store (real S3 over
// HTTP); tiers are managed with madmin, objects written and read with the minio SDK, and the lifecycle
// pass runs at the `fastest` scanner speed on a clock the test moves.

const USER = 'tier-root';
const PASS = 'tier-secret-1234';
let local: ClockedStore;
let remoteStore: ClockedStore;
let s3: Client;
let remoteS3: Client;
let admin: MadminClient;

const localBytes = (bucket: string, key: string): Promise<number> => bytesOn(local.dataDir, bucket, key);

async function remoteKeys(): Promise<string[]> {
  const out: string[] = [];
  for await (const o of remoteS3.listObjectsV2('cold-bucket', '', true)) if (o.name) out.push(o.name);
  return out;
}

async function adminCode(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (err) {
    if (err instanceof MadminError) return err.code;
    throw err;
  }
}

const tier = (name: string, over: Partial<NonNullable<TierConfig['MinIO']>> = {}): TierConfig => ({
  Version: 'v1',
  Type: 'minio',
  Name: name,
  MinIO: {
    Endpoint: remoteStore.store.url,
    AccessKey: USER,
    SecretKey: PASS,
    Bucket: 'cold-bucket',
    Prefix: 'stowage/',
    ...over,
  },
});

beforeAll(async () => {
  remoteStore = await startClockedStore(USER, PASS, false);
  local = await startClockedStore(USER, PASS);
  s3 = local.s3;
  remoteS3 = remoteStore.s3;
  admin = new MadminClient({ endpoint: local.store.url, accessKey: USER, secretKey: PASS });
  await remoteS3.makeBucket('cold-bucket');
});
afterAll(async () => {
  await local?.stop();
  await remoteStore?.stop();
});

describe('admin tier API (madmin)', () => {
  it('checks the name, the fields and the remote before adding; lists with secrets redacted', async () => {
    expect(await adminCode(admin.addTier(tier('cold')))).toBe('XMinioAdminTierNameNotUpperCase');
    expect(await adminCode(admin.addTier(tier('COLD', { SecretKey: '' })))).toBe(
      'XMinioAdminTierMissingCredentials',
    );
    expect(await adminCode(admin.addTier(tier('COLD', { SecretKey: 'wrong-secret-key' })))).toBe(
      'XMinioAdminTierInvalidCredentials',
    );
    expect(await adminCode(admin.addTier(tier('COLD', { Bucket: 'no-such-bucket' })))).toBe(
      'XMinioAdminTierBucketNotFound',
    );
    expect(await admin.listTiers()).toEqual([]);
    await admin.addTier(tier('COLD'));
    expect(await adminCode(admin.addTier(tier('COLD')))).toBe('XMinioAdminTierAlreadyExists');
    const listed = await admin.listTiers();
    expect(listed).toEqual([
      {
        Version: 'v1',
        Type: 'minio',
        Name: 'COLD',
        MinIO: {
          Endpoint: remoteStore.store.url,
          AccessKey: USER,
          SecretKey: 'REDACTED',
          Bucket: 'cold-bucket',
          Prefix: 'stowage/',
        },
      },
    ]);
    await admin.verifyTier('COLD');
    expect(await adminCode(admin.verifyTier('NOPE'))).toBe('XMinioAdminTierNotFound');
    // Credentials are checked before they replace the stored ones.
    expect(
      await adminCode(admin.editTier('COLD', { access: USER, secret: 'bad-secret-123', awsrole: false })),
    ).toBe('XMinioAdminTierInvalidCredentials');
    await admin.editTier('COLD', { access: USER, secret: PASS, awsrole: false });
    // The probe object is removed again: the remote bucket is empty.
    expect(await remoteKeys()).toEqual([]);
  });

  // No GCS-compatible server runs here (see the report): Google's client is driven as far as a request to
  // an endpoint that refuses the connection, through the admin API, so the refusal an operator sees is real.
  it('refuses a GCS tier whose endpoint does not answer, or whose credentials file is not a key, saying why', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as { port: number };
    await new Promise((resolve) => closed.close(resolve));
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const key = {
      type: 'service_account',
      project_id: 'demo-project',
      client_email: 'tier@demo-project.iam.gserviceaccount.com',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    };
    const gcs = (creds: unknown): TierConfig => ({
      Version: 'v1',
      Type: 'gcs',
      Name: 'GCS-WARM',
      GCS: {
        Endpoint: `http://127.0.0.1:${port}`,
        Creds: Buffer.from(JSON.stringify(creds)).toString('base64'),
        Bucket: 'warm',
        Prefix: 'p/',
      },
    });
    const unreachable = await admin.addTier(gcs(key)).catch((e: unknown) => e);
    expect(unreachable).toBeInstanceOf(MadminError);
    expect((unreachable as MadminError).code).toBe('XMinioAdminTierInvalidConfig');
    expect((unreachable as MadminError).message).toMatch(/GCS is not reachable.*ECONNREFUSED/);
    const notKey = await admin.addTier(gcs({ type: 'authorized_user' })).catch((e: unknown) => e);
    expect((notKey as MadminError).code).toBe('XMinioAdminTierInvalidCredentials');
    expect((notKey as MadminError).message).toMatch(/no client_email and private_key/);
    expect((await admin.listTiers()).map((t) => t.Name)).toEqual(['COLD']);
  });
});

describe('transition to the tier', () => {
  const big = randomBytes(3 * 1024 * 1024 + 123);
  const small = randomBytes(200);

  it('moves matching versions to the remote bucket and reads them back bit-exact, whole and ranged', async () => {
    await s3.makeBucket('data');
    await s3.putObject('data', 'archive/big.bin', big);
    await s3.putObject('data', 'archive/small.bin', small);
    await s3.putObject('data', 'hot/stay.bin', small);
    expect(await localBytes('data', 'archive/big.bin')).toBeGreaterThan(big.length);
    await s3.setBucketLifecycle('data', {
      Rule: [
        {
          ID: 'to-cold',
          Status: 'Enabled',
          Filter: { Prefix: 'archive/' },
          Transition: { Days: 1, StorageClass: 'COLD' },
        },
      ],
    } as never);
    expect(await adminCode(admin.removeTier('COLD'))).toBe('XMinioAdminTierInUse');

    local.clock.advanceDays(2);
    await until(async () => (await remoteKeys()).length === 2, 'two versions on the remote bucket');
    expect((await remoteKeys()).every((k) => k.startsWith('stowage/data/'))).toBe(true);
    await until(async () => (await admin.tierStats())[0]?.Stats.numVersions === 2, 'the local data freed');
    const [stats] = await admin.tierStats();
    expect(stats).toEqual({
      Name: 'COLD',
      Type: 'minio',
      Stats: { totalSize: big.length + small.length, numVersions: 2, numObjects: 2 },
    });
    expect((await admin.dataUsageInfo()).tierStats).toEqual({
      COLD: { totalSize: big.length + small.length, numVersions: 2, numObjects: 2 },
    });
    // Only the metadata is left locally.
    expect(await localBytes('data', 'archive/big.bin')).toBeLessThan(16 * 1024);

    expect((await readAll(await s3.getObject('data', 'archive/big.bin'))).equals(big)).toBe(true);
    expect((await readAll(await s3.getObject('data', 'archive/small.bin'))).equals(small)).toBe(true);
    const part = await readAll(await s3.getPartialObject('data', 'archive/big.bin', 1_000_000, 2_500_000));
    expect(part.equals(big.subarray(1_000_000, 3_500_000))).toBe(true);
    const head = await fetch(await s3.presignedUrl('HEAD', 'data', 'archive/big.bin'), { method: 'HEAD' });
    expect(head.headers.get('x-amz-storage-class')).toBe('COLD');
    expect(head.headers.get('content-length')).toBe(String(big.length));
    const listing = await (
      await fetch(await s3.presignedUrl('GET', 'data', '', 600, { 'list-type': '2' }))
    ).text();
    expect(listing.match(/<StorageClass>[A-Z]+<\/StorageClass>/g)).toEqual([
      '<StorageClass>COLD</StorageClass>',
      '<StorageClass>COLD</StorageClass>',
      '<StorageClass>STANDARD</StorageClass>',
    ]);
    // A copy of a transitioned object is an ordinary local object.
    await s3.copyObject('data', 'copies/big.bin', '/data/archive/big.bin');
    const copy = await fetch(await s3.presignedUrl('HEAD', 'data', 'copies/big.bin'), { method: 'HEAD' });
    expect(copy.headers.get('x-amz-storage-class')).toBeNull();
    expect((await readAll(await s3.getObject('data', 'copies/big.bin'))).equals(big)).toBe(true);
    const hot = await fetch(await s3.presignedUrl('HEAD', 'data', 'hot/stay.bin'), { method: 'HEAD' });
    expect(hot.headers.get('x-amz-storage-class')).toBeNull();
  });

  it('RestoreObject brings a local copy back for its days; the lifecycle pass frees it afterwards', async () => {
    const restore = async (key: string, days: number): Promise<Response> =>
      fetch(await s3.presignedUrl('POST', 'data', key, 600, { restore: '' }), {
        method: 'POST',
        body: `<RestoreRequest><Days>${days}</Days></RestoreRequest>`,
      });
    const first = await restore('archive/big.bin', 2);
    expect(first.status).toBe(202);
    expect(await localBytes('data', 'archive/big.bin')).toBeGreaterThan(big.length);
    const head = await fetch(await s3.presignedUrl('HEAD', 'data', 'archive/big.bin'), { method: 'HEAD' });
    expect(head.headers.get('x-amz-restore')).toMatch(
      /^ongoing-request="false", expiry-date=".+ 00:00:00 GMT"$/,
    );
    expect(head.headers.get('x-amz-storage-class')).toBe('COLD');
    expect((await readAll(await s3.getObject('data', 'archive/big.bin'))).equals(big)).toBe(true);
    expect((await restore('archive/big.bin', 2)).status).toBe(200);
    const notArchived = await restore('hot/stay.bin', 1);
    expect(notArchived.status).toBe(403);
    expect(await notArchived.text()).toContain('<Code>InvalidObjectState</Code>');
    expect((await restore('archive/big.bin', 0)).status).toBe(400);

    local.clock.advanceDays(4);
    await until(
      async () => (await localBytes('data', 'archive/big.bin')) < 16 * 1024,
      'the restored copy freed',
    );
    const after = await fetch(await s3.presignedUrl('HEAD', 'data', 'archive/big.bin'), { method: 'HEAD' });
    expect(after.headers.get('x-amz-restore')).toBeNull();
    expect((await readAll(await s3.getObject('data', 'archive/big.bin'))).equals(big)).toBe(true);
  });

  it('deleting a transitioned object removes its remote copy; the tier can go once nothing uses it', async () => {
    await s3.removeObject('data', 'archive/big.bin');
    await until(async () => (await remoteKeys()).length === 1, 'the remote copy removed');
    await s3.removeObject('data', 'archive/small.bin');
    await until(async () => (await remoteKeys()).length === 0, 'the last remote copy removed');
    expect(await adminCode(admin.removeTier('COLD'))).toBe('XMinioAdminTierInUse'); // the rule still names it
    await s3.removeBucketLifecycle('data');
    await admin.removeTier('COLD');
    expect(await admin.listTiers()).toEqual([]);
  });
});

describe('a transfer that fails', () => {
  it('keeps the local copy and is retried by a later cycle', async () => {
    await remoteS3.makeBucket('flaky-bucket');
    await admin.addTier(tier('FLAKY', { Bucket: 'flaky-bucket', Prefix: '' }));
    const data = randomBytes(700 * 1024);
    await s3.makeBucket('retry');
    await s3.putObject('retry', 'doc.bin', data);
    // The remote bucket goes away: every transfer fails.
    await remoteS3.removeBucket('flaky-bucket');
    await s3.setBucketLifecycle('retry', {
      Rule: [
        {
          ID: 'flaky',
          Status: 'Enabled',
          Filter: { Prefix: '' },
          Transition: { Days: 1, StorageClass: 'FLAKY' },
        },
      ],
    } as never);
    const before = (await admin.tierStats()).find((t) => t.Name === 'FLAKY');
    const cycleAt = async (): Promise<number> => (await admin.scannerMetrics()).current_cycle ?? 0;
    const start = await cycleAt();
    local.clock.advanceDays(2);
    // Two whole scanner cycles after the clock move (the counter counts one in progress), each failing.
    await until(async () => (await cycleAt()) >= start + 4, 'two scanner cycles after the clock move');
    expect((await admin.tierStats()).find((t) => t.Name === 'FLAKY')).toEqual(before);
    expect((await readAll(await s3.getObject('retry', 'doc.bin'))).equals(data)).toBe(true);
    expect(await localBytes('retry', 'doc.bin')).toBeGreaterThan(data.length);

    await remoteS3.makeBucket('flaky-bucket');
    await until(
      async () => (await admin.tierStats()).find((t) => t.Name === 'FLAKY')?.Stats.numVersions === 1,
      'retried',
    );
    expect(await localBytes('retry', 'doc.bin')).toBeLessThan(16 * 1024);
    expect((await readAll(await s3.getObject('retry', 'doc.bin'))).equals(data)).toBe(true);
  });
});
