// SPDX-License-Identifier: Apache-2.0
import http from 'node:http';
import { Readable } from 'node:stream';
import {
  CompleteMultipartUploadCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetBucketPolicyStatusCommand,
  GetObjectAttributesCommand,
  GetObjectCommand,
  GetObjectTorrentCommand,
  HeadObjectCommand,
  ListBucketsCommand,
  ListMultipartUploadsCommand,
  ListObjectsCommand,
  ListObjectsV2Command,
  ListObjectVersionsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { presignUrl } from '@stowage/madmin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootSdk, sdkError } from './aws-sdk.js';
import { boto3Report } from './boto3.js';
import { ROOT_PASSWORD, ROOT_USER, startTestStore, type TestStore } from './harness.js';

// Issue 37, small behaviours, as the AWS SDK v3, Debian's boto3 and a plain HTTP client meet them.
let t: TestStore;
let s3: S3Client;
const B = 'small-behaviours';
const ENCODED_KEYS = ['foo+1/bar', 'foo/bar/xyzzy', 'quux ab/thud', 'asdf+b'];

function presigned(method: string, path: string, headers: Record<string, string> = {}): string {
  return presignUrl({
    method,
    url: `${t.store.url}${path}`,
    accessKey: ROOT_USER,
    secretKey: ROOT_PASSWORD,
    region: 'us-east-1',
    ...(Object.keys(headers).length ? { headers } : {}),
  });
}

beforeAll(async () => {
  t = await startTestStore();
  s3 = rootSdk(t);
  await s3.send(new CreateBucketCommand({ Bucket: B }));
  for (const Key of ENCODED_KEYS) await s3.send(new PutObjectCommand({ Bucket: B, Key, Body: 'x' }));
}, 60_000);
afterAll(async () => {
  s3?.destroy();
  await t?.stop();
});

describe('multipart', () => {
  it('answers a CompleteMultipartUpload retried after it succeeded with the same 200 result', async () => {
    const Key = 'retried.bin';
    const up = await s3.send(new CreateMultipartUploadCommand({ Bucket: B, Key }));
    const part = await s3.send(
      new UploadPartCommand({ Bucket: B, Key, UploadId: up.UploadId, PartNumber: 1, Body: 'only part' }),
    );
    const complete = () =>
      s3.send(
        new CompleteMultipartUploadCommand({
          Bucket: B,
          Key,
          UploadId: up.UploadId,
          MultipartUpload: { Parts: [{ PartNumber: 1, ETag: part.ETag }] },
        }),
      );
    const first = await complete();
    const again = await complete();
    expect(again.ETag).toBe(first.ETag);
    expect(again.ETag).toMatch(/-1"$/);
    // A different parts list for the finished upload is still NoSuchUpload.
    expect(
      await sdkError(
        s3.send(
          new CompleteMultipartUploadCommand({
            Bucket: B,
            Key,
            UploadId: up.UploadId,
            MultipartUpload: { Parts: [{ PartNumber: 1, ETag: '"00000000000000000000000000000000"' }] },
          }),
        ),
      ),
    ).toEqual({ name: 'NoSuchUpload', status: 404 });
  });

  it('lists the composite checksum with its -N suffix in GetObjectAttributes', async () => {
    const Key = 'composite.bin';
    const up = await s3.send(
      new CreateMultipartUploadCommand({ Bucket: B, Key, ChecksumAlgorithm: 'SHA256' }),
    );
    const parts = [];
    for (const [i, body] of [Buffer.alloc(5 * 1024 * 1024, 1), Buffer.from('tail')].entries()) {
      const r = await s3.send(
        new UploadPartCommand({
          Bucket: B,
          Key,
          UploadId: up.UploadId,
          PartNumber: i + 1,
          Body: body,
          ChecksumAlgorithm: 'SHA256',
        }),
      );
      parts.push({ PartNumber: i + 1, ETag: r.ETag, ChecksumSHA256: r.ChecksumSHA256 });
    }
    const done = await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: B,
        Key,
        UploadId: up.UploadId,
        MultipartUpload: { Parts: parts },
      }),
    );
    expect(done.ChecksumSHA256).toMatch(/-2$/);
    const attrs = await s3.send(
      new GetObjectAttributesCommand({ Bucket: B, Key, ObjectAttributes: ['Checksum'] }),
    );
    expect(attrs.Checksum?.ChecksumSHA256).toBe(done.ChecksumSHA256);
    // partNumber beyond the parts: 416 InvalidPartNumber, as AWS documents (Ceph's suite expects 400 InvalidPart).
    expect(await sdkError(s3.send(new GetObjectCommand({ Bucket: B, Key, PartNumber: 3 })))).toEqual({
      name: 'InvalidPartNumber',
      status: 416,
    });
  });
});

