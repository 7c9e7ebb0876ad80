// SPDX-License-Identifier: Apache-2.0
import { Readable } from 'node:stream';
import { afterAll, beforeAll } from 'vitest';
import { AdminHarness, ROOT } from './harness.js';

/** The root user's access key. */
export const R = ROOT.accessKey;

/**
 * Shared setup of the admin operation tests (`admin-operations.test.ts`, `admin-access-state.test.ts`):
 * a 4-drive harness with buckets `photos` (two objects, 2000 bytes) and `private` (empty), opened once
 * per test file (beforeAll) and handed to `opened`, closed after the file (afterAll).
 */
export function useOperationsHarness(opened: (h: AdminHarness) => void): void {
  let harness: AdminHarness | undefined;
  beforeAll(async () => {
    harness = await openOperationsHarness();
    opened(harness);
  });
  afterAll(async () => {
    await harness?.close();
  });
}

async function openOperationsHarness(): Promise<AdminHarness> {
  const h = await AdminHarness.open(4);
  const put = async (bucket: string, key: string, bytes: number): Promise<void> => {
    await h.layer.putObject(bucket, key, Readable.from([Buffer.alloc(bytes, 1)]), { size: bytes });
  };
  await h.layer.makeBucket('photos');
  await h.layer.makeBucket('private');
  await put('photos', 'a.jpg', 1500);
  await put('photos', 'b.jpg', 500);
  return h;
}

/** Read access to `photos` only. */
export const readonlyPolicy = {
  Version: '2012-10-17',
  Statement: [
    {
      Effect: 'Allow',
      Action: ['s3:GetObject', 's3:ListBucket'],
      Resource: ['arn:aws:s3:::photos', 'arn:aws:s3:::photos/*'],
    },
  ],
};
