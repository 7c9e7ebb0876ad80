// SPDX-License-Identifier: Apache-2.0
import { createHash, randomBytes } from 'node:crypto';
import {
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteBucketEncryptionCommand,
  GetBucketEncryptionCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListPartsCommand,
  PutBucketEncryptionCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
  UploadPartCopyCommand,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ROOT_PASSWORD,
  ROOT_USER,
  rootClients,
  startTestStore,
  type TestStore,
} from '../conformance/harness.js';
import { SSE_C_HTTP_VARIABLE } from './seal.js';
import { filesHolding, patterned as patternOf } from './testing/plaintext.js';

// Server-side encryption end to end with @aws-sdk/client-s3 against a real store on 4 drive folders:
// every SSE kind round-trips with AWS's response headers and errors, and a known plaintext pattern
// written with each kind appears in no file under the drive folders.

const MASTER = `test-master:${randomBytes(32).toString('base64')}`;
const B = 'sse';
const PATTERN = Buffer.from('KNOWN-PLAINTEXT-PATTERN-91c3');
const P = 64 * 1024;
let t: TestStore;
let s3: S3Client;

const patterned = (size: number, tag: string): Buffer => patternOf(PATTERN, size, tag);

const md5hex = (b: Buffer): string => createHash('md5').update(b).digest('hex');
const customer = randomBytes(32);
const ssec = {
  SSECustomerAlgorithm: 'AES256',
  SSECustomerKey: customer.toString('base64'),
  SSECustomerKeyMD5: createHash('md5').update(customer).digest('base64'),
};

const filesWithPattern = (): Promise<string[]> => filesHolding(t.dataDir, PATTERN);

async function getBytes(input: ConstructorParameters<typeof GetObjectCommand>[0]): Promise<Buffer> {
  const r = await s3.send(new GetObjectCommand(input));
  return Buffer.from(
    await (r.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
  );
}

/** The S3 error code and HTTP status a failing call gets. */
async function failure(p: Promise<unknown>): Promise<{ code: string; status: number | undefined }> {
  try {
    await p;
  } catch (err) {
    if (err instanceof S3ServiceException) return { code: err.name, status: err.$metadata.httpStatusCode };
    throw err;
  }
  throw new Error('expected the call to fail');
}

beforeAll(async () => {
  t = await startTestStore(4, { env: { MINIO_KMS_SECRET_KEY: MASTER, [SSE_C_HTTP_VARIABLE]: 'on' } });
  s3 = new S3Client({
    endpoint: t.store.url,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ROOT_USER, secretAccessKey: ROOT_PASSWORD },
  });
  const { s3: mc } = rootClients(t);
  await mc.makeBucket(B);
  await mc.makeBucket('defaults');
});
afterAll(async () => {
  s3?.destroy();
  await t?.stop();
});

