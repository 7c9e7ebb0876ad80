// SPDX-License-Identifier: Apache-2.0
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import * as Minio from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VersionRecord } from '../object-layer/meta.js';
import { storedBytes, versionsOn } from '../object-layer/test-support/catalog-rows.js';
import {
  ROOT_PASSWORD,
  ROOT_USER,
  rootClients,
  startTestStore,
  type TestStore,
} from './conformance/harness.js';

// The `compression` and `storage_class` config sets end to end: a real store on 4 drive folders,
// configured through the admin API (madmin) and used through S3 (the minio SDK); what the drives
// hold is read from the drive folders themselves.

const MiB = 1024 * 1024;
let t: TestStore;
let s3: Minio.Client;
let admin: ReturnType<typeof rootClients>['admin'];
const B = 'data';

/** CSV-like text: compresses well, not trivially. */
function text(size: number): Buffer {
  const lines: string[] = [];
  let n = 0;
  for (let i = 0; n < size; i++) {
    const line = `${i},device-${i % 89},${(i * 7919) % 10007},status nominal after ${i * 17} ms\n`;
    lines.push(line);
    n += line.length;
  }
  return Buffer.from(lines.join('')).subarray(0, size);
}

const md5 = (b: Buffer): string => createHash('md5').update(b).digest('hex');

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of stream) parts.push(c as Buffer);
  return Buffer.concat(parts);
}

/** Bytes an object takes on each of the 4 drives (shard files and metadata). */
const usage = (key: string): Promise<number[]> =>
  Promise.all([1, 2, 3, 4].map((d) => storedBytes(path.join(t.dataDir, `drive${d}`), B, key)));

/** The latest version record of a key, as drive 1 holds it. */
async function record(key: string): Promise<VersionRecord> {
  const v = versionsOn(path.join(t.dataDir, 'drive1'), B, key)[0];
  if (!v) throw new Error(`no metadata for ${key}`);
  return v;
}

async function range(key: string, header: string): Promise<Buffer> {
  const res = await s3.makeRequestAsync(
    { method: 'GET', bucketName: B, objectName: key, headers: { range: header } },
    '',
    [206],
  );
  return readAll(res);
}

beforeAll(async () => {
  t = await startTestStore();
  s3 = new Minio.Client({
    endPoint: t.host,
    port: t.port,
    useSSL: false,
    accessKey: ROOT_USER,
    secretKey: ROOT_PASSWORD,
    partSize: 5 * MiB,
  });
  admin = rootClients(t).admin;
  await s3.makeBucket(B);
});
afterAll(async () => {
  await t?.stop();
});

