// SPDX-License-Identifier: Apache-2.0
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { Crc32cJs, Crc32Js, Crc64NvmeJs } from '@aws-sdk/checksums/crc';
import {
  type ChecksumAlgorithm,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  GetObjectAttributesCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListPartsCommand,
  PutObjectCommand,
  type S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { signRequest } from '@stowage/madmin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootSdk, sdkError } from './aws-sdk.js';
import { ROOT_PASSWORD, ROOT_USER, startTestStore, type TestStore } from './harness.js';

// Conformance with the AWS SDK for JavaScript v3 at its defaults: it sends a CRC32 with every upload
// (in a header, or as an aws-chunked trailer for streams) and validates GetObject's checksum. The
// expected values come from the SDK's own checksum package, not from the store's code.
let t: TestStore;
let s3: S3Client;
const B = 'checksums';

async function digest(algo: string, data: Buffer): Promise<string> {
  if (algo === 'SHA1' || algo === 'SHA256') {
    return createHash(algo.toLowerCase()).update(data).digest('base64');
  }
  const h = algo === 'CRC32' ? new Crc32Js() : algo === 'CRC32C' ? new Crc32cJs() : new Crc64NvmeJs();
  h.update(data);
  return Buffer.from(await h.digest()).toString('base64');
}

function bytes(n: number, seed: number): Buffer {
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i++) b[i] = (i * 31 + seed) & 0xff;
  return b;
}

beforeAll(async () => {
  t = await startTestStore();
  s3 = rootSdk(t);
  await s3.send(new CreateBucketCommand({ Bucket: B }));
});
afterAll(async () => {
  s3?.destroy();
  await t?.stop();
});

/**
 * A PutObject of `body` declaring the `algo` checksum of the body with one bit flipped at `flipAt`:
 * BadDigest, and nothing stored under `key`.
 */
async function expectWrongChecksumRefused(
  key: string,
  body: Buffer,
  algo: 'CRC32C' | 'CRC64NVME',
  flipAt: number,
): Promise<void> {
  const wrong = Buffer.from(body);
  wrong.writeUInt8(wrong.readUInt8(flipAt) ^ 1, flipAt);
  const err = await sdkError(
    s3.send(
      new PutObjectCommand({
        Bucket: B,
        Key: key,
        Body: body,
        [`Checksum${algo}`]: await digest(algo, wrong),
      }),
    ),
  );
  expect(err).toEqual({ name: 'BadDigest', status: 400 });
  expect(await sdkError(s3.send(new HeadObjectCommand({ Bucket: B, Key: key })))).toMatchObject({
    status: 404,
  });
}