describe('object encryption with @aws-sdk/client-s3', () => {
  const big = patterned(3 * P + 999, 'big');
  const small = patterned(700, 'small');

  it('SSE-S3: AES256 headers, the plaintext MD5 as ETag, bytes back exact', async () => {
    const put = await s3.send(
      new PutObjectCommand({ Bucket: B, Key: 's3-big', Body: big, ServerSideEncryption: 'AES256' }),
    );
    expect(put.ServerSideEncryption).toBe('AES256');
    expect(put.ETag).toBe(`"${md5hex(big)}"`);
    await s3.send(
      new PutObjectCommand({ Bucket: B, Key: 's3-small', Body: small, ServerSideEncryption: 'AES256' }),
    );
    const head = await s3.send(new HeadObjectCommand({ Bucket: B, Key: 's3-big' }));
    expect(head.ServerSideEncryption).toBe('AES256');
    expect(head.ContentLength).toBe(big.length);
    expect((await getBytes({ Bucket: B, Key: 's3-big' })).equals(big)).toBe(true);
    expect((await getBytes({ Bucket: B, Key: 's3-small' })).equals(small)).toBe(true);
    expect(
      (await getBytes({ Bucket: B, Key: 's3-big', Range: `bytes=${P - 2}-${2 * P + 1}` })).equals(
        big.subarray(P - 2, 2 * P + 2),
      ),
    ).toBe(true);
  });

  it('SSE-KMS: the key id and context come back; an unknown key is KMS.NotFoundException', async () => {
    const { admin } = rootClients(t);
    void admin;
    const context = Buffer.from(JSON.stringify({ project: 'stowage' })).toString('base64');
    const put = await s3.send(
      new PutObjectCommand({
        Bucket: B,
        Key: 'kms-big',
        Body: big,
        ServerSideEncryption: 'aws:kms',
        SSEKMSKeyId: 'test-master',
        SSEKMSEncryptionContext: context,
      }),
    );
    expect(put.ServerSideEncryption).toBe('aws:kms');
    expect(put.SSEKMSKeyId).toBe('arn:aws:kms:test-master');
    expect(put.ETag).not.toBe(`"${md5hex(big)}"`);
    await s3.send(
      new PutObjectCommand({ Bucket: B, Key: 'kms-small', Body: small, ServerSideEncryption: 'aws:kms' }),
    );
    const head = await s3.send(new HeadObjectCommand({ Bucket: B, Key: 'kms-small' }));
    expect(head.ServerSideEncryption).toBe('aws:kms');
    expect(head.SSEKMSKeyId).toBe('arn:aws:kms:test-master');
    expect((await getBytes({ Bucket: B, Key: 'kms-big' })).equals(big)).toBe(true);
    expect((await getBytes({ Bucket: B, Key: 'kms-small' })).equals(small)).toBe(true);
    expect(
      await failure(
        s3.send(
          new PutObjectCommand({
            Bucket: B,
            Key: 'kms-x',
            Body: 'x',
            ServerSideEncryption: 'aws:kms',
            SSEKMSKeyId: 'no-such-key',
          }),
        ),
      ),
    ).toEqual({ code: 'KMS.NotFoundException', status: 400 });
  });

  it('SSE-C: the key is needed and checked on GET and HEAD, as AWS answers', async () => {
    const put = await s3.send(new PutObjectCommand({ Bucket: B, Key: 'c-big', Body: big, ...ssec }));
    expect(put.SSECustomerAlgorithm).toBe('AES256');
    expect(put.SSECustomerKeyMD5).toBe(ssec.SSECustomerKeyMD5);
    expect(put.ETag).not.toBe(`"${md5hex(big)}"`);
    await s3.send(new PutObjectCommand({ Bucket: B, Key: 'c-small', Body: small, ...ssec }));
    expect((await getBytes({ Bucket: B, Key: 'c-big', ...ssec })).equals(big)).toBe(true);
    expect((await getBytes({ Bucket: B, Key: 'c-small', ...ssec })).equals(small)).toBe(true);
    const head = await s3.send(new HeadObjectCommand({ Bucket: B, Key: 'c-small', ...ssec }));
    expect(head.SSECustomerKeyMD5).toBe(ssec.SSECustomerKeyMD5);
    expect(await failure(getBytes({ Bucket: B, Key: 'c-big' }))).toEqual({
      code: 'InvalidRequest',
      status: 400,
    });
    const other = randomBytes(32);
    const wrong = {
      SSECustomerAlgorithm: 'AES256',
      SSECustomerKey: other.toString('base64'),
      SSECustomerKeyMD5: createHash('md5').update(other).digest('base64'),
    };
    expect(await failure(getBytes({ Bucket: B, Key: 'c-big', ...wrong }))).toEqual({
      code: 'AccessDenied',
      status: 403,
    });
    expect(
      (await failure(s3.send(new HeadObjectCommand({ Bucket: B, Key: 'c-small', ...wrong })))).status,
    ).toBe(403);
    expect((await failure(s3.send(new HeadObjectCommand({ Bucket: B, Key: 'c-small' })))).status).toBe(400);
    // SSE-C headers on an object that is not SSE-C.
    expect(await failure(getBytes({ Bucket: B, Key: 's3-big', ...ssec }))).toEqual({
      code: 'InvalidRequest',
      status: 400,
    });
  });

  it('writes none of the plaintext to the drives with any SSE kind', async () => {
    expect(await filesWithPattern()).toEqual([]);
  });

  it('SSE-C multipart: ranged GETs at package and part boundaries are right', async () => {
    const parts = [
      patterned(5 * 1024 * 1024, 'p1'),
      patterned(5 * 1024 * 1024 + 7, 'p2'),
      patterned(P + 5, 'p3'),
    ];
    const all = Buffer.concat(parts);
    const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: B, Key: 'mp', ...ssec }));
    const done: { PartNumber: number; ETag: string }[] = [];
    for (const [i, body] of parts.entries()) {
      const r = await s3.send(
        new UploadPartCommand({ Bucket: B, Key: 'mp', UploadId, PartNumber: i + 1, Body: body, ...ssec }),
      );
      expect(r.SSECustomerKeyMD5).toBe(ssec.SSECustomerKeyMD5);
      // As AWS: an SSE-C part's ETag is not its plaintext's MD5.
      expect(r.ETag).toMatch(/^"[0-9a-f]{32}"$/);
      expect(r.ETag).not.toBe(`"${md5hex(body)}"`);
      done.push({ PartNumber: i + 1, ETag: r.ETag as string });
    }
    const listed = await s3.send(new ListPartsCommand({ Bucket: B, Key: 'mp', UploadId, ...ssec }));
    expect(listed.Parts?.map((p) => ({ PartNumber: p.PartNumber, ETag: p.ETag }))).toEqual(done);
    const plainMd5 = parts.map((body, i) => ({ PartNumber: i + 1, ETag: `"${md5hex(body)}"` }));
    expect(
      await failure(
        s3.send(
          new CompleteMultipartUploadCommand({
            Bucket: B,
            Key: 'mp',
            UploadId,
            MultipartUpload: { Parts: plainMd5 },
          }),
        ),
      ),
    ).toEqual({ code: 'InvalidPart', status: 400 });
    expect(
      await failure(
        s3.send(new UploadPartCommand({ Bucket: B, Key: 'mp', UploadId, PartNumber: 9, Body: 'x' })),
      ),
    ).toEqual({ code: 'InvalidRequest', status: 400 });
    await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: B,
        Key: 'mp',
        UploadId,
        MultipartUpload: { Parts: done },
      }),
    );
    const cut1 = (parts[0] as Buffer).length;
    const cut2 = cut1 + (parts[1] as Buffer).length;
    for (const [a, b] of [
      [0, 0],
      [P - 1, P],
      [P, 2 * P - 1],
      [cut1 - P - 1, cut1 + P],
      [cut1 - 1, cut1],
      [cut2 - 3, cut2 + P + 1],
      [all.length - 1, all.length - 1],
    ] as [number, number][]) {
      const got = await getBytes({ Bucket: B, Key: 'mp', Range: `bytes=${a}-${b}`, ...ssec });
      expect(got.equals(all.subarray(a, b + 1))).toBe(true);
    }
    expect(
      (await getBytes({ Bucket: B, Key: 'mp', Range: 'bytes=-100', ...ssec })).equals(
        all.subarray(all.length - 100),
      ),
    ).toBe(true);
    expect(md5hex(await getBytes({ Bucket: B, Key: 'mp', ...ssec }))).toBe(md5hex(all));
    expect(await filesWithPattern()).toEqual([]);
  });

  it('copies between encryption kinds, whole and as parts', async () => {
    const c = await s3.send(
      new CopyObjectCommand({
        Bucket: B,
        Key: 'copied-to-s3',
        CopySource: `${B}/c-big`,
        CopySourceSSECustomerAlgorithm: 'AES256',
        CopySourceSSECustomerKey: ssec.SSECustomerKey,
        CopySourceSSECustomerKeyMD5: ssec.SSECustomerKeyMD5,
        ServerSideEncryption: 'AES256',
      }),
    );
    expect(c.ServerSideEncryption).toBe('AES256');
    expect((await getBytes({ Bucket: B, Key: 'copied-to-s3' })).equals(big)).toBe(true);
    expect(
      await failure(s3.send(new CopyObjectCommand({ Bucket: B, Key: 'copy-x', CopySource: `${B}/c-big` }))),
    ).toEqual({ code: 'InvalidRequest', status: 400 });
    await s3.send(
      new CopyObjectCommand({ Bucket: B, Key: 'copied-to-c', CopySource: `${B}/kms-big`, ...ssec }),
    );
    expect((await getBytes({ Bucket: B, Key: 'copied-to-c', ...ssec })).equals(big)).toBe(true);
    const { UploadId } = await s3.send(
      new CreateMultipartUploadCommand({ Bucket: B, Key: 'pc', ServerSideEncryption: 'aws:kms' }),
    );
    const r = await s3.send(
      new UploadPartCopyCommand({
        Bucket: B,
        Key: 'pc',
        UploadId,
        PartNumber: 1,
        CopySource: `${B}/c-big`,
        CopySourceRange: `bytes=${P - 10}-${2 * P + 10}`,
        CopySourceSSECustomerAlgorithm: 'AES256',
        CopySourceSSECustomerKey: ssec.SSECustomerKey,
        CopySourceSSECustomerKeyMD5: ssec.SSECustomerKeyMD5,
      }),
    );
    expect(r.CopyPartResult?.ETag).not.toBe(`"${md5hex(big.subarray(P - 10, 2 * P + 11))}"`);
    await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: B,
        Key: 'pc',
        UploadId,
        MultipartUpload: { Parts: [{ PartNumber: 1, ETag: r.CopyPartResult?.ETag as string }] },
      }),
    );
    const head = await s3.send(new HeadObjectCommand({ Bucket: B, Key: 'pc' }));
    expect(head.ServerSideEncryption).toBe('aws:kms');
    expect((await getBytes({ Bucket: B, Key: 'pc' })).equals(big.subarray(P - 10, 2 * P + 11))).toBe(true);
  });

  it('rewrites an encrypted object onto itself (new metadata) and reads it back', async () => {
    await s3.send(
      new CopyObjectCommand({
        Bucket: B,
        Key: 's3-big',
        CopySource: `${B}/s3-big`,
        MetadataDirective: 'REPLACE',
        Metadata: { stage: 'two' },
        ServerSideEncryption: 'AES256',
      }),
    );
    const head = await s3.send(new HeadObjectCommand({ Bucket: B, Key: 's3-big' }));
    expect(head.Metadata).toEqual({ stage: 'two' });
    expect(head.ServerSideEncryption).toBe('AES256');
    expect((await getBytes({ Bucket: B, Key: 's3-big' })).equals(big)).toBe(true);
  });

  it('refuses malformed customer keys with AWS codes', async () => {
    const short = { ...ssec, SSECustomerKey: randomBytes(16).toString('base64') };
    short.SSECustomerKeyMD5 = createHash('md5')
      .update(Buffer.from(short.SSECustomerKey, 'base64'))
      .digest('base64');
    expect(
      await failure(s3.send(new PutObjectCommand({ Bucket: B, Key: 'bad', Body: 'x', ...short }))),
    ).toEqual({
      code: 'InvalidArgument',
      status: 400,
    });
    expect(
      await failure(
        s3.send(
          new PutObjectCommand({ Bucket: B, Key: 'bad', Body: 'x', ...ssec, SSECustomerAlgorithm: 'AES128' }),
        ),
      ),
    ).toEqual({ code: 'InvalidEncryptionAlgorithmError', status: 400 });
  });
});

