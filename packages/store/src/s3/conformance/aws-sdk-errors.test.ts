// SPDX-License-Identifier: Apache-2.0
import {
  CompleteMultipartUploadCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  ListPartsCommand,
  PutObjectCommand,
  PutObjectLockConfigurationCommand,
  type S3Client,
  UploadPartCommand,
  UploadPartCopyCommand,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootSdk, sdkError } from './aws-sdk.js';
import { startTestStore, type TestStore } from './harness.js';

// The exact error codes S3 answers (AWS SDK v3): multipart edge cases, object-lock configuration
// errors, ranges and conditional reads.
let t: TestStore;
let s3: S3Client;
const B = 'errors';
const MiB = 1024 * 1024;

beforeAll(async () => {
  t = await startTestStore();
  s3 = rootSdk(t);
  await s3.send(new CreateBucketCommand({ Bucket: B }));
  await s3.send(new CreateBucketCommand({ Bucket: 'locked', ObjectLockEnabledForBucket: true }));
  await s3.send(new PutObjectCommand({ Bucket: B, Key: 'ten.txt', Body: '0123456789' }));
});
afterAll(async () => {
  s3?.destroy();
  await t?.stop();
});

describe('multipart edge cases', () => {
  let uploadId: string;
  const etags: string[] = [];

  beforeAll(async () => {
    uploadId = (await s3.send(new CreateMultipartUploadCommand({ Bucket: B, Key: 'mp.bin' })))
      .UploadId as string;
    for (const [n, size] of [
      [1, 5 * MiB],
      [2, 1],
      [3, 1],
    ] as const) {
      const r = await s3.send(
        new UploadPartCommand({
          Bucket: B,
          Key: 'mp.bin',
          UploadId: uploadId,
          PartNumber: n,
          Body: Buffer.alloc(size, n),
        }),
      );
      etags.push(r.ETag as string);
    }
  });

  it('numbers parts 1–10000 (InvalidArgument outside)', async () => {
    for (const n of [0, 10001]) {
      expect(
        await sdkError(
          s3.send(
            new UploadPartCommand({ Bucket: B, Key: 'mp.bin', UploadId: uploadId, PartNumber: n, Body: 'x' }),
          ),
        ),
      ).toEqual({ name: 'InvalidArgument', status: 400 });
    }
  });

  it('pages ListParts with max-parts and the next marker', async () => {
    const first = await s3.send(
      new ListPartsCommand({ Bucket: B, Key: 'mp.bin', UploadId: uploadId, MaxParts: 2 }),
    );
    expect(first.Parts?.map((p) => p.PartNumber)).toEqual([1, 2]);
    expect(first.IsTruncated).toBe(true);
    const next = await s3.send(
      new ListPartsCommand({
        Bucket: B,
        Key: 'mp.bin',
        UploadId: uploadId,
        PartNumberMarker: first.NextPartNumberMarker,
      }),
    );
    expect(next.Parts?.map((p) => p.PartNumber)).toEqual([3]);
    expect(next.IsTruncated).toBe(false);
  });

  it('refuses out-of-order parts, a wrong ETag and a small part before the last', async () => {
    const complete = (parts: { PartNumber: number; ETag: string }[]): Promise<unknown> =>
      s3.send(
        new CompleteMultipartUploadCommand({
          Bucket: B,
          Key: 'mp.bin',
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
    expect(
      await sdkError(
        complete([
          { PartNumber: 2, ETag: etags[1] as string },
          { PartNumber: 1, ETag: etags[0] as string },
        ]),
      ),
    ).toEqual({
      name: 'InvalidPartOrder',
      status: 400,
    });
    expect(await sdkError(complete([{ PartNumber: 1, ETag: '"00000000000000000000000000000000"' }]))).toEqual(
      {
        name: 'InvalidPart',
        status: 400,
      },
    );
    expect(
      await sdkError(
        complete([
          { PartNumber: 2, ETag: etags[1] as string },
          { PartNumber: 3, ETag: etags[2] as string },
        ]),
      ),
    ).toEqual({ name: 'EntityTooSmall', status: 400 });
  });

  it('accepts unquoted ETags in Complete', async () => {
    const done = await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: B,
        Key: 'mp.bin',
        UploadId: uploadId,
        MultipartUpload: {
          Parts: [
            { PartNumber: 1, ETag: (etags[0] as string).replaceAll('"', '') },
            { PartNumber: 3, ETag: etags[2] as string },
          ],
        },
      }),
    );
    expect(done.ETag).toMatch(/^"[0-9a-f]{32}-2"$/);
  });

  it('copies part ranges and refuses a malformed or unsatisfiable range', async () => {
    const id = (await s3.send(new CreateMultipartUploadCommand({ Bucket: B, Key: 'copy.bin' })))
      .UploadId as string;
    const copy = (range: string): Promise<unknown> =>
      s3.send(
        new UploadPartCopyCommand({
          Bucket: B,
          Key: 'copy.bin',
          UploadId: id,
          PartNumber: 1,
          CopySource: `${B}/ten.txt`,
          CopySourceRange: range,
        }),
      );
    await copy('bytes=2-5');
    const parts = await s3.send(new ListPartsCommand({ Bucket: B, Key: 'copy.bin', UploadId: id }));
    expect(parts.Parts?.[0]?.Size).toBe(4);
    expect(await sdkError(copy('bytes=5-2'))).toEqual({ name: 'InvalidArgument', status: 400 });
    expect(await sdkError(copy('bytes=5-20'))).toEqual({ name: 'InvalidRange', status: 416 });
  });
});

