// SPDX-License-Identifier: Apache-2.0
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import * as Minio from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, ROOT_USER, startTestStore, type TestStore } from './harness.js';

// Conformance with the official `minio` npm SDK: multipart uploads (streamed, low level, compose /
// UploadPartCopy) and their errors.
let t: TestStore;
let mc: Minio.Client;
const B = 'multipart';
const MiB = 1024 * 1024;

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of stream) parts.push(c as Buffer);
  return Buffer.concat(parts);
}

function md5(data: Buffer): Buffer {
  return createHash('md5').update(data).digest();
}

/** ListParts is protected in the SDK's typings but part of its client; call it as the SDK does. */
function listParts(
  bucket: string,
  key: string,
  uploadId: string,
): Promise<{ part: number; size: number; etag: string }[]> {
  return (
    mc as unknown as {
      listParts: (b: string, k: string, u: string) => Promise<{ part: number; size: number; etag: string }[]>;
    }
  ).listParts(bucket, key, uploadId);
}

beforeAll(async () => {
  t = await startTestStore();
  mc = new Minio.Client({
    endPoint: t.host,
    port: t.port,
    useSSL: false,
    accessKey: ROOT_USER,
    secretKey: ROOT_PASSWORD,
    partSize: 5 * MiB,
  });
  await mc.makeBucket(B);
});
afterAll(async () => {
  await t?.stop();
});

