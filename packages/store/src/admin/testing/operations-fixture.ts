import { Readable } from 'node:stream';
import { AdminHarness } from './harness.js';

/**
 * Shared setup of the admin operation tests (`admin-operations.test.ts`, `admin-access-state.test.ts`):
 * a 4-drive harness with buckets `photos` (two objects, 2000 bytes) and `private` (empty).
 */
export async function openOperationsHarness(): Promise<AdminHarness> {
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