describe('additional checksums (AWS SDK v3 defaults)', () => {
  it('stores the CRC32 the SDK sends by default and returns it on a validated GET', async () => {
    const body = Buffer.from('default checksum body\n');
    const put = await s3.send(new PutObjectCommand({ Bucket: B, Key: 'default.txt', Body: body }));
    expect(put.ChecksumCRC32).toBe(await digest('CRC32', body));
    const get = await s3.send(new GetObjectCommand({ Bucket: B, Key: 'default.txt' }));
    expect(get.ChecksumCRC32).toBe(await digest('CRC32', body));
    expect(get.ChecksumType).toBe('FULL_OBJECT');
    // The SDK checks the body against the returned checksum while reading it.
    expect(
      Buffer.from(await (get.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray()),
    ).toEqual(body);
  });

  it('takes a streamed body whose checksum arrives as an aws-chunked trailer', async () => {
    const body = bytes(300 * 1024, 7);
    await s3.send(
      new PutObjectCommand({
        Bucket: B,
        Key: 'streamed.bin',
        Body: Readable.from([body.subarray(0, 100_000), body.subarray(100_000)]),
        ContentLength: body.length,
      }),
    );
    const head = await s3.send(
      new HeadObjectCommand({ Bucket: B, Key: 'streamed.bin', ChecksumMode: 'ENABLED' }),
    );
    expect(head.ChecksumCRC32).toBe(await digest('CRC32', body));
    expect(head.ContentLength).toBe(body.length);
  });

  it.each(['CRC32C', 'CRC64NVME', 'SHA1', 'SHA256'] as ChecksumAlgorithm[])(
    'computes, checks and returns %s',
    async (algo) => {
      const body = bytes(70_000, algo.length);
      const key = `algo-${algo}`;
      await s3.send(new PutObjectCommand({ Bucket: B, Key: key, Body: body, ChecksumAlgorithm: algo }));
      const head = await s3.send(new HeadObjectCommand({ Bucket: B, Key: key, ChecksumMode: 'ENABLED' }));
      expect(head[`Checksum${algo}` as 'ChecksumCRC32']).toBe(await digest(algo, body));
      const plain = await s3.send(new HeadObjectCommand({ Bucket: B, Key: key }));
      expect(plain[`Checksum${algo}` as 'ChecksumCRC32']).toBeUndefined();
    },
  );

  it('carries the source’s checksum into a copy, or the algorithm the copy asks for', async () => {
    const body = bytes(70_000, 'SHA256'.length);
    await s3.send(new CopyObjectCommand({ Bucket: B, Key: 'copy-same', CopySource: `${B}/algo-SHA256` }));
    const same = await s3.send(
      new HeadObjectCommand({ Bucket: B, Key: 'copy-same', ChecksumMode: 'ENABLED' }),
    );
    expect(same.ChecksumSHA256).toBe(await digest('SHA256', body));
    const other = await s3.send(
      new CopyObjectCommand({
        Bucket: B,
        Key: 'copy-crc32c',
        CopySource: `${B}/algo-SHA256`,
        ChecksumAlgorithm: 'CRC32C',
      }),
    );
    expect(other.CopyObjectResult?.ChecksumCRC32C).toBe(await digest('CRC32C', body));
  });

  it('refuses a wrong checksum with BadDigest and stores nothing', async () => {
    const err = await sdkError(
      s3.send(
        new PutObjectCommand({
          Bucket: B,
          Key: 'bad.txt',
          Body: 'abc',
          ChecksumSHA256: await digest('SHA256', Buffer.from('abd')),
        }),
      ),
    );
    expect(err).toEqual({ name: 'BadDigest', status: 400 });
    expect(await sdkError(s3.send(new HeadObjectCommand({ Bucket: B, Key: 'bad.txt' })))).toMatchObject({
      status: 404,
    });
  });

  it('refuses a wrong checksum of a body stored in shard files (past the inline limit), storing nothing', async () => {
    await expectWrongChecksumRefused('bad-large.bin', bytes(300 * 1024, 7), 'CRC32C', 300 * 1024 - 1);
  });

  it('refuses a malformed checksum value with BadDigest (a value no body can match)', async () => {
    const err = await sdkError(
      s3.send(new PutObjectCommand({ Bucket: B, Key: 'bad.txt', Body: 'abc', ChecksumCRC32: 'not-a-crc' })),
    );
    expect(err).toEqual({ name: 'BadDigest', status: 400 });
  });
});

// CRC64NVME of a body of several erasure blocks is computed beside its MD5 (on the store's hashing
// worker): the value stored and checked must still be the body's, declared or not, at any size.
describe('CRC64NVME of large bodies', () => {
  const large = bytes(3 * 1024 * 1024 + 4321, 11);

  it('stores the CRC64NVME of a body sent with no checksum (the default) and returns it', async () => {
    const url = `${t.store.url}/${B}/default-large.bin`;
    const headers = signRequest({
      method: 'PUT',
      url,
      payloadHash: 'UNSIGNED-PAYLOAD',
      accessKey: ROOT_USER,
      secretKey: ROOT_PASSWORD,
      region: 'us-east-1',
      service: 's3',
    });
    const res = await fetch(url, { method: 'PUT', headers, body: large });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-amz-checksum-crc64nvme')).toBe(await digest('CRC64NVME', large));
    const head = await s3.send(
      new HeadObjectCommand({ Bucket: B, Key: 'default-large.bin', ChecksumMode: 'ENABLED' }),
    );
    expect(head.ChecksumCRC64NVME).toBe(await digest('CRC64NVME', large));
  });

  it('takes a declared CRC64NVME that matches, and refuses one that does not (BadDigest, nothing stored)', async () => {
    const ok = await s3.send(
      new PutObjectCommand({
        Bucket: B,
        Key: 'crc64-large.bin',
        Body: large,
        ChecksumCRC64NVME: await digest('CRC64NVME', large),
      }),
    );
    expect(ok.ChecksumCRC64NVME).toBe(await digest('CRC64NVME', large));
    await expectWrongChecksumRefused('crc64-bad.bin', large, 'CRC64NVME', 2 * 1024 * 1024);
  });
});

/** A PUT with an unsigned-trailer aws-chunked body, as the SDK streams it, with a trailer we choose. */
async function trailerPut(
  key: string,
  data: string,
  trailer: string,
): Promise<{ status: number; text: string }> {
  const url = `${t.store.url}/${B}/${key}`;
  const body = `${data.length.toString(16)}\r\n${data}\r\n0\r\n${trailer}\r\n`;
  const headers = signRequest({
    method: 'PUT',
    url,
    headers: {
      'content-encoding': 'aws-chunked',
      'x-amz-decoded-content-length': String(data.length),
      'x-amz-trailer': 'x-amz-checksum-crc32',
      'x-amz-sdk-checksum-algorithm': 'CRC32',
    },
    payloadHash: 'STREAMING-UNSIGNED-PAYLOAD-TRAILER',
    accessKey: ROOT_USER,
    secretKey: ROOT_PASSWORD,
    region: 'us-east-1',
    service: 's3',
  });
  const res = await fetch(url, { method: 'PUT', headers, body });
  return { status: res.status, text: await res.text() };
}

describe('trailing checksums sent by hand', () => {
  it('stores a body whose trailer matches', async () => {
    const r = await trailerPut(
      'trail-ok.txt',
      'hello',
      `x-amz-checksum-crc32:${await digest('CRC32', Buffer.from('hello'))}\r\n`,
    );
    expect(r.status).toBe(200);
  });

  it('refuses a trailer that does not match (BadDigest) and stores nothing', async () => {
    const r = await trailerPut(
      'trail-bad.txt',
      'hello',
      `x-amz-checksum-crc32:${await digest('CRC32', Buffer.from('hellO'))}\r\n`,
    );
    expect(r.status).toBe(400);
    expect(r.text).toContain('<Code>BadDigest</Code>');
    expect(await sdkError(s3.send(new HeadObjectCommand({ Bucket: B, Key: 'trail-bad.txt' })))).toMatchObject(
      { status: 404 },
    );
  });

  it('refuses a body whose announced trailer never came (InvalidRequest)', async () => {
    const r = await trailerPut('trail-none.txt', 'hello', '');
    expect(r.status).toBe(400);
    expect(r.text).toContain('<Code>InvalidRequest</Code>');
  });
});

async function multipart(
  key: string,
  algo: ChecksumAlgorithm,
  type: 'COMPOSITE' | 'FULL_OBJECT',
  parts: Buffer[],
): Promise<{ uploadId: string; etags: string[]; sums: string[] }> {
  const created = await s3.send(
    new CreateMultipartUploadCommand({ Bucket: B, Key: key, ChecksumAlgorithm: algo, ChecksumType: type }),
  );
  expect(created.ChecksumAlgorithm).toBe(algo);
  expect(created.ChecksumType).toBe(type);
  const uploadId = created.UploadId as string;
  const etags: string[] = [];
  const sums: string[] = [];
  for (const [i, p] of parts.entries()) {
    const r = await s3.send(
      new UploadPartCommand({
        Bucket: B,
        Key: key,
        UploadId: uploadId,
        PartNumber: i + 1,
        Body: p,
        ChecksumAlgorithm: algo,
      }),
    );
    etags.push(r.ETag as string);
    sums.push(r[`Checksum${algo}` as 'ChecksumCRC32'] as string);
  }
  return { uploadId, etags, sums };
}

describe('multipart checksums', () => {
  const parts = [bytes(5 * 1024 * 1024, 1), bytes(1234, 2)];

  it('builds a COMPOSITE checksum from the part checksums', async () => {
    const { uploadId, etags, sums } = await multipart('composite.bin', 'SHA256', 'COMPOSITE', parts);
    expect(sums).toEqual([
      await digest('SHA256', parts[0] as Buffer),
      await digest('SHA256', parts[1] as Buffer),
    ]);
    const listed = await s3.send(
      new ListPartsCommand({ Bucket: B, Key: 'composite.bin', UploadId: uploadId }),
    );
    expect(listed.ChecksumAlgorithm).toBe('SHA256');
    expect(listed.Parts?.map((p) => p.ChecksumSHA256)).toEqual(sums);
    const done = await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: B,
        Key: 'composite.bin',
        UploadId: uploadId,
        MultipartUpload: {
          Parts: etags.map((ETag, i) => ({ ETag, PartNumber: i + 1, ChecksumSHA256: sums[i] })),
        },
      }),
    );
    const expected = `${await digest('SHA256', Buffer.concat(sums.map((s) => Buffer.from(s, 'base64'))))}-2`;
    expect(done.ChecksumSHA256).toBe(expected);
    expect(done.ChecksumType).toBe('COMPOSITE');
    const head = await s3.send(
      new HeadObjectCommand({ Bucket: B, Key: 'composite.bin', ChecksumMode: 'ENABLED' }),
    );
    expect(head.ChecksumSHA256).toBe(expected);
    const attrs = await s3.send(
      new GetObjectAttributesCommand({
        Bucket: B,
        Key: 'composite.bin',
        ObjectAttributes: ['Checksum', 'ObjectParts'],
      }),
    );
    expect(attrs.Checksum).toEqual({
      ChecksumSHA256: expected,
      ChecksumType: 'COMPOSITE',
    });
    expect(attrs.ObjectParts?.TotalPartsCount).toBe(2);
    expect(attrs.ObjectParts?.Parts?.map((p) => p.ChecksumSHA256)).toEqual(sums);
  });

  it.each(['CRC32', 'CRC64NVME'] as ChecksumAlgorithm[])(
    'builds a FULL_OBJECT %s equal to the whole body’s',
    async (algo) => {
      const key = `full-${algo}`;
      const { uploadId, etags } = await multipart(key, algo, 'FULL_OBJECT', parts);
      const done = await s3.send(
        new CompleteMultipartUploadCommand({
          Bucket: B,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: etags.map((ETag, i) => ({ ETag, PartNumber: i + 1 })) },
        }),
      );
      const whole = await digest(algo, Buffer.concat(parts));
      expect(done[`Checksum${algo}` as 'ChecksumCRC32']).toBe(whole);
      expect(done.ChecksumType).toBe('FULL_OBJECT');
      // A validated GET of the assembled object.
      const get = await s3.send(new GetObjectCommand({ Bucket: B, Key: key }));
      const got = Buffer.from(
        await (get.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
      );
      expect(got.equals(Buffer.concat(parts))).toBe(true);
    },
  );

  it('refuses a listed part checksum that differs from the stored one (InvalidPart) and keeps the upload', async () => {
    const { uploadId, etags, sums } = await multipart('mismatch.bin', 'CRC32', 'COMPOSITE', parts);
    const err = await sdkError(
      s3.send(
        new CompleteMultipartUploadCommand({
          Bucket: B,
          Key: 'mismatch.bin',
          UploadId: uploadId,
          MultipartUpload: {
            Parts: etags.map((ETag, i) => ({
              ETag,
              PartNumber: i + 1,
              ChecksumCRC32: i === 0 ? (sums[1] as string) : sums[i],
            })),
          },
        }),
      ),
    );
    expect(err).toEqual({ name: 'InvalidPart', status: 400 });
    const listed = await s3.send(
      new ListPartsCommand({ Bucket: B, Key: 'mismatch.bin', UploadId: uploadId }),
    );
    expect(listed.Parts).toHaveLength(2);
  });

  it('refuses a part sent with another algorithm than the upload’s', async () => {
    const created = await s3.send(
      new CreateMultipartUploadCommand({ Bucket: B, Key: 'other.bin', ChecksumAlgorithm: 'SHA1' }),
    );
    const err = await sdkError(
      s3.send(
        new UploadPartCommand({
          Bucket: B,
          Key: 'other.bin',
          UploadId: created.UploadId,
          PartNumber: 1,
          Body: 'x',
          ChecksumAlgorithm: 'CRC32',
        }),
      ),
    );
    expect(err).toEqual({ name: 'InvalidRequest', status: 400 });
  });

  it('refuses a part whose declared checksum is wrong (BadDigest), on an upload without an algorithm too', async () => {
    for (const algo of [undefined, 'CRC32'] as const) {
      const key = `bad-part-${algo ?? 'none'}.bin`;
      const created = await s3.send(
        new CreateMultipartUploadCommand({
          Bucket: B,
          Key: key,
          ...(algo ? { ChecksumAlgorithm: algo } : {}),
        }),
      );
      const err = await sdkError(
        s3.send(
          new UploadPartCommand({
            Bucket: B,
            Key: key,
            UploadId: created.UploadId,
            PartNumber: 1,
            Body: bytes(200 * 1024, 3),
            ChecksumCRC32: await digest('CRC32', bytes(200 * 1024, 4)),
          }),
        ),
      );
      expect(err).toEqual({ name: 'BadDigest', status: 400 });
      const listed = await s3.send(new ListPartsCommand({ Bucket: B, Key: key, UploadId: created.UploadId }));
      expect(listed.Parts ?? []).toHaveLength(0);
    }
  });

  it('refuses FULL_OBJECT with SHA256 and COMPOSITE with CRC64NVME', async () => {
    for (const [algo, type] of [
      ['SHA256', 'FULL_OBJECT'],
      ['CRC64NVME', 'COMPOSITE'],
    ] as const) {
      const err = await sdkError(
        s3.send(
          new CreateMultipartUploadCommand({
            Bucket: B,
            Key: 'x',
            ChecksumAlgorithm: algo,
            ChecksumType: type,
          }),
        ),
      );
      expect(err).toEqual({ name: 'InvalidRequest', status: 400 });
    }
  });
});