describe('compression config (S3 + admin)', () => {
  it('compresses matching new objects at rest; reads, ranges, HEAD and listings see the original', async () => {
    const data = text(3 * MiB + 4321);
    await s3.putObject(B, 'before.csv', data, data.length);
    expect(await admin.setConfigKV('compression enable=on')).toEqual({ restartRequired: false });

    const put = await s3.putObject(B, 'after.csv', data, data.length);
    expect(put.etag).toBe(md5(data));
    const noise = randomBytes(2 * MiB + 3);
    await s3.putObject(B, 'noise.bin', noise, noise.length);
    await s3.putObject(B, 'noise.dat', noise, noise.length);
    await s3.putObject(B, 'packed.csv.gz', data, data.length);

    // Less space on every drive; incompressible data and excluded kinds as before.
    const before = await usage('before.csv');
    const after = await usage('after.csv');
    for (let d = 0; d < 4; d++) expect(after[d]).toBeLessThan((before[d] as number) / 3);
    expect((await record('after.csv')).compression?.algo).toBe('zstd');
    expect((await record('before.csv')).compression).toBeUndefined();
    expect((await record('noise.bin')).compression).toBeUndefined();
    expect(await usage('noise.bin')).toEqual(await usage('noise.dat'));
    expect((await record('packed.csv.gz')).compression).toBeUndefined();

    // Bit-exact round trip, original size and ETag everywhere.
    expect((await readAll(await s3.getObject(B, 'after.csv'))).equals(data)).toBe(true);
    expect((await readAll(await s3.getObject(B, 'noise.bin'))).equals(noise)).toBe(true);
    const st = await s3.statObject(B, 'after.csv');
    expect(st.size).toBe(data.length);
    expect(st.etag).toBe(md5(data));
    const listed: Minio.BucketItem[] = [];
    for await (const o of s3.listObjectsV2(B, 'after', true)) listed.push(o as Minio.BucketItem);
    expect(listed.map((o) => [o.name, o.size])).toEqual([['after.csv', data.length]]);

    // Ranges: first and last byte, within one block, at and across block boundaries, suffix.
    const n = data.length;
    const cases: [number, number][] = [
      [0, 0],
      [n - 1, n - 1],
      [1000, 2000],
      [MiB - 1, MiB],
      [MiB - 100, 3 * MiB + 100],
    ];
    for (const [s, e] of cases) {
      const got = await readAll(await s3.getPartialObject(B, 'after.csv', s, e - s + 1));
      expect(got.equals(data.subarray(s, e + 1)), `bytes=${s}-${e}`).toBe(true);
    }
    expect((await range('after.csv', 'bytes=-5000')).equals(data.subarray(n - 5000))).toBe(true);
    expect((await range('after.csv', `bytes=${2 * MiB}-`)).equals(data.subarray(2 * MiB))).toBe(true);

    // Turning it off changes new objects only.
    expect(await admin.setConfigKV('compression enable=off')).toEqual({ restartRequired: false });
    await s3.putObject(B, 'later.csv', data, data.length);
    expect((await record('later.csv')).compression).toBeUndefined();
    expect(await usage('later.csv')).toEqual(before);
    expect((await readAll(await s3.getObject(B, 'after.csv'))).equals(data)).toBe(true);
  });

  it('compresses multipart uploads part by part and copies by the destination’s rules', async () => {
    await admin.setConfigKV('compression enable=on extensions=.log mime_types=');
    const data = text(11 * MiB + 99);
    // A stream (not a Buffer) of small chunks makes the SDK upload in 5 MiB parts.
    const chunks = Array.from({ length: Math.ceil(data.length / 65536) }, (_, i) =>
      data.subarray(i * 65536, (i + 1) * 65536),
    );
    const info = await s3.putObject(B, 'big.log', Readable.from(chunks), data.length);
    expect(info.etag).toMatch(/-3$/);
    const v = await record('big.log');
    expect(v.compression?.parts).toHaveLength(3);
    expect((await readAll(await s3.getObject(B, 'big.log'))).equals(data)).toBe(true);
    const s = 5 * MiB - 10;
    const got = await readAll(await s3.getPartialObject(B, 'big.log', s, MiB + 20));
    expect(got.equals(data.subarray(s, s + MiB + 20))).toBe(true);
    expect((await s3.statObject(B, 'big.log')).size).toBe(data.length);

    // A copy to a name that does not match is stored as sent, and the other way round.
    await s3.copyObject(B, 'big.copy', `/${B}/big.log`);
    expect((await record('big.copy')).compression).toBeUndefined();
    await s3.copyObject(B, 'before-copy.log', `/${B}/before.csv`);
    expect((await record('before-copy.log')).compression?.parts).toHaveLength(1);
    const original = await readAll(await s3.getObject(B, 'before.csv'));
    expect((await readAll(await s3.getObject(B, 'before-copy.log'))).equals(original)).toBe(true);
    await admin.setConfigKV('compression enable=off');
  });
});

