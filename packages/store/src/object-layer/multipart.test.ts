// SPDX-License-Identifier: Apache-2.0
import { createHash, randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { body, describeLayer, expectCode, readAll } from './test-support/layer-suite.js';

/** Multipart uploads and the stale-upload sweep. */
describeLayer((t) => {
  it('multipart: parts, listing, completion, ETag and size rules', async () => {
    const { layer } = t;
    await layer.makeBucket('bkt');
    const id = await layer.newMultipartUpload('bkt', 'big', {
      contentType: 'video/mp4',
      userMetadata: { x: 'y' },
    });
    const p1 = randomBytes(5 * 1024 * 1024);
    const p2 = randomBytes(1234);
    const r1 = await layer.putObjectPart('bkt', 'big', id, 1, body(p1), { size: p1.length });
    const r2 = await layer.putObjectPart('bkt', 'big', id, 2, body(p2), { size: p2.length });
    // Re-uploading a part replaces it.
    const r2b = await layer.putObjectPart('bkt', 'big', id, 2, body(p2), { size: p2.length });
    expect(r2b.etag).toBe(r2.etag);
    const parts = await layer.listParts('bkt', 'big', id);
    expect(parts.parts.map((p) => [p.partNumber, p.size])).toEqual([
      [1, p1.length],
      [2, p2.length],
    ]);
    expect((await layer.listMultipartUploads('bkt')).uploads.map((u) => [u.key, u.uploadId])).toEqual([
      ['big', id],
    ]);
    await expectCode(
      layer.completeMultipartUpload('bkt', 'big', id, [
        { partNumber: 2, etag: r2.etag },
        { partNumber: 1, etag: r1.etag },
      ]),
      'InvalidPartOrder',
    );
    await expectCode(
      layer.completeMultipartUpload('bkt', 'big', id, [{ partNumber: 1, etag: 'deadbeef' }]),
      'InvalidPart',
    );
    await expectCode(
      layer.completeMultipartUpload('bkt', 'big', id, [
        { partNumber: 2, etag: r2.etag },
        { partNumber: 3, etag: r2.etag },
      ]),
      'InvalidPart',
    );
    const info = await layer.completeMultipartUpload('bkt', 'big', id, [
      { partNumber: 1, etag: `"${r1.etag}"` },
      { partNumber: 2, etag: r2.etag },
    ]);
    const md5s = Buffer.concat([Buffer.from(r1.etag, 'hex'), Buffer.from(r2.etag, 'hex')]);
    expect(info.etag).toBe(`${createHash('md5').update(md5s).digest('hex')}-2`);
    expect(info.size).toBe(p1.length + p2.length);
    const whole = Buffer.concat([p1, p2]);
    const got = await layer.getObject('bkt', 'big');
    expect(got.info.contentType).toBe('video/mp4');
    expect((await readAll(got.stream)).equals(whole)).toBe(true);
    const r = await layer.getObject('bkt', 'big', {
      range: { start: p1.length - 10, end: p1.length + 10 },
    });
    expect((await readAll(r.stream)).equals(whole.subarray(p1.length - 10, p1.length + 11))).toBe(true);
    await expectCode(layer.listParts('bkt', 'big', id), 'NoSuchUpload');
    expect((await layer.listMultipartUploads('bkt')).uploads).toEqual([]);

    const small = await layer.newMultipartUpload('bkt', 's', {});
    const a = await layer.putObjectPart('bkt', 's', small, 1, body('aaa'), { size: 3 });
    const b = await layer.putObjectPart('bkt', 's', small, 2, body('bbb'), { size: 3 });
    await expectCode(
      layer.completeMultipartUpload('bkt', 's', small, [
        { partNumber: 1, etag: a.etag },
        { partNumber: 2, etag: b.etag },
      ]),
      'EntityTooSmall',
    );
    await layer.abortMultipartUpload('bkt', 's', small);
    await expectCode(layer.abortMultipartUpload('bkt', 's', small), 'NoSuchUpload');
    await expectCode(layer.putObjectPart('bkt', 's', small, 1, body('x'), { size: 1 }), 'NoSuchUpload');
  });

  it('removes stale multipart uploads', async () => {
    const { layer } = t;
    await layer.makeBucket('bkt');
    const id = await layer.newMultipartUpload('bkt', 'k', {});
    await layer.putObjectPart('bkt', 'k', id, 1, body('abc'), { size: 3 });
    expect(await layer.cleanupStaleUploads(60_000)).toBe(0);
    await new Promise((r) => setTimeout(r, 5));
    expect(await layer.cleanupStaleUploads(1)).toBe(1);
    await expectCode(layer.listParts('bkt', 'k', id), 'NoSuchUpload');
  });
});
