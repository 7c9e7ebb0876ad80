// SPDX-License-Identifier: Apache-2.0
import { randomBytes } from 'node:crypto';
import {
  apiPaths,
  fillApiPath,
  listUploadPartsResponseSchema,
  multipartUploadSchema,
} from '@stowage/contracts';
import { describe, expect, it } from 'vitest';
import { sessionCookieHeader } from '../../testing/console-harness.js';
import { useObjectRig } from '../../testing/object-rig.js';

const h = useObjectRig(async (h) => {
  await h.s3.makeBucket('uploads');
});

const MiB = 1024 * 1024;

async function putPart(uploadId: string, key: string, n: number, body: Buffer): Promise<Response> {
  const path = fillApiPath(apiPaths.multipartPart, { bucket: 'uploads', uploadId, partNumber: String(n) });
  return fetch(`${h.base}${path}?key=${encodeURIComponent(key)}`, {
    method: 'PUT',
    headers: { cookie: sessionCookieHeader(h.token), 'content-type': 'application/octet-stream' },
    body,
  });
}

describe('uploads the browser can resume (multipart step by step)', () => {
  it('creates, takes parts, lists what it holds, takes the missing part and completes bit-exact', async () => {
    const key = 'resumed/data.bin';
    const parts = [randomBytes(5 * MiB), randomBytes(5 * MiB), randomBytes(123_457)];
    const created = await h.call('POST', fillApiPath(apiPaths.multipartUploads, { bucket: 'uploads' }), {
      key,
      content_type: 'application/x-test',
    });
    expect(created.status).toBe(201);
    const { upload_id: uploadId } = multipartUploadSchema.parse(created.body);

    const first = await putPart(uploadId, key, 1, parts[0] as Buffer);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ part_number: 1, size: 5 * MiB });
    expect((await putPart(uploadId, key, 3, parts[2] as Buffer)).status).toBe(200);

    // After a reload the browser asks what the store holds and sends only part 2.
    const upload = `${fillApiPath(apiPaths.multipartUpload, { bucket: 'uploads', uploadId })}?key=${encodeURIComponent(key)}`;
    const listed = listUploadPartsResponseSchema.parse((await h.call('GET', upload)).body);
    expect(listed.parts.map((p) => [p.part_number, p.size])).toEqual([
      [1, 5 * MiB],
      [3, 123_457],
    ]);
    const second = (await (await putPart(uploadId, key, 2, parts[1] as Buffer)).json()) as { etag: string };
    const all = [
      ...listed.parts.map((p) => ({ part_number: p.part_number, etag: p.etag })),
      { part_number: 2, etag: second.etag },
    ];
    const done = await h.call('POST', upload, { parts: all });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ key, etag: expect.stringMatching(/-3$/) });

    const chunks: Buffer[] = [];
    for await (const c of await h.s3.getObject('uploads', key)) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(Buffer.concat(parts))).toBe(true);
    expect((await h.s3.statObject('uploads', key)).metaData['content-type']).toBe('application/x-test');
  });

  it('discards a stale upload; its parts are gone', async () => {
    const key = 'stale.bin';
    const created = await h.call('POST', fillApiPath(apiPaths.multipartUploads, { bucket: 'uploads' }), {
      key,
    });
    const { upload_id: uploadId } = multipartUploadSchema.parse(created.body);
    expect((await putPart(uploadId, key, 1, randomBytes(1000))).status).toBe(200);
    const upload = `${fillApiPath(apiPaths.multipartUpload, { bucket: 'uploads', uploadId })}?key=${key}`;
    expect((await h.call('DELETE', upload)).status).toBe(204);
    const after = await h.call('GET', upload);
    expect(after.status).toBe(404);
    expect(after.body).toMatchObject({ detailedError: expect.any(String) });
  });

  it('refuses a part above 64 MiB', async () => {
    const created = await h.call('POST', fillApiPath(apiPaths.multipartUploads, { bucket: 'uploads' }), {
      key: 'big.bin',
    });
    const { upload_id: uploadId } = multipartUploadSchema.parse(created.body);
    const res = await putPart(uploadId, 'big.bin', 1, Buffer.alloc(64 * MiB + 1));
    expect(res.status).toBe(413);
  });
});