describe('storage_class config (S3 + admin)', () => {
  it('gives new objects their class’s parity; old ones keep theirs', async () => {
    const data = text(300_000);
    await s3.putObject(B, 'std-old.txt', data, data.length);
    await s3.putObject(B, 'rrs.txt', data, data.length, { 'x-amz-storage-class': 'REDUCED_REDUNDANCY' });
    expect((await record('std-old.txt')).ec).toMatchObject({ k: 2, m: 2 });
    expect((await record('rrs.txt')).ec).toMatchObject({ k: 3, m: 1 });
    expect((await record('rrs.txt')).storageClass).toBe('REDUCED_REDUNDANCY');

    expect(await admin.setConfigKV('storage_class standard=EC:1 rrs=EC:0')).toEqual({
      restartRequired: false,
    });
    await s3.putObject(B, 'std-new.txt', data, data.length);
    await s3.putObject(B, 'rrs-new.txt', data, data.length, { 'x-amz-storage-class': 'REDUCED_REDUNDANCY' });
    expect((await record('std-new.txt')).ec).toMatchObject({ k: 3, m: 1 });
    expect((await record('rrs-new.txt')).ec).toMatchObject({ k: 4, m: 0 });
    expect((await record('std-old.txt')).ec).toMatchObject({ k: 2, m: 2 });
    for (const k of ['std-old.txt', 'rrs.txt', 'std-new.txt', 'rrs-new.txt']) {
      expect((await readAll(await s3.getObject(B, k))).equals(data), k).toBe(true);
    }

    // Reported: x-amz-storage-class on GET/HEAD for non-STANDARD, StorageClass in listings.
    expect((await s3.statObject(B, 'rrs.txt')).metaData['x-amz-storage-class']).toBe('REDUCED_REDUNDANCY');
    expect((await s3.statObject(B, 'std-old.txt')).metaData['x-amz-storage-class']).toBeUndefined();
    const res = await s3.makeRequestAsync(
      { method: 'GET', bucketName: B, query: 'list-type=2&prefix=rrs' },
      '',
      [200],
    );
    const xml = (await readAll(res)).toString();
    expect(xml.match(/<StorageClass>[A-Z_]+<\/StorageClass>/g)).toEqual([
      '<StorageClass>REDUCED_REDUNDANCY</StorageClass>',
      '<StorageClass>REDUCED_REDUNDANCY</StorageClass>',
    ]);
    await expect(
      s3.putObject(B, 'glacier.txt', data, data.length, { 'x-amz-storage-class': 'GLACIER' }),
    ).rejects.toMatchObject({ code: 'InvalidStorageClass' });

    // Multipart: the class given at the start is listed with the upload and kept by the object.
    const id = await s3.initiateNewMultipartUpload(B, 'rrs-mp.txt', {
      'x-amz-storage-class': 'REDUCED_REDUNDANCY',
    });
    const uploads = await s3.makeRequestAsync({ method: 'GET', bucketName: B, query: 'uploads' }, '', [200]);
    expect((await readAll(uploads)).toString()).toContain('<StorageClass>REDUCED_REDUNDANCY</StorageClass>');
    const parts = await s3.makeRequestAsync(
      { method: 'GET', bucketName: B, objectName: 'rrs-mp.txt', query: `uploadId=${id}` },
      '',
      [200],
    );
    expect((await readAll(parts)).toString()).toContain('<StorageClass>REDUCED_REDUNDANCY</StorageClass>');
    await s3.abortMultipartUpload(B, 'rrs-mp.txt', id);
    const big = text(6 * MiB);
    const chunks = Array.from({ length: 96 }, (_, i) => big.subarray(i * 65536, (i + 1) * 65536));
    await s3.putObject(B, 'rrs-big.txt', Readable.from(chunks), big.length, {
      'x-amz-storage-class': 'REDUCED_REDUNDANCY',
    });
    const v = await record('rrs-big.txt');
    expect(v.parts).toHaveLength(2);
    expect(v.ec).toMatchObject({ k: 4, m: 0 });
    expect(v.storageClass).toBe('REDUCED_REDUNDANCY');
    expect((await readAll(await s3.getObject(B, 'rrs-big.txt'))).equals(big)).toBe(true);
  });

  it('refuses values MinIO refuses and keeps the ones in effect', async () => {
    await admin.setConfigKV('storage_class standard=EC:2 rrs=EC:1');
    await expect(admin.setConfigKV('storage_class standard=EC:3')).rejects.toThrow(
      /parity 3 should be less than or equal to 2/,
    );
    await expect(admin.setConfigKV('storage_class standard=EC:1 rrs=EC:2')).rejects.toThrow(
      /should be greater than or equal to Reduced redundancy storage class parity 2/,
    );
    await expect(admin.setConfigKV('storage_class rrs=2')).rejects.toThrow(/EC:<parity>/);
    expect(await admin.getConfigKV('storage_class')).toMatch(/storage_class standard=EC:2 rrs=EC:1/);
    const data = text(200_000);
    await s3.putObject(B, 'std-again.txt', data, data.length);
    expect((await record('std-again.txt')).ec).toMatchObject({ k: 2, m: 2 });

    // Copying an object onto itself with another class rewrites it with that class's parity.
    await s3.makeRequestAsync(
      {
        method: 'PUT',
        bucketName: B,
        objectName: 'std-again.txt',
        headers: { 'x-amz-copy-source': `/${B}/std-again.txt`, 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
      },
      '',
      [200],
    );
    const v = await record('std-again.txt');
    expect(v.storageClass).toBe('REDUCED_REDUNDANCY');
    expect(v.ec).toMatchObject({ k: 3, m: 1 });
    expect((await readAll(await s3.getObject(B, 'std-again.txt'))).equals(data)).toBe(true);
  });
});