describe('bucket default encryption', () => {
  it('encrypts objects that ask for nothing; Get and Delete the configuration', async () => {
    expect(await failure(s3.send(new GetBucketEncryptionCommand({ Bucket: 'defaults' })))).toEqual({
      code: 'ServerSideEncryptionConfigurationNotFoundError',
      status: 404,
    });
    await s3.send(
      new PutBucketEncryptionCommand({
        Bucket: 'defaults',
        ServerSideEncryptionConfiguration: {
          Rules: [{ ApplyServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
        },
      }),
    );
    const got = await s3.send(new GetBucketEncryptionCommand({ Bucket: 'defaults' }));
    expect(
      got.ServerSideEncryptionConfiguration?.Rules?.[0]?.ApplyServerSideEncryptionByDefault?.SSEAlgorithm,
    ).toBe('AES256');
    const data = patterned(200_000, 'default');
    const put = await s3.send(new PutObjectCommand({ Bucket: 'defaults', Key: 'd', Body: data }));
    expect(put.ServerSideEncryption).toBe('AES256');
    expect((await getBytes({ Bucket: 'defaults', Key: 'd' })).equals(data)).toBe(true);
    expect(await filesWithPattern()).toEqual([]);
    expect(
      await failure(
        s3.send(
          new PutBucketEncryptionCommand({
            Bucket: 'defaults',
            ServerSideEncryptionConfiguration: {
              Rules: [
                { ApplyServerSideEncryptionByDefault: { SSEAlgorithm: 'aws:kms', KMSMasterKeyID: 'absent' } },
              ],
            },
          }),
        ),
      ),
    ).toEqual({ code: 'KMS.NotFoundException', status: 400 });
    await s3.send(new DeleteBucketEncryptionCommand({ Bucket: 'defaults' }));
    const plain = await s3.send(new PutObjectCommand({ Bucket: 'defaults', Key: 'p', Body: 'plain' }));
    expect(plain.ServerSideEncryption).toBeUndefined();
    // Objects written under the default stay encrypted and readable.
    expect((await getBytes({ Bucket: 'defaults', Key: 'd' })).equals(data)).toBe(true);
  });
});