describe('object-lock configuration errors', () => {
  const put = (retention: Record<string, unknown>): Promise<unknown> =>
    s3.send(
      new PutObjectLockConfigurationCommand({
        Bucket: 'locked',
        ObjectLockConfiguration: { ObjectLockEnabled: 'Enabled', Rule: { DefaultRetention: retention } },
      }),
    );

  it('answers InvalidRetentionPeriod for a period that is not positive', async () => {
    expect(await sdkError(put({ Mode: 'GOVERNANCE', Days: 0 }))).toEqual({
      name: 'InvalidRetentionPeriod',
      status: 400,
    });
    expect(await sdkError(put({ Mode: 'COMPLIANCE', Years: -1 }))).toEqual({
      name: 'InvalidRetentionPeriod',
      status: 400,
    });
  });

  it('answers MalformedXML for both Days and Years, or a bad mode', async () => {
    expect(await sdkError(put({ Mode: 'GOVERNANCE', Days: 1, Years: 1 }))).toEqual({
      name: 'MalformedXML',
      status: 400,
    });
    expect(await sdkError(put({ Mode: 'governance', Days: 1 }))).toEqual({
      name: 'MalformedXML',
      status: 400,
    });
  });

  it('answers InvalidBucketState on a bucket made without object lock', async () => {
    expect(
      await sdkError(
        s3.send(
          new PutObjectLockConfigurationCommand({
            Bucket: B,
            ObjectLockConfiguration: { ObjectLockEnabled: 'Enabled' },
          }),
        ),
      ),
    ).toEqual({ name: 'InvalidBucketState', status: 409 });
  });
});

describe('ranges and conditional reads', () => {
  it('answers 416 InvalidRange past the end and 206 for a suffix range', async () => {
    expect(
      await sdkError(s3.send(new GetObjectCommand({ Bucket: B, Key: 'ten.txt', Range: 'bytes=20-30' }))),
    ).toEqual({
      name: 'InvalidRange',
      status: 416,
    });
    const tail = await s3.send(new GetObjectCommand({ Bucket: B, Key: 'ten.txt', Range: 'bytes=-3' }));
    expect(await tail.Body?.transformToString()).toBe('789');
    expect(tail.ContentRange).toBe('bytes 7-9/10');
  });

  it('answers 412 to If-Match that does not match and 304 to If-None-Match that does', async () => {
    expect(
      await sdkError(s3.send(new GetObjectCommand({ Bucket: B, Key: 'ten.txt', IfMatch: '"nope"' }))),
    ).toEqual({
      name: 'PreconditionFailed',
      status: 412,
    });
    const etag = (await s3.send(new GetObjectCommand({ Bucket: B, Key: 'ten.txt' }))).ETag as string;
    expect(
      await sdkError(s3.send(new GetObjectCommand({ Bucket: B, Key: 'ten.txt', IfNoneMatch: etag }))),
    ).toMatchObject({
      status: 304,
    });
  });
});
