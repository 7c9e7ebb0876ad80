// SPDX-License-Identifier: Apache-2.0
import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { apiErrorSchema, apiPaths, fillApiPath, uploadObjectsResponseSchema } from '@stowage/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConsoleHarness,
  sessionCookieHeader,
  startConsoleHarness,
} from '../../testing/console-harness.js';

let h: ConsoleHarness;
let baseUrl: string;
let cookie: string;

const MiB = 1024 * 1024;

// A full GC on demand (the test runner does not start node with --expose-gc).
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const uploadUrl = (bucket: string, prefix: string): string =>
  `${baseUrl}${fillApiPath(apiPaths.objectUpload, { bucket })}?${new URLSearchParams({ prefix }).toString()}`;

beforeAll(async () => {
  h = await startConsoleHarness({ drives: 4 });
  baseUrl = await h.listen();
  cookie = sessionCookieHeader(await h.login());
  await h.s3.makeBucket('uploads');
});

afterAll(async () => {
  await h?.close();
});

/** Pseudo-random chunks from a seed (cheap to make, incompressible enough), never the whole file at once. */
function* pseudoRandomChunks(total: number, chunkSize: number): Generator<Buffer> {
  const seed = randomBytes(chunkSize);
  let sent = 0;
  let n = 0;
  while (sent < total) {
    const len = Math.min(chunkSize, total - sent);
    const chunk = Buffer.allocUnsafe(len);
    seed.copy(chunk, 0, 0, len);
    // Vary every chunk: a counter in its first bytes and a rotation of the seed.
    chunk.writeUInt32BE(n++, 0);
    chunk[len - 1] = n & 0xff;
    sent += len;
    yield chunk;
  }
}

