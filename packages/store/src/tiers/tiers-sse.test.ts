// SPDX-License-Identifier: Apache-2.0
import { createHash, randomBytes } from 'node:crypto';
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  type GetObjectCommandInput,
  PutObjectCommand,
  RestoreObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { MadminClient } from '@stowage/madmin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  localBytes as bytesOn,
  type ClockedStore,
  readAll,
  startClockedStore,
  until,
} from '../lifecycle/testing/clocked-store.js';
import { SSE_C_HTTP_VARIABLE } from '../s3/sse/seal.js';
import { filesHolding, patterned as patternOf } from '../s3/sse/testing/plaintext.js';

// Lifecycle transition of encrypted versions (SSE-S3, SSE-KMS — single and multipart, compressed —
// and SSE-C) to a tier on a second embedded store: the remote bucket gets ciphertext only (a known
// plaintext pattern is in none of its objects), reads from the tier decrypt whole and ranged (at
// package and part boundaries), and a restore brings the same stored bytes back for its days.

const USER = 'tier-root';
const PASS = 'tier-secret-1234';
const PATTERN = Buffer.from('TIERED-PLAINTEXT-PATTERN-5e1d');
const P = 64 * 1024;
const MiB = 1024 * 1024;
let local: ClockedStore;
let remote: ClockedStore;
let s3: S3Client;

const patterned = (size: number, tag: string): Buffer => patternOf(PATTERN, size, tag);

const customer = randomBytes(32);
const ssec = {
  SSECustomerAlgorithm: 'AES256',
  SSECustomerKey: customer.toString('base64'),
  SSECustomerKeyMD5: createHash('md5').update(customer).digest('base64'),
};

const objects = {
  's3.bin': { body: patterned(3 * MiB + 123, 's3'), sse: { ServerSideEncryption: 'AES256' } as const },
  'kms.txt': {
    body: patterned(2 * MiB + 7, 'kms'),
    sse: { ServerSideEncryption: 'aws:kms', SSEKMSEncryptionContext: btoa('{"team":"cold"}') } as const,
  },
  'c.bin': { body: patterned(P * 3 + 5, 'c'), sse: ssec },
};
const parts = [patterned(5 * MiB + 11, 'mp1'), patterned(P + 3, 'mp2')];
const multipart = Buffer.concat(parts);

async function getBytes(input: GetObjectCommandInput): Promise<Buffer> {
  const r = await s3.send(new GetObjectCommand(input));
  return Buffer.from(
    await (r.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
  );
}

async function remoteObjects(): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for await (const o of remote.s3.listObjectsV2('cold-bucket', '', true)) {
    if (o.name) out.push(await readAll(await remote.s3.getObject('cold-bucket', o.name)));
  }
  return out;
}

/** Every object reads back whole and at package and part boundaries. */
async function expectReadable(): Promise<void> {
  for (const [key, o] of Object.entries(objects)) {
    const extra = key === 'c.bin' ? ssec : {};
    expect((await getBytes({ Bucket: 'enc', Key: `cold/${key}`, ...extra })).equals(o.body)).toBe(true);
    for (const [a, b] of [
      [P - 1, P],
      [2 * P - 3, 3 * P + 2],
      [o.body.length - 1, o.body.length - 1],
    ] as [number, number][]) {
      const got = await getBytes({ Bucket: 'enc', Key: `cold/${key}`, Range: `bytes=${a}-${b}`, ...extra });
      expect(got.equals(o.body.subarray(a, b + 1))).toBe(true);
    }
  }
  const cut = (parts[0] as Buffer).length;
  expect((await getBytes({ Bucket: 'enc', Key: 'cold/mp.bin' })).equals(multipart)).toBe(true);
  const span = await getBytes({
    Bucket: 'enc',
    Key: 'cold/mp.bin',
    Range: `bytes=${cut - P - 2}-${cut + 9}`,
  });
  expect(span.equals(multipart.subarray(cut - P - 2, cut + 10))).toBe(true);
}

beforeAll(async () => {
  remote = await startClockedStore(USER, PASS, false);
  local = await startClockedStore(USER, PASS, true, {
    [SSE_C_HTTP_VARIABLE]: 'on',
    MINIO_COMPRESSION_ENABLE: 'on',
    MINIO_COMPRESSION_EXTENSIONS: '.txt',
    MINIO_COMPRESSION_ALLOW_ENCRYPTION: 'on',
  });
  s3 = new S3Client({
    endpoint: local.store.url,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: USER, secretAccessKey: PASS },
  });
  await remote.s3.makeBucket('cold-bucket');
  const admin = new MadminClient({ endpoint: local.store.url, accessKey: USER, secretKey: PASS });
  await admin.addTier({
    Version: 'v1',
    Type: 'minio',
    Name: 'COLD',
    MinIO: {
      Endpoint: remote.store.url,
      AccessKey: USER,
      SecretKey: PASS,
      Bucket: 'cold-bucket',
      Prefix: '',
    },
  });
});
afterAll(async () => {
  s3?.destroy();
  await local?.stop();
  await remote?.stop();
});

