// SPDX-License-Identifier: Apache-2.0
import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { GetObjectCommand, PutBucketEncryptionCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ROOT_PASSWORD,
  ROOT_USER,
  rootClients,
  startTestStore,
  type TestStore,
} from '../conformance/harness.js';

// Large GETs on reused memory: the store reads each batch of sealed packages into memory that an
// earlier, already sent batch used (core/sent-memory.ts), the shard blocks of a sealed read into memory
// of a block already handed on, and the shard blocks of a plain read into memory whose chunk the
// response has already written. Many such GETs at once, slow readers, clients that go away mid-body and
// ranges must all still get exactly the bytes that were written, from an encrypted bucket and a plain one.

const MASTER = `test-master:${randomBytes(32).toString('base64')}`;
const SEALED = 'sse-large';
const PLAIN = 'plain-large';
const MiB = 1024 * 1024;
let t: TestStore;
let s3: S3Client;

const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

/** Reads a GET's body; `pause` ms between chunks makes a slow reader (the store must wait for it). */
async function get(B: string, key: string, range?: string, pause = 0): Promise<Buffer> {
  const r = await s3.send(new GetObjectCommand({ Bucket: B, Key: key, ...(range ? { Range: range } : {}) }));
  const chunks: Buffer[] = [];
  for await (const c of r.Body as Readable) {
    chunks.push(Buffer.from(c as Uint8Array));
    if (pause) await sleep(pause);
  }
  return Buffer.concat(chunks);
}

/** Starts a GET and drops the connection after the first bytes arrive. */
async function abandoned(B: string, key: string): Promise<void> {
  const r = await s3.send(new GetObjectCommand({ Bucket: B, Key: key }));
  const body = r.Body as Readable;
  await new Promise<void>((resolve) => body.once('data', () => resolve()));
  body.destroy();
}

const objects = new Map<string, Buffer>();

beforeAll(async () => {
  t = await startTestStore(4, { env: { MINIO_KMS_SECRET_KEY: MASTER } });
  s3 = new S3Client({
    endpoint: t.store.url,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ROOT_USER, secretAccessKey: ROOT_PASSWORD },
  });
  await rootClients(t).s3.makeBucket(SEALED);
  await rootClients(t).s3.makeBucket(PLAIN);
  await s3.send(
    new PutBucketEncryptionCommand({
      Bucket: SEALED,
      ServerSideEncryptionConfiguration: {
        Rules: [{ ApplyServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
    }),
  );
  // Sizes around batch (16 packages of 64 KiB) and erasure block boundaries.
  for (const [key, size] of [
    ['a', 6 * MiB + 12345],
    ['b', 5 * MiB],
    ['c', 4 * MiB - 1],
  ] as const) {
    const body = randomBytes(size);
    objects.set(key, body);
    for (const B of [SEALED, PLAIN]) await s3.send(new PutObjectCommand({ Bucket: B, Key: key, Body: body }));
  }
}, 120_000);

afterAll(async () => {
  s3?.destroy();
  await t?.stop();
});

describe.each([
  ['encrypted', SEALED],
  ['plain', PLAIN],
])('large %s GETs on reused memory', (_, B) => {
  it('returns every object exactly while several GETs, slow readers among them, run at once', async () => {
    const reads = [...objects.keys()].flatMap((key, i) => [
      get(B, key).then((b) => [key, b] as const),
      get(B, key, undefined, i === 0 ? 2 : 0).then((b) => [key, b] as const),
    ]);
    for (const [key, body] of await Promise.all(reads)) {
      expect(body.length).toBe(objects.get(key)?.length);
      expect(sha(body)).toBe(sha(objects.get(key) as Buffer));
    }
  }, 120_000);

  it('is not disturbed by clients that go away mid-body', async () => {
    await Promise.all([abandoned(B, 'a'), abandoned(B, 'b'), abandoned(B, 'a')]);
    const [a, b] = await Promise.all([get(B, 'a'), get(B, 'b', undefined, 1)]);
    expect(sha(a)).toBe(sha(objects.get('a') as Buffer));
    expect(sha(b)).toBe(sha(objects.get('b') as Buffer));
  }, 120_000);

  it('serves ranges across batch and block boundaries, concurrently', async () => {
    const a = objects.get('a') as Buffer;
    const ranges: [number, number][] = [
      [0, 0],
      [16 * 65536 - 1, 16 * 65536],
      [MiB - 100, 3 * MiB + 100],
      [65536 * 17 + 5, a.length - 1],
      [a.length - 70_000, a.length - 1],
    ];
    const got = await Promise.all(ranges.map(([s, e]) => get(B, 'a', `bytes=${s}-${e}`, s === 0 ? 0 : 1)));
    ranges.forEach(([s, e], i) => {
      expect(sha(got[i] as Buffer)).toBe(sha(a.subarray(s, e + 1)));
    });
  }, 120_000);
});