describe('conditional writes', () => {
  it('If-None-Match: * creates once, then 412', async () => {
    await s3.send(new PutObjectCommand({ Bucket: B, Key: 'once.txt', Body: 'first', IfNoneMatch: '*' }));
    const err = await sdkError(
      s3.send(new PutObjectCommand({ Bucket: B, Key: 'once.txt', Body: 'second', IfNoneMatch: '*' })),
    );
    expect(err).toEqual({ name: 'PreconditionFailed', status: 412 });
    const get = await s3.send(new GetObjectCommand({ Bucket: B, Key: 'once.txt' }));
    expect(await get.Body?.transformToString()).toBe('first');
  });

  it('If-Match replaces only the named version; a missing key is NoSuchKey', async () => {
    const first = await s3.send(new PutObjectCommand({ Bucket: B, Key: 'cas.txt', Body: 'v1' }));
    const wrong = await sdkError(
      s3.send(
        new PutObjectCommand({
          Bucket: B,
          Key: 'cas.txt',
          Body: 'v2',
          IfMatch: '"0123456789abcdef0123456789abcdef"',
        }),
      ),
    );
    expect(wrong).toEqual({ name: 'PreconditionFailed', status: 412 });
    await s3.send(new PutObjectCommand({ Bucket: B, Key: 'cas.txt', Body: 'v2', IfMatch: first.ETag }));
    expect(
      await (await s3.send(new GetObjectCommand({ Bucket: B, Key: 'cas.txt' }))).Body?.transformToString(),
    ).toBe('v2');
    const missing = await sdkError(
      s3.send(new PutObjectCommand({ Bucket: B, Key: 'nothing-here.txt', Body: 'x', IfMatch: first.ETag })),
    );
    expect(missing).toEqual({ name: 'NoSuchKey', status: 404 });
  });

  it('CompleteMultipartUpload with If-None-Match: * fails on an existing key and keeps the upload', async () => {
    await s3.send(new PutObjectCommand({ Bucket: B, Key: 'mp-once.bin', Body: 'exists' }));
    const created = await s3.send(new CreateMultipartUploadCommand({ Bucket: B, Key: 'mp-once.bin' }));
    const part = await s3.send(
      new UploadPartCommand({
        Bucket: B,
        Key: 'mp-once.bin',
        UploadId: created.UploadId,
        PartNumber: 1,
        Body: 'tiny',
      }),
    );
    const complete = (): Promise<unknown> =>
      s3.send(
        new CompleteMultipartUploadCommand({
          Bucket: B,
          Key: 'mp-once.bin',
          UploadId: created.UploadId,
          IfNoneMatch: '*',
          MultipartUpload: { Parts: [{ ETag: part.ETag, PartNumber: 1 }] },
        }),
      );
    expect(await sdkError(complete())).toEqual({ name: 'PreconditionFailed', status: 412 });
    const listed = await s3.send(
      new ListPartsCommand({ Bucket: B, Key: 'mp-once.bin', UploadId: created.UploadId }),
    );
    expect(listed.Parts).toHaveLength(1);
  });
});