/** A multipart/form-data body streamed from `chunks`, hashing the file bytes as they are sent. */
function multipartStream(
  fileName: string,
  chunks: Iterable<Buffer>,
  hashes: { md5: ReturnType<typeof createHash>; sha256: ReturnType<typeof createHash> },
  onChunk?: (sent: number) => void | Promise<void>,
): { body: ReadableStream<Uint8Array>; contentType: string } {
  const boundary = `----stowage-test-${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const it = chunks[Symbol.iterator]();
  let state: 'head' | 'file' | 'done' = 'head';
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (state === 'head') {
        state = 'file';
        controller.enqueue(head);
        return;
      }
      if (state === 'file') {
        const next = it.next();
        if (next.done) {
          state = 'done';
          controller.enqueue(tail);
          controller.close();
          return;
        }
        hashes.md5.update(next.value);
        hashes.sha256.update(next.value);
        sent += next.value.length;
        await onChunk?.(sent);
        controller.enqueue(next.value);
      }
    },
  });
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function storedHashes(
  bucket: string,
  key: string,
): Promise<{ size: number; md5: string; sha256: string }> {
  const md5 = createHash('md5');
  const sha256 = createHash('sha256');
  let size = 0;
  for await (const chunk of await h.s3.getObject(bucket, key)) {
    md5.update(chunk as Buffer);
    sha256.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, md5: md5.digest('hex'), sha256: sha256.digest('hex') };
}

async function postForm(
  bucket: string,
  prefix: string,
  form: FormData,
  headers: Record<string, string> = {},
) {
  const res = await fetch(uploadUrl(bucket, prefix), {
    method: 'POST',
    body: form,
    headers: { cookie, ...headers },
  });
  const text = await res.text();
  return { status: res.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

describe('POST /api/v1/buckets/{bucket}/objects/upload', () => {
  it('streams a 200 MiB file to the store with flat backend memory', async () => {
    const size = 200 * MiB;
    const md5 = createHash('md5');
    const sha256 = createHash('sha256');
    const boundary = `----stowage-test-${randomBytes(8).toString('hex')}`;
    // Memory of this process's main thread — the console, the store's request handling and this client —
    // after a full GC, so it is what is held, not garbage waiting for collection. Not `arrayBuffers`: the
    // store hands buffers to its hashing worker threads, which free them, so that counter only grows here.
    // Not `rss`: it includes those workers' heaps and memory the allocator keeps; it is logged only.
    const memory = async () => {
      collectGarbage();
      await new Promise((r) => setTimeout(r, 5));
      const m = process.memoryUsage();
      return { rss: m.rss, live: m.heapUsed + m.external };
    };
    const baseline = await memory();
    let peak = { ...baseline };
    let samples = 0;
    const sample = async () => {
      const m = await memory();
      samples++;
      peak = { rss: Math.max(peak.rss, m.rss), live: Math.max(peak.live, m.live) };
    };
    async function* multipartBody(): AsyncGenerator<Buffer> {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big/random.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      );
      let sent = 0;
      for (const chunk of pseudoRandomChunks(size, 256 * 1024)) {
        md5.update(chunk);
        sha256.update(chunk);
        sent += chunk.length;
        if (sent % (4 * MiB) === 0) await sample();
        yield chunk;
      }
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    // node:http rather than fetch: undici's fetch keeps a streamed request body's chunks until the
    // response arrives, which would put the whole file in this process's memory.
    const url = new URL(uploadUrl('uploads', 'incoming/'));
    const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = httpRequest(
        url,
        { method: 'POST', headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` } },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => {
            text += d;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      pipeline(Readable.from(multipartBody()), req).catch(reject);
    });
    expect(status, text).toBe(200);
    const result = uploadObjectsResponseSchema.parse(JSON.parse(text));
    const growth = { rss: peak.rss - baseline.rss, live: peak.live - baseline.live };
    console.info(
      `upload of 200 MiB: peak growth heap+external ${(growth.live / MiB).toFixed(1)} MiB (rss ${(growth.rss / MiB).toFixed(1)} MiB) over ${samples} samples`,
    );
    expect(samples).toBe(50);
    // A streamed upload holds a bounded window: the console's parts (at most 30 MiB, see upload-objects.ts)
    // plus the store's parts in flight in this same process. One that buffered the file would hold at least
    // its 200 MiB. Half the file's size separates the two with room for the collector's timing.
    expect(growth.live).toBeLessThan(size / 2);

    expect(result.objects).toEqual([{ name: 'incoming/big/random.bin', size, etag: expect.any(String) }]);
    const stored = await storedHashes('uploads', 'incoming/big/random.bin');
    expect(stored).toEqual({ size, md5: md5.digest('hex'), sha256: sha256.digest('hex') });
    // An S3 multipart upload was used and none is left behind.
    expect(result.objects[0]?.etag).toMatch(/-\d+$/);
    const incomplete = h.s3.listIncompleteUploads('uploads', '', true) as AsyncIterable<unknown>;
    const left: unknown[] = [];
    for await (const u of incomplete) left.push(u);
    expect(left).toEqual([]);
  });

  it('keeps folder paths of file names as key segments and stores small files whole', async () => {
    const form = new FormData();
    form.append('file', new Blob(['tiny jpeg bytes'], { type: 'image/jpeg' }), 'photos/2024/a.jpg');
    form.append('note', 'a plain field is ignored');
    form.append('file', new Blob(['bee']), 'photos/b.txt');
    form.append('file', new Blob([]), 'photos/empty');
    // What a browser sends for a same-origin upload passes the CSRF check.
    const res = await postForm('uploads', 'up/', form, { 'sec-fetch-site': 'same-origin' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = uploadObjectsResponseSchema.parse(res.body);
    expect(body.objects.map((o) => [o.name, o.size])).toEqual([
      ['up/photos/2024/a.jpg', 15],
      ['up/photos/b.txt', 3],
      ['up/photos/empty', 0],
    ]);
    expect(body.objects[0]?.etag).toBe(createHash('md5').update('tiny jpeg bytes').digest('hex'));
    const stat = await h.s3.statObject('uploads', 'up/photos/2024/a.jpg');
    expect(stat.metaData['content-type']).toBe('image/jpeg');
    expect((await storedHashes('uploads', 'up/photos/b.txt')).size).toBe(3);
  });

  it('refuses names that climb out of the folder, a bad prefix, a cross-site post and a body without files', async () => {
    for (const name of ['../escape.txt', 'a/../../b.txt', '/etc/passwd', 'a//b.txt']) {
      const form = new FormData();
      form.append('file', new Blob(['x']), name);
      const res = await postForm('uploads', 'up/', form);
      expect(res.status, name).toBe(400);
      expect(apiErrorSchema.parse(res.body).detailedError).toContain(name);
    }
    const okForm = () => {
      const f = new FormData();
      f.append('file', new Blob(['x']), 'x.txt');
      return f;
    };
    expect((await postForm('uploads', '../up/', okForm())).status).toBe(400);
    const cross = await postForm('uploads', 'up/', okForm(), { 'sec-fetch-site': 'cross-site' });
    expect(cross.status).toBe(403);
    const fieldsOnly = new FormData();
    fieldsOnly.append('note', 'no file');
    expect((await postForm('uploads', 'up/', fieldsOnly)).status).toBe(400);
    expect((await postForm('no-such-bucket', '', okForm())).status).toBe(404);
    const stored: string[] = [];
    for await (const o of h.s3.listObjectsV2('uploads', '', true) as AsyncIterable<{ name: string }>)
      stored.push(o.name);
    expect(stored.filter((k) => k.includes('escape') || k.includes('passwd') || k.endsWith('x.txt'))).toEqual(
      [],
    );
  });

  it('aborts the multipart upload when the client goes away mid-file', async () => {
    const incomplete = async (): Promise<unknown[]> => {
      const found: unknown[] = [];
      for await (const u of h.s3.listIncompleteUploads('uploads', 'aborted', true) as AsyncIterable<unknown>)
        found.push(u);
      return found;
    };
    const controller = new AbortController();
    const hashes = { md5: createHash('md5'), sha256: createHash('sha256') };
    const { body, contentType } = multipartStream(
      'aborted.bin',
      pseudoRandomChunks(100 * MiB, 256 * 1024),
      hashes,
      async (sent) => {
        if (sent < 40 * MiB || controller.signal.aborted) return;
        // Go away only once the console has started its multipart upload.
        while ((await incomplete()).length === 0) await new Promise((r) => setTimeout(r, 50));
        controller.abort();
      },
    );
    await expect(
      fetch(uploadUrl('uploads', ''), {
        method: 'POST',
        body,
        duplex: 'half',
        signal: controller.signal,
        headers: { cookie, 'content-type': contentType },
      } as RequestInit),
    ).rejects.toThrow();
    // The console notices the closed connection, waits for its parts in flight, then aborts the upload.
    let left: unknown[] = [];
    for (let attempt = 0; attempt < 200; attempt++) {
      left = await incomplete();
      if (left.length === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(left).toEqual([]);
    await expect(h.s3.statObject('uploads', 'aborted.bin')).rejects.toMatchObject({ code: 'NotFound' });
  });
});