describe('encoding-type=url', () => {
  it('encodes keys and common prefixes as AWS does in ListObjects V1 and V2 (space %20, + %2B)', async () => {
    for (const list of [
      () => s3.send(new ListObjectsV2Command({ Bucket: B, Delimiter: '/', EncodingType: 'url', Prefix: '' })),
      () => s3.send(new ListObjectsCommand({ Bucket: B, Delimiter: '/', EncodingType: 'url' })),
    ]) {
      const r = await list();
      expect(r.Contents?.map((c) => c.Key).filter((k) => k?.startsWith('asdf'))).toEqual(['asdf%2Bb']);
      expect(r.CommonPrefixes?.map((p) => p.Prefix)).toEqual(['foo%2B1/', 'foo/', 'quux%20ab/']);
    }
  });

  it('encodes keys in ListObjectVersions and ListMultipartUploads', async () => {
    const versions = await s3.send(
      new ListObjectVersionsCommand({ Bucket: B, Prefix: 'quux', EncodingType: 'url' }),
    );
    expect(versions.Versions?.map((v) => v.Key)).toEqual(['quux%20ab/thud']);
    await s3.send(new CreateMultipartUploadCommand({ Bucket: B, Key: 'up load+\u0001.bin' }));
    const uploads = await s3.send(
      new ListMultipartUploadsCommand({ Bucket: B, Prefix: 'up ', EncodingType: 'url' }),
    );
    expect(uploads.Uploads?.map((u) => u.Key)).toEqual(['up%20load%2B%01.bin']);
  });
});

describe('paging', () => {
  it('treats an empty continuation-token as absent', async () => {
    const res = await fetch(presigned('GET', `/${B}?continuation-token=&list-type=2&prefix=foo`));
    const xml = await res.text();
    expect(res.status).toBe(200);
    expect(xml).toContain('<Key>foo/bar/xyzzy</Key>');
  });

  it('pages ListBuckets with max-buckets, continuation-token and prefix', async () => {
    for (const b of ['page-a', 'page-b', 'page-c']) await s3.send(new CreateBucketCommand({ Bucket: b }));
    const first = await s3.send(new ListBucketsCommand({ MaxBuckets: 2, Prefix: 'page-' }));
    expect(first.Buckets?.map((b) => b.Name)).toEqual(['page-a', 'page-b']);
    expect(first.Prefix).toBe('page-');
    expect(first.ContinuationToken).toBeTruthy();
    const next = await s3.send(
      new ListBucketsCommand({ MaxBuckets: 2, Prefix: 'page-', ContinuationToken: first.ContinuationToken }),
    );
    expect(next.Buckets?.map((b) => b.Name)).toEqual(['page-c']);
    expect(next.ContinuationToken).toBeUndefined();
    expect((await s3.send(new ListBucketsCommand({}))).Buckets?.length).toBe(4);
    expect(await sdkError(s3.send(new ListBucketsCommand({ MaxBuckets: 0 })))).toMatchObject({ status: 400 });
  });
});