describe('transition of encrypted versions', () => {
  it('sends ciphertext to the tier and reads it back decrypted, whole and ranged', async () => {
    await local.s3.makeBucket('enc');
    for (const [key, o] of Object.entries(objects)) {
      await s3.send(new PutObjectCommand({ Bucket: 'enc', Key: `cold/${key}`, Body: o.body, ...o.sse }));
    }
    const { UploadId } = await s3.send(
      new CreateMultipartUploadCommand({
        Bucket: 'enc',
        Key: 'cold/mp.bin',
        ServerSideEncryption: 'aws:kms',
      }),
    );
    const done: { PartNumber: number; ETag: string }[] = [];
    for (const [i, Body] of parts.entries()) {
      const r = await s3.send(
        new UploadPartCommand({ Bucket: 'enc', Key: 'cold/mp.bin', UploadId, PartNumber: i + 1, Body }),
      );
      done.push({ PartNumber: i + 1, ETag: r.ETag as string });
    }
    await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: 'enc',
        Key: 'cold/mp.bin',
        UploadId,
        MultipartUpload: { Parts: done },
      }),
    );
    await local.s3.setBucketLifecycle('enc', {
      Rule: [
        {
          ID: 'cold',
          Status: 'Enabled',
          Filter: { Prefix: 'cold/' },
          Transition: { Days: 1, StorageClass: 'COLD' },
        },
      ],
    } as never);

    local.clock.advanceDays(2);
    await until(
      async () => (await bytesOn(local.dataDir, 'enc', 'cold/s3.bin')) < 16 * 1024,
      'the SSE-S3 version moved',
    );
    await until(async () => {
      const sizes = await Promise.all(
        ['s3.bin', 'kms.txt', 'c.bin', 'mp.bin'].map((k) => bytesOn(local.dataDir, 'enc', `cold/${k}`)),
      );
      return sizes.every((n) => n < 16 * 1024);
    }, 'every version moved');
    const stored = await remoteObjects();
    expect(stored).toHaveLength(4);
    expect(stored.filter((b) => b.includes(PATTERN))).toEqual([]);
    // The compressible SSE-KMS object went compressed, then sealed: fewer bytes than its plaintext.
    expect(stored.some((b) => b.length < objects['kms.txt'].body.length / 2)).toBe(true);

    await expectReadable();
    const head = await fetch(await local.s3.presignedUrl('HEAD', 'enc', 'cold/s3.bin'), { method: 'HEAD' });
    expect(head.headers.get('x-amz-storage-class')).toBe('COLD');
    expect(head.headers.get('x-amz-server-side-encryption')).toBe('AES256');
    // SSE-C on the tier still needs its key.
    try {
      await s3.send(new GetObjectCommand({ Bucket: 'enc', Key: 'cold/c.bin' }));
      expect.unreachable('a GET without the customer key');
    } catch (err) {
      expect(err).toBeInstanceOf(S3ServiceException);
      expect((err as S3ServiceException).$metadata.httpStatusCode).toBe(400);
    }
  });

  it('restores the stored bytes for their days, then frees them; reads stay right throughout', async () => {
    for (const key of ['s3.bin', 'kms.txt', 'mp.bin', 'c.bin']) {
      await s3.send(
        new RestoreObjectCommand({
          Bucket: 'enc',
          Key: `cold/${key}`,
          RestoreRequest: { Days: 1 },
          ...(key === 'c.bin' ? ssec : {}),
        }),
      );
    }
    expect(await bytesOn(local.dataDir, 'enc', 'cold/mp.bin')).toBeGreaterThan(multipart.length);
    expect(await bytesOn(local.dataDir, 'enc', 'cold/s3.bin')).toBeGreaterThan(objects['s3.bin'].body.length);
    expect(await filesHolding(local.dataDir, PATTERN)).toEqual([]);
    await expectReadable();

    local.clock.advanceDays(3);
    await until(
      async () => (await bytesOn(local.dataDir, 'enc', 'cold/mp.bin')) < 16 * 1024,
      'the restored copy freed',
    );
    await expectReadable();
  });
});