describe('multipart (minio SDK)', () => {
  it('uploads a stream in parts and answers the -N ETag', async () => {
    const data = randomBytes(11 * MiB + 123);
    // Fed in 1 MiB chunks, as a file stream would be; the SDK cuts 5 MiB parts from it.
    const chunks: Buffer[] = [];
    for (let off = 0; off < data.length; off += MiB) chunks.push(data.subarray(off, off + MiB));
    const put = await mc.putObject(
      B,
      'big/stream.bin',
      Readable.from(chunks, { objectMode: false }),
      data.length,
      {
        'Content-Type': 'application/x-big',
      },
    );
    // S3's multipart ETag: md5 of the concatenated part md5s, dash, part count.
    const parts = [data.subarray(0, 5 * MiB), data.subarray(5 * MiB, 10 * MiB), data.subarray(10 * MiB)];
    const expected = `${createHash('md5')
      .update(Buffer.concat(parts.map(md5)))
      .digest('hex')}-3`;
    expect(put.etag).toBe(expected);
    const st = await mc.statObject(B, 'big/stream.bin');
    expect(st.size).toBe(data.length);
    expect(st.etag).toBe(expected);
    expect(st.metaData['content-type']).toBe('application/x-big');
    const back = await readAll(await mc.getObject(B, 'big/stream.bin'));
    expect(back.equals(data)).toBe(true);
    const mid = await readAll(await mc.getPartialObject(B, 'big/stream.bin', 5 * MiB - 10, 20));
    expect(mid.equals(data.subarray(5 * MiB - 10, 5 * MiB + 10))).toBe(true);
  });

  it('runs the low-level calls: initiate, upload parts, list parts and uploads, complete', async () => {
    const uploadId = await mc.initiateNewMultipartUpload(B, 'low/level.bin', {
      'Content-Type': 'text/x-parts',
    });
    expect(uploadId).toMatch(/.+/);
    const p1 = randomBytes(5 * MiB);
    const p2 = Buffer.from('tail part');
    const e1 = await mc.uploadPart(
      { bucketName: B, objectName: 'low/level.bin', uploadID: uploadId, partNumber: 1, headers: {} },
      p1,
    );
    const e2 = await mc.uploadPart(
      { bucketName: B, objectName: 'low/level.bin', uploadID: uploadId, partNumber: 2, headers: {} },
      p2,
    );
    expect(e1.etag).toBe(md5(p1).toString('hex'));
    const listed = await listParts(B, 'low/level.bin', uploadId);
    expect(listed.map((p) => [p.part, p.size])).toEqual([
      [1, p1.length],
      [2, p2.length],
    ]);
    const uploads: { key: string; uploadId: string }[] = [];
    await new Promise<void>((resolve, reject) => {
      mc.listIncompleteUploads(B, 'low/', true)
        .on('data', (u: { key: string; uploadId: string }) => uploads.push(u))
        .on('end', () => resolve())
        .on('error', reject);
    });
    expect(uploads.map((u) => u.uploadId)).toContain(uploadId);
    const done = await mc.completeMultipartUpload(B, 'low/level.bin', uploadId, [
      { part: 1, etag: e1.etag },
      { part: 2, etag: e2.etag },
    ]);
    expect(done.etag).toMatch(/-2$/);
    const back = await readAll(await mc.getObject(B, 'low/level.bin'));
    expect(back.equals(Buffer.concat([p1, p2]))).toBe(true);
    expect((await mc.statObject(B, 'low/level.bin')).metaData['content-type']).toBe('text/x-parts');
    // partNumber reads address one part of a multipart object.
    const url = await mc.presignedGetObject(B, 'low/level.bin', 60, { partNumber: '2' });
    const res = await fetch(url);
    expect(res.status).toBe(206);
    expect(res.headers.get('x-amz-mp-parts-count')).toBe('2');
    expect(await res.text()).toBe('tail part');
  });

  it('refuses bad completions and aborts uploads', async () => {
    const uploadId = await mc.initiateNewMultipartUpload(B, 'bad/complete.bin', {});
    const small = Buffer.from('too small for a non-final part');
    const e1 = await mc.uploadPart(
      { bucketName: B, objectName: 'bad/complete.bin', uploadID: uploadId, partNumber: 1, headers: {} },
      small,
    );
    const e2 = await mc.uploadPart(
      { bucketName: B, objectName: 'bad/complete.bin', uploadID: uploadId, partNumber: 2, headers: {} },
      small,
    );
    await expect(
      mc.completeMultipartUpload(B, 'bad/complete.bin', uploadId, [
        { part: 2, etag: e2.etag },
        { part: 1, etag: e1.etag },
      ]),
    ).rejects.toMatchObject({ code: 'InvalidPartOrder' });
    await expect(
      mc.completeMultipartUpload(B, 'bad/complete.bin', uploadId, [
        { part: 1, etag: 'ffffffffffffffffffffffffffffffff' },
      ]),
    ).rejects.toMatchObject({ code: 'InvalidPart' });
    await expect(
      mc.completeMultipartUpload(B, 'bad/complete.bin', uploadId, [
        { part: 1, etag: e1.etag },
        { part: 2, etag: e2.etag },
      ]),
    ).rejects.toMatchObject({ code: 'EntityTooSmall' });
    await mc.abortMultipartUpload(B, 'bad/complete.bin', uploadId);
    await expect(listParts(B, 'bad/complete.bin', uploadId)).rejects.toMatchObject({
      code: 'NoSuchUpload',
    });
    await expect(
      mc.uploadPart(
        { bucketName: B, objectName: 'bad/complete.bin', uploadID: uploadId, partNumber: 3, headers: {} },
        small,
      ),
    ).rejects.toMatchObject({ code: 'NoSuchUpload' });
    await expect(
      mc.uploadPart(
        {
          bucketName: B,
          objectName: 'bad/complete.bin',
          uploadID: 'whatever',
          partNumber: 10001,
          headers: {},
        },
        small,
      ),
    ).rejects.toMatchObject({ code: 'InvalidArgument' });
    await expect(mc.statObject(B, 'bad/complete.bin')).rejects.toMatchObject({ code: 'NotFound' });
  });

  it('composes objects with UploadPartCopy byte ranges', async () => {
    const a = randomBytes(6 * MiB);
    const b = Buffer.from('second source');
    await mc.putObject(B, 'compose/a.bin', a);
    await mc.putObject(B, 'compose/b.txt', b);
    await mc.composeObject(new Minio.CopyDestinationOptions({ Bucket: B, Object: 'compose/out.bin' }), [
      new Minio.CopySourceOptions({
        Bucket: B,
        Object: 'compose/a.bin',
        MatchRange: true,
        Start: 0,
        End: 5 * MiB - 1,
      }),
      new Minio.CopySourceOptions({ Bucket: B, Object: 'compose/b.txt' }),
    ]);
    const out = await readAll(await mc.getObject(B, 'compose/out.bin'));
    expect(out.equals(Buffer.concat([a.subarray(0, 5 * MiB), b]))).toBe(true);
    expect((await mc.statObject(B, 'compose/out.bin')).etag).toMatch(/-2$/);
  });
});
