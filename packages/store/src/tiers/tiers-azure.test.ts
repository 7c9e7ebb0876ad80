// SPDX-License-Identifier: Apache-2.0
import { randomBytes } from 'node:crypto';
import { BlobServiceClient, type ContainerClient, StorageSharedKeyCredential } from '@azure/storage-blob';
import { MadminClient, MadminError } from '@stowage/madmin';
import type { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testService } from '../../../../test-services/index.js';
import type { AzuriteInfo } from '../../../../test-services/services/azurite.js';
import { type ClockedStore, readAll, startClockedStore, until } from '../lifecycle/testing/clocked-store.js';

// An Azure tier on Azurite (Microsoft's emulator, started once per run by test-services): the store
// checks the account key and container, transitions by lifecycle, reads back, and removes the blob
// when the version goes.

const USER = 'azure-root';
const PASS = 'azure-secret-1234';
let local: ClockedStore;
let s3: Client;
let admin: MadminClient;
let az: AzuriteInfo;
let container: ContainerClient;

async function blobs(): Promise<string[]> {
  const out: string[] = [];
  for await (const b of container.listBlobsFlat()) out.push(b.name);
  return out;
}

beforeAll(async () => {
  az = await testService<AzuriteInfo>('azurite');
  const service = new BlobServiceClient(
    az.blobEndpoint,
    new StorageSharedKeyCredential(az.accountName, az.accountKey),
  );
  container = service.getContainerClient(`tier-${Date.now()}`);
  await container.create();
  local = await startClockedStore(USER, PASS);
  s3 = local.s3;
  admin = new MadminClient({ endpoint: local.store.url, accessKey: USER, secretKey: PASS });
});
afterAll(async () => {
  await local?.stop();
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
    local.clock.advanceDays(4);
    await until(async () => (await admin.tierStats())[0]?.Stats.numVersions === 1, 'transitioned');
    expect((await blobs()).map((n) => n.split('/')[0])).toEqual(['p']);
    expect((await readAll(await s3.getObject('azdata', 'cold/blob.bin'))).equals(data)).toBe(true);
    const part = await readAll(await s3.getPartialObject('azdata', 'cold/blob.bin', 1000, 5000));
    expect(part.equals(data.subarray(1000, 6000))).toBe(true);

    await s3.removeObject('azdata', 'cold/blob.bin');
    await until(async () => (await blobs()).length === 0, 'the blob removed');
  });
});
