// SPDX-License-Identifier: Apache-2.0
import { createHash, randomBytes } from 'node:crypto';
import { expect, it, vi } from 'vitest';
import { ReedSolomon } from './codec/reed-solomon.js';
import { body, describeLayer, expectCode, readAll } from './test-support/layer-suite.js';

/** Object PUT, GET (whole and ranges), HEAD, metadata updates and key rules. */
describeLayer((t) => {
  it('reads inline objects on healthy drives without rebuilding any shard', async () => {
    const { layer, put } = t;
    await layer.makeBucket('direct');
    const rebuilt = vi.spyOn(ReedSolomon.prototype, 'reconstructData');
    try {
      for (let i = 0; i < 24; i++) {
        const data = randomBytes(700 + i);
        await put(`k${i}`, data, 'direct');
        expect((await layer.getObject('direct', `k${i}`)).whole?.equals(data)).toBe(true);
      }
      expect(rebuilt).not.toHaveBeenCalled();
    } finally {
      rebuilt.mockRestore();
    }
  });

  it('puts and gets objects of many sizes, with ranges', async () => {
    const { layer, put } = t;
    await layer.makeBucket('bkt');
    for (const size of [0, 1, 1000, 1024, 1025, 4096, 4097, 20000]) {
      const data = randomBytes(size);
      const info = await put(`obj-${size}`, data);
      expect(info.etag).toBe(createHash('md5').update(data).digest('hex'));
      expect(info.size).toBe(size);
      const got = await layer.getObject('bkt', `obj-${size}`);
      // Objects up to the inline limit (1024 here; the empty one too) come whole, in one buffer,
      // besides the stream.
      expect(got.whole?.equals(data) ?? null).toBe(size <= 1024 ? true : null);
      expect((await readAll(got.stream)).equals(data)).toBe(true);
      if (size > 0) {
        for (const [s, e] of [
          [0, 0],
          [size - 1, size - 1],
          [Math.floor(size / 3), Math.floor((2 * size) / 3)],
          [1, size + 100],
        ] as const) {
          if (s > size - 1) continue;
          const r = await layer.getObject('bkt', `obj-${size}`, { range: { start: s, end: e } });
          const end = Math.min(e, size - 1);
          expect(r.range).toEqual({ start: s, end });
          expect((await readAll(r.stream)).equals(data.subarray(s, end + 1))).toBe(true);
          if (size <= 1024) expect(r.whole?.equals(data.subarray(s, end + 1))).toBe(true);
        }
        const suffix = await layer.getObject('bkt', `obj-${size}`, {
          range: { start: -5, end: Number.POSITIVE_INFINITY },
        });
        expect((await readAll(suffix.stream)).equals(data.subarray(Math.max(size - 5, 0)))).toBe(true);
      }
      await expectCode(
        layer.getObject('bkt', `obj-${size}`, { range: { start: size, end: size + 1 } }),
        'InvalidRange',
      );
    }
  });

  it('stores metadata and updates it in place', async () => {
    const { layer } = t;
    await layer.makeBucket('bkt');
    await layer.putObject('bkt', 'doc.txt', body('hello'), {
      size: 5,
      contentType: 'text/plain',
      userMetadata: { color: 'red' },
      systemMetadata: { 'cache-control': 'no-cache' },
      tags: { a: '1' },
    });
    const h = await layer.headObject('bkt', 'doc.txt');
    expect(h).toMatchObject({
      contentType: 'text/plain',
      userMetadata: { color: 'red' },
      systemMetadata: { 'cache-control': 'no-cache' },
      tags: { a: '1' },
      versionId: 'null',
      isLatest: true,
    });
    const u = await layer.updateObjectMetadata('bkt', 'doc.txt', undefined, {
      tags: { b: '2' },
      legalHold: true,
    });
    expect(u.tags).toEqual({ b: '2' });
    expect((await layer.headObject('bkt', 'doc.txt')).legalHold).toBe(true);
    expect((await readAll((await layer.getObject('bkt', 'doc.txt')).stream)).toString()).toBe('hello');
    await expectCode(layer.headObject('bkt', 'missing'), 'NoSuchKey');
  });

  it('verifies Content-MD5 and declared sizes, and leaves the old version on failure', async () => {
    const { layer, put } = t;
    await layer.makeBucket('bkt');
    await put('k', 'old');
    const wrong = createHash('md5').update('other').digest('base64');
    await expectCode(
      layer.putObject('bkt', 'k', body('new'), { size: 3, contentMd5Base64: wrong }),
      'BadDigest',
    );
    await expectCode(layer.putObject('bkt', 'k', body('new'), { size: 10 }), 'IncompleteBody');
    expect((await readAll((await layer.getObject('bkt', 'k')).stream)).toString()).toBe('old');
    const right = createHash('md5').update('new').digest('base64');
    await layer.putObject('bkt', 'k', body('new'), { size: -1, contentMd5Base64: right });
    expect((await readAll((await layer.getObject('bkt', 'k')).stream)).toString()).toBe('new');
  });

  it('refuses keys that could escape or are too long', async () => {
    const { layer, put } = t;
    await layer.makeBucket('bkt');
    for (const k of ['../x', 'a/../../x', 'a/./b', '/abs', 'nul\0', '..', '']) {
      await expectCode(put(k, 'x'), 'InvalidObjectName');
    }
    await expectCode(put('k'.repeat(1025), 'x'), 'KeyTooLongError');
  });
});
