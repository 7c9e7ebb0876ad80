import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isS3Error, type S3ErrorCode } from '../core/errors.js';
import { isDeleteMarkerError } from './delete-marker-error.js';
import { type ErasureObjectLayer, openObjectLayer } from './index.js';

async function readAll(s: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of s) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

async function expectCode(p: Promise<unknown>, code: S3ErrorCode): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    if (!isS3Error(err)) throw err;
    expect(err.code).toBe(code);
    return err;
  }
  throw new Error(`expected ${code}`);
}

const body = (b: Buffer | string): Readable => Readable.from([Buffer.from(b)]);

for (const drives of [1, 4]) {
  describe(`object layer (${drives} drive${drives > 1 ? 's' : ''})`, () => {
    let dir: string;
    let layer: ErasureObjectLayer;

    beforeEach(async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), 'stowage-ol-'));
      layer = await openObjectLayer({ dataDir: dir, drives, blockSize: 4096, inlineLimit: 1024 });
    });
    afterEach(async () => {
      await layer.close();
      await rm(dir, { recursive: true, force: true });
    });

    const put = (key: string, data: Buffer | string, bucket = 'bkt') =>
      layer.putObject(bucket, key, body(data), { size: Buffer.byteLength(data) });

    it('creates, lists and deletes buckets with S3 name rules', async () => {
      await layer.makeBucket('bkt');
      await expectCode(layer.makeBucket('bkt'), 'BucketAlreadyOwnedByYou');
      for (const bad of ['ab', 'UPPER', 'a..b', '-ab', '192.168.1.1', 'a_b', 'x'.repeat(64)]) {
        await expectCode(layer.makeBucket(bad), 'InvalidBucketName');
      }
      await layer.makeBucket('a-bucket.x');
      expect((await layer.listBuckets()).map((b) => b.name)).toEqual(['a-bucket.x', 'bkt']);
      const info = await layer.getBucketInfo('bkt');
      expect(info.versioning).toBe('Unversioned');
      await put('k', 'v');
      await expectCode(layer.deleteBucket('bkt'), 'BucketNotEmpty');
      await layer.deleteObject('bkt', 'k');
      await layer.deleteBucket('bkt');
      await expectCode(layer.getBucketInfo('bkt'), 'NoSuchBucket');
      await put('k', 'v', 'a-bucket.x');
      await layer.deleteBucket('a-bucket.x', { force: true });
      expect(await layer.listBuckets()).toEqual([]);
      await expectCode(put('k', 'v', 'nobucket'), 'NoSuchBucket');
    });

    it('keeps bucket configs and the system store', async () => {
      await layer.makeBucket('bkt');
      expect(await layer.getBucketConfig('bkt', 'policy')).toBeNull();
      await layer.putBucketConfig('bkt', 'policy', Buffer.from('{"a":1}'));
      expect((await layer.getBucketConfig('bkt', 'policy'))?.toString()).toBe('{"a":1}');
      await layer.putBucketConfig('bkt', 'policy', null);
      expect(await layer.getBucketConfig('bkt', 'policy')).toBeNull();

      await layer.system.write('iam/users/alice.json', Buffer.from('A'));
      await layer.system.write('iam/users/bob.json', Buffer.from('B'));
      await layer.system.write('config/x', Buffer.from('X'));
      expect(await layer.system.list('iam/')).toEqual(['iam/users/alice.json', 'iam/users/bob.json']);
      expect((await layer.system.read('iam/users/bob.json'))?.toString()).toBe('B');
      await layer.system.delete('iam/users/bob.json');
      expect(await layer.system.read('iam/users/bob.json')).toBeNull();
      await expectCode(layer.system.read('../escape'), 'InvalidArgument');
    });

    it('puts and gets objects of many sizes, with ranges', async () => {
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
      await layer.makeBucket('bkt');
      for (const k of ['../x', 'a/../../x', 'a/./b', '/abs', 'nul\0', '..', '']) {
        await expectCode(put(k, 'x'), 'InvalidObjectName');
      }
      await expectCode(put('k'.repeat(1025), 'x'), 'KeyTooLongError');
    });

    it('lists in key order with prefix, delimiter, after and maxKeys', async () => {
      await layer.makeBucket('bkt');
      const keys = [
        'a',
        'a/b',
        'a/c/d',
        'a-b',
        'a/',
        'b/x',
        'b/y/z',
        'c',
        '.hidden',
        '%pct',
        'a//b',
        'é',
        'z\u{1F600}',
        'z\uFFFD',
      ];
      for (const k of keys) await put(k, k);
      const sorted = [...keys].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)));
      const all = await layer.listObjects('bkt', {});
      expect(all.objects.map((o) => o.key)).toEqual(sorted);
      expect(all.isTruncated).toBe(false);

      const d = await layer.listObjects('bkt', { delimiter: '/' });
      expect(d.objects.map((o) => o.key)).toEqual([
        '%pct',
        '.hidden',
        'a',
        'a-b',
        'c',
        'z\uFFFD',
        'z\u{1F600}',
        'é',
      ]);
      expect(d.commonPrefixes).toEqual(['a/', 'b/']);

      const p = await layer.listObjects('bkt', { prefix: 'a/', delimiter: '/' });
      expect(p.objects.map((o) => o.key)).toEqual(['a/', 'a/b']);
      expect(p.commonPrefixes).toEqual(['a//', 'a/c/']);

      const partial = await layer.listObjects('bkt', { prefix: 'a' });
      expect(partial.objects.map((o) => o.key)).toEqual(['a', 'a-b', 'a/', 'a//b', 'a/b', 'a/c/d']);

      // Paging by maxKeys with `after` walks the same order without repeats.
      const seen: string[] = [];
      let after: string | undefined;
      for (;;) {
        const page = await layer.listObjects('bkt', { maxKeys: 3, after });
        seen.push(...page.objects.map((o) => o.key));
        if (!page.isTruncated) break;
        after = page.nextAfter ?? undefined;
      }
      expect(seen).toEqual(sorted);

      // Paging with a delimiter: common prefixes are counted and not repeated.
      const seenD: string[] = [];
      after = undefined;
      for (;;) {
        const page = await layer.listObjects('bkt', { maxKeys: 2, after, delimiter: '/' });
        seenD.push(...page.commonPrefixes, ...page.objects.map((o) => o.key));
        if (!page.isTruncated) break;
        after = page.nextAfter ?? undefined;
      }
      expect(seenD.sort()).toEqual([...d.commonPrefixes, ...d.objects.map((o) => o.key)].sort());

      // Non-'/' delimiter.
      const dash = await layer.listObjects('bkt', { delimiter: '-' });
      expect(dash.commonPrefixes).toEqual(['a-']);

      // Deleting the only key under a prefix removes the prefix.
      await layer.deleteObject('bkt', 'b/y/z');
      await layer.deleteObject('bkt', 'b/x');
      expect((await layer.listObjects('bkt', { delimiter: '/' })).commonPrefixes).toEqual(['a/']);
    });

    it('listing pages see writes made between pages (cached folder listings stay exact)', async () => {
      await layer.makeBucket('bkt');
      for (let i = 0; i < 20; i += 2) await put(`p/k${String(i).padStart(2, '0')}`, 'x');
      const page1 = await layer.listObjects('bkt', { prefix: 'p/', maxKeys: 4 });
      expect(page1.objects.map((o) => o.key)).toEqual(['p/k00', 'p/k02', 'p/k04', 'p/k06']);
      await put('p/k07', 'new');
      await put('p/k15', 'new');
      await layer.deleteObject('bkt', 'p/k10');
      await put('p/sub/deep', 'new');
      const rest: string[] = [];
      let after = page1.nextAfter ?? undefined;
      for (;;) {
        const page = await layer.listObjects('bkt', { prefix: 'p/', maxKeys: 4, after });
        rest.push(...page.objects.map((o) => o.key));
        if (!page.isTruncated) break;
        after = page.nextAfter ?? undefined;
      }
      expect(rest).toEqual(['p/k07', 'p/k08', 'p/k12', 'p/k14', 'p/k15', 'p/k16', 'p/k18', 'p/sub/deep']);
      const d = await layer.listObjects('bkt', { prefix: 'p/', delimiter: '/', after: 'p/k16' });
      expect(d.objects.map((o) => o.key)).toEqual(['p/k18']);
      expect(d.commonPrefixes).toEqual(['p/sub/']);
    });

    it('versioning: ids, delete markers, null versions, version listing', async () => {
      await layer.makeBucket('bkt');
      await put('k', 'v0');
      await layer.setBucketVersioning('bkt', 'Enabled');
      const v1 = await put('k', 'v1');
      const v2 = await put('k', 'v2');
      expect(v1.versionId).toMatch(/^[0-9a-f-]{36}$/);
      expect(v1.versionId).not.toBe(v2.versionId);
      expect(
        (await readAll((await layer.getObject('bkt', 'k', { versionId: v1.versionId })).stream)).toString(),
      ).toBe('v1');
      expect(
        (await readAll((await layer.getObject('bkt', 'k', { versionId: 'null' })).stream)).toString(),
      ).toBe('v0');

      const del = await layer.deleteObject('bkt', 'k');
      expect(del.deleteMarker).toBe(true);
      const err = await expectCode(layer.getObject('bkt', 'k'), 'NoSuchKey');
      expect(isDeleteMarkerError(err) && err.versionId === del.versionId).toBe(true);
      await expectCode(layer.getObject('bkt', 'k', { versionId: del.versionId }), 'MethodNotAllowed');
      expect((await layer.listObjects('bkt', {})).objects).toEqual([]);

      const vers = await layer.listObjectVersions('bkt', {});
      expect(vers.versions.map((v) => [v.versionId, v.isLatest, v.isDeleteMarker])).toEqual([
        [del.versionId, true, true],
        [v2.versionId, false, false],
        [v1.versionId, false, false],
        ['null', false, false],
      ]);
      // Paging through versions with markers.
      const page1 = await layer.listObjectVersions('bkt', { maxKeys: 2 });
      expect(page1.isTruncated).toBe(true);
      expect(page1.nextVersionIdMarker).toBe(v2.versionId);
      const page2 = await layer.listObjectVersions('bkt', {
        maxKeys: 2,
        keyMarker: page1.nextKeyMarker ?? undefined,
        versionIdMarker: page1.nextVersionIdMarker ?? undefined,
      });
      expect(page2.versions.map((v) => v.versionId)).toEqual([v1.versionId, 'null']);
      expect(page2.isTruncated).toBe(false);

      // Removing the marker brings the object back; deleting a version permanently → NoSuchVersion.
      await layer.deleteObject('bkt', 'k', { versionId: del.versionId });
      expect((await readAll((await layer.getObject('bkt', 'k')).stream)).toString()).toBe('v2');
      await layer.deleteObject('bkt', 'k', { versionId: v2.versionId });
      await expectCode(layer.getObject('bkt', 'k', { versionId: v2.versionId }), 'NoSuchVersion');
      expect((await readAll((await layer.getObject('bkt', 'k')).stream)).toString()).toBe('v1');
      await expectCode(layer.getObject('bkt', 'k', { versionId: 'not-a-uuid' }), 'InvalidArgument');

      // Suspended: writes replace the null version; delete makes a null delete marker.
      await layer.setBucketVersioning('bkt', 'Suspended');
      const s1 = await put('k', 's1');
      expect(s1.versionId).toBe('null');
      const after = await layer.listObjectVersions('bkt', {});
      expect(after.versions.map((v) => v.versionId)).toEqual(['null', v1.versionId]);
      const sd = await layer.deleteObject('bkt', 'k');
      expect(sd).toEqual({ versionId: 'null', deleteMarker: true });
      const after2 = await layer.listObjectVersions('bkt', {});
      expect(after2.versions.map((v) => [v.versionId, v.isDeleteMarker])).toEqual([
        ['null', true],
        [v1.versionId, false],
      ]);
    });

    it('object lock: legal hold and retention block version deletes', async () => {
      await layer.makeBucket('locked', { objectLock: true });
      expect((await layer.getBucketInfo('locked')).versioning).toBe('Enabled');
      await expectCode(layer.setBucketVersioning('locked', 'Suspended'), 'InvalidBucketState');
      const future = new Date(Date.now() + 3600_000);
      const g = await layer.putObject('locked', 'g', body('g'), {
        size: 1,
        retention: { mode: 'GOVERNANCE', retainUntil: future },
      });
      const c = await layer.putObject('locked', 'c', body('c'), {
        size: 1,
        retention: { mode: 'COMPLIANCE', retainUntil: future },
      });
      const h = await layer.putObject('locked', 'h', body('h'), { size: 1, legalHold: true });
      await expectCode(layer.deleteObject('locked', 'g', { versionId: g.versionId }), 'AccessDenied');
      await expectCode(
        layer.deleteObject('locked', 'c', { versionId: c.versionId, bypassGovernance: true }),
        'AccessDenied',
      );
      await expectCode(layer.deleteObject('locked', 'h', { versionId: h.versionId }), 'AccessDenied');
      await expectCode(
        layer.updateObjectMetadata('locked', 'c', c.versionId, {
          retention: { mode: 'COMPLIANCE', retainUntil: new Date(Date.now() + 1000) },
        }),
        'AccessDenied',
      );
      // A delete without a version id only adds a marker.
      expect((await layer.deleteObject('locked', 'g')).deleteMarker).toBe(true);
      expect(
        await layer.deleteObject('locked', 'g', { versionId: g.versionId, bypassGovernance: true }),
      ).toEqual({
        versionId: g.versionId,
        deleteMarker: false,
      });
      await layer.updateObjectMetadata('locked', 'h', h.versionId, { legalHold: false });
      await layer.deleteObject('locked', 'h', { versionId: h.versionId });
      await expectCode(layer.headObject('locked', 'h', { versionId: h.versionId }), 'NoSuchVersion');
    });

    it('multipart: parts, listing, completion, ETag and size rules', async () => {
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
      await layer.makeBucket('bkt');
      const id = await layer.newMultipartUpload('bkt', 'k', {});
      await layer.putObjectPart('bkt', 'k', id, 1, body('abc'), { size: 3 });
      expect(await layer.cleanupStaleUploads(60_000)).toBe(0);
      await new Promise((r) => setTimeout(r, 5));
      expect(await layer.cleanupStaleUploads(1)).toBe(1);
      await expectCode(layer.listParts('bkt', 'k', id), 'NoSuchUpload');
    });

    it('refuses to reopen the drives with another drive count', async () => {
      await layer.close();
      const other = drives === 1 ? 4 : 1;
      await expect(openObjectLayer({ dataDir: dir, drives: other })).rejects.toThrow(/opened as drive 1 of/);
      layer = await openObjectLayer({ dataDir: dir, drives, blockSize: 4096, inlineLimit: 1024 });
    });

    it('reports storage info', async () => {
      const info = await layer.storageInfo();
      expect(info.drives).toHaveLength(drives);
      expect(info.erasure).toBe(drives >= 4);
      expect(info.parity).toBe(drives >= 4 ? 2 : 0);
      for (const d of info.drives) {
        expect(d.state).toBe('ok');
        expect(d.totalSpace).toBeGreaterThan(0);
        expect(d.uuid).toMatch(/^[0-9a-f-]{36}$/);
      }
    });
  });
}