describe('bodies', () => {
  it('accepts a PUT with Transfer-Encoding: chunked and no Content-Length', async () => {
    const url = presigned('PUT', `/${B}/chunked.txt`);
    const res = await fetch(url, {
      method: 'PUT',
      body: Readable.toWeb(Readable.from([Buffer.from('sent in '), Buffer.from('chunks')])) as ReadableStream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(200);
    const got = await s3.send(new GetObjectCommand({ Bucket: B, Key: 'chunked.txt' }));
    expect(await got.Body?.transformToString()).toBe('sent in chunks');
  });

  it('refuses an unauthorized Expect: 100-continue request before the body is sent', async () => {
    const answer = await new Promise<{ status: number; continued: boolean }>((resolve, reject) => {
      const req = http.request(`${t.store.url}/${B}/anonymous.txt`, {
        method: 'PUT',
        headers: { expect: '100-continue', 'content-length': '5' },
      });
      let continued = false;
      req.on('continue', () => {
        continued = true;
        req.end('hello');
      });
      req.on('response', (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, continued });
        req.destroy();
      });
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(answer).toEqual({ status: 403, continued: false });
  });

  it('answers BadDigest for a wrong and for a malformed x-amz-checksum-* value', async () => {
    for (const ChecksumCRC32 of ['AAAAAA==', 'bad']) {
      expect(
        await sdkError(
          s3.send(new PutObjectCommand({ Bucket: B, Key: 'bad.txt', Body: 'abc', ChecksumCRC32 })),
        ),
      ).toEqual({ name: 'BadDigest', status: 400 });
    }
  });

  it('keeps a repeated Content-Encoding joined with ", "', async () => {
    const url = new URL(presigned('PUT', `/${B}/encoded.txt`));
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(url, {
        method: 'PUT',
        // Raw name/value pairs: the header goes out twice, as a proxy or a hand-built client sends it.
        headers: [
          'host',
          url.host,
          'content-encoding',
          'gzip',
          'content-encoding',
          'identity',
          'content-length',
          '2',
        ],
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end('hi');
    });
    expect(status).toBe(200);
    const head = await s3.send(new HeadObjectCommand({ Bucket: B, Key: 'encoded.txt' }));
    expect(head.ContentEncoding).toBe('gzip, identity');
  });
});

describe('exact answers', () => {
  it('serves a .torrent for ?torrent', async () => {
    const r = await s3.send(new GetObjectTorrentCommand({ Bucket: B, Key: 'asdf+b' }));
    const body = Buffer.from(
      await (r.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
    );
    expect(body.toString('latin1')).toMatch(
      /^d4:infod6:lengthi1e4:name6:asdf\+b12:piece lengthi262144e6:pieces20:/,
    );
    expect(await sdkError(s3.send(new GetObjectTorrentCommand({ Bucket: B, Key: 'missing' })))).toEqual({
      name: 'NoSuchKey',
      status: 404,
    });
  });

  it('answers GetBucketPolicyStatus without a policy with NoSuchBucketPolicy, as AWS does', async () => {
    expect(await sdkError(s3.send(new GetBucketPolicyStatusCommand({ Bucket: B })))).toEqual({
      name: 'NoSuchBucketPolicy',
      status: 404,
    });
  });

  it('sends no x-amz-delete-marker for a DELETE in an unversioned bucket', async () => {
    const r = await s3.send(new DeleteObjectCommand({ Bucket: B, Key: 'asdf+b' }));
    expect(r.DeleteMarker).toBeUndefined();
    expect(r.$metadata.httpStatusCode).toBe(204);
  });
});

describe('re-creating an owned bucket', () => {
  it('answers 200 in us-east-1 and BucketAlreadyOwnedByYou in any other region', async () => {
    const again = await s3.send(new CreateBucketCommand({ Bucket: B }));
    expect(again.$metadata.httpStatusCode).toBe(200);
    const eu = await startTestStore(1, { env: { MINIO_REGION_NAME: 'eu-west-1' } });
    const client = new S3Client({
      endpoint: eu.store.url,
      region: 'eu-west-1',
      forcePathStyle: true,
      credentials: { accessKeyId: ROOT_USER, secretAccessKey: ROOT_PASSWORD },
    });
    try {
      const make = () =>
        client.send(
          new CreateBucketCommand({
            Bucket: 'eu-bucket',
            CreateBucketConfiguration: { LocationConstraint: 'eu-west-1' },
          }),
        );
      await make();
      expect(await sdkError(make())).toEqual({ name: 'BucketAlreadyOwnedByYou', status: 409 });
    } finally {
      client.destroy();
      await eu.stop();
    }
  });
});

describe('boto3', () => {
  it('sees the same encodings, retries, digests and pages', async () => {
    const seen = await boto3Report('boto3_small', [t.store.url, ROOT_USER, ROOT_PASSWORD, 'boto-small']);
    expect(seen.v2_keys).toEqual(['asdf%2Bb']);
    expect(seen.v2_prefixes).toEqual(['foo%2B1/', 'foo/', 'quux%20ab/']);
    expect(seen.v1_prefixes).toEqual(['foo%2B1/', 'foo/', 'quux%20ab/']);
    expect(seen.decoded_keys).toEqual([...ENCODED_KEYS].sort());
    expect(seen.retry_etag).toBe(seen.first_etag);
    expect(seen.bad_checksum).toEqual(['BadDigest', 400]);
    expect(seen.policy_status).toEqual(['NoSuchBucketPolicy', 404]);
    expect(seen.delete_marker).toBeNull();
    expect(seen.torrent_prefix).toBe('d4:info');
  });
});
