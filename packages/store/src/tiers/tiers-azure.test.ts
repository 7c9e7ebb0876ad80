import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BlobServiceClient, type ContainerClient, StorageSharedKeyCredential } from '@azure/storage-blob';
import { MadminClient, MadminError } from '@stowage/madmin';
import { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testService } from '../../../../test-services/index.js';
import type { AzuriteInfo } from '../../../../test-services/services/azurite.js';
import { ManualClock } from '../core/clock.js';
import { type StoreHandle, startStore } from '../server.js';

// An Azure tier on Azurite (Microsoft's emulator, started once per run by test-services): the store
// checks the account key and container, transitions by lifecycle, reads back, and removes the blob
// when the version goes.

const USER = 'azure-root';
const PASS = 'azure-secret-1234';
let dataDir: string;
let store: StoreHandle;
let s3: Client;
let admin: MadminClient;
let az: AzuriteInfo;
let container: ContainerClient;
const clock = new ManualClock();

async function blobs(): Promise<string[]> {
  const out: string[] = [];
  for await (const b of container.listBlobsFlat()) out.push(b.name);
  return out;
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 150; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Timed out waiting for: ${what}`);
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of stream) parts.push(c as Buffer);
  return Buffer.concat(parts);
}

beforeAll(async () => {
  az = await testService<AzuriteInfo>('azurite');
  const service = new BlobServiceClient(
    az.blobEndpoint,
    new StorageSharedKeyCredential(az.accountName, az.accountKey),
  );
  container = service.getContainerClient(`tier-${Date.now()}`);
  await container.create();
  dataDir = await mkdtemp(path.join(tmpdir(), 'stowage-azure-'));
  store = await startStore({
    dataDir,
    drives: 4,
    port: 0,
    host: '127.0.0.1',
    rootUser: USER,
    rootPassword: PASS,
    clock,
    env: { MINIO_SCANNER_SPEED: 'fastest' },
  });
  s3 = new Client({
    endPoint: '127.0.0.1',
    port: store.port,
    useSSL: false,
    accessKey: USER,
    secretKey: PASS,
    region: 'us-east-1',
  });
  admin = new MadminClient({ endpoint: store.url, accessKey: USER, secretKey: PASS });
});
afterAll(async () => {
  await store?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('azure tier (Azurite)', () => {
  it('checks the account key, transitions, reads back bit-exact and removes the blob with the version', async () => {
    const cfg = (key: string) => ({
      Version: 'v1',
      Type: 'azure' as const,
      Name: 'AZURE-COOL',
      Azure: {
        Endpoint: az.blobEndpoint,
        AccountName: az.accountName,
        AccountKey: key,
        Bucket: container.containerName,
        Prefix: 'p',
      },
    });
    const wrongKey = Buffer.from('not the account key').toString('base64');
    const refused = await admin.addTier(cfg(wrongKey)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(MadminError);
    expect((refused as MadminError).code).toBe('XMinioAdminTierInvalidCredentials');
    await admin.addTier(cfg(az.accountKey));
    expect((await admin.listTiers())[0]?.Azure?.AccountKey).toBe('REDACTED');

    const data = randomBytes(1536 * 1024 + 7);
    await s3.makeBucket('azdata');
    await s3.putObject('azdata', 'cold/blob.bin', data);
    await s3.setBucketLifecycle('azdata', {
      Rule: [
        {
          ID: 'az',
          Status: 'Enabled',
          Filter: { Prefix: 'cold/' },
          Transition: { Days: 3, StorageClass: 'AZURE-COOL' },
        },
      ],
    } as never);
    clock.advanceDays(4);
    await until(async () => (await admin.tierStats())[0]?.Stats.numVersions === 1, 'transitioned');
    expect((await blobs()).map((n) => n.split('/')[0])).toEqual(['p']);
    expect((await readAll(await s3.getObject('azdata', 'cold/blob.bin'))).equals(data)).toBe(true);
    const part = await readAll(await s3.getPartialObject('azdata', 'cold/blob.bin', 1000, 5000));
    expect(part.equals(data.subarray(1000, 6000))).toBe(true);

    await s3.removeObject('azdata', 'cold/blob.bin');
    await until(async () => (await blobs()).length === 0, 'the blob removed');
  });
});
