// SPDX-License-Identifier: Apache-2.0
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PoolSpec } from '../../core/options.js';
import { ErasureObjectLayer } from '../erasure-object-layer.js';
import { body, expectCode, readAll } from '../test-support/layer-suite.js';
import type { StorageInfo } from '../types.js';
import { PoolLayoutError } from './layout.js';
import { openPools } from './open.js';
import { PoolsObjectLayer } from './pools-layer.js';

/** The pools layer against real drive folders: placement, cross-pool semantics, expansion, layout. */

let dir: string;
const open: { close(): Promise<void> }[] = [];

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'stowage-pools-'));
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((l) => l.close()));
  await rm(dir, { recursive: true, force: true });
});

function pool(name: string, n: number): PoolSpec {
  return {
    drives: Array.from({ length: n }, (_, i) => ({ path: path.join(dir, name, `d${i + 1}`) })),
    cmdline: `${path.join(dir, name)}/d{1...${n}}`,
  };
}

/** Free space per pool as placement sees it (a fake of the figures only; the drives are real). */
function spaces(free: number[]): (i: number) => Promise<StorageInfo> {
  return async (i) => ({
    drives: [
      { path: '', index: 0, state: 'ok', uuid: '', totalSpace: 1e12, usedSpace: 0, availSpace: free[i] ?? 0 },
    ],
    parity: 0,
    dataShards: 1,
    erasure: false,
  });
}

async function openLayer(
  specs: PoolSpec[],
  extra: Parameters<typeof openPools>[2] = {},
): Promise<PoolsObjectLayer> {
  const layer = await openPools(specs, { dataDir: dir, healthIntervalMs: 0, md5Worker: false }, extra);
  open.push(layer);
  if (!(layer instanceof PoolsObjectLayer)) throw new Error('expected the pools layer');
  return layer;
}

async function reopen(layer: { close(): Promise<void> }): Promise<void> {
  open.splice(open.indexOf(layer), 1);
  await layer.close();
}

/** Which pool holds the key (by looking at each pool directly). */
async function holders(layer: PoolsObjectLayer, bucket: string, key: string): Promise<number[]> {
  const out: number[] = [];
  for (const [i, p] of layer.pools.entries()) {
    const v = await p.listObjectVersions(bucket, { prefix: key });
    if (v.versions.some((x) => x.key === key)) out.push(i);
  }
  return out;
}

const text = async (layer: PoolsObjectLayer, key: string, versionId?: string): Promise<string> =>
  (await readAll((await layer.getObject('bkt', key, versionId ? { versionId } : {})).stream)).toString();

describe('server pools layer', () => {
  it('one pool is the plain erasure layer', async () => {
    const layer = await openPools([pool('p1', 4)], { dataDir: dir, healthIntervalMs: 0, md5Worker: false });
    open.push(layer);
    expect(layer).toBeInstanceOf(ErasureObjectLayer);
  });

  it('places new keys by free space, never in a full pool, and keeps a key in its pool', async () => {
    // Pool 0 has no room: every new key goes to pool 1 whatever the draw.
    const draws = [0, 0.5, 0.999];
    let n = 0;
    const layer = await openLayer([pool('p1', 2), pool('p2', 4)], {
      spaceOf: spaces([0, 10e9]),
      random: () => draws[n++ % draws.length] as number,
    });
    await layer.makeBucket('bkt');
    for (let i = 0; i < 6; i++) await layer.putObject('bkt', `k${i}`, body(`v${i}`), { size: 2 });
    for (let i = 0; i < 6; i++) expect(await holders(layer, 'bkt', `k${i}`)).toEqual([1]);
    expect(await text(layer, 'k3')).toBe('v3');
  });

  it('a weighted draw: the emptier pool gets the draws its share of the space covers', async () => {
    const draws = [0.1, 0.3, 0.6, 0.95];
    let n = 0;
    const layer = await openLayer([pool('p1', 2), pool('p2', 2)], {
      spaceOf: spaces([1e9, 3e9]),
      random: () => draws[n++] as number,
    });
    await layer.makeBucket('bkt');
    for (let i = 0; i < 4; i++) await layer.putObject('bkt', `k${i}`, body('x'), { size: 1 });
    // Pool 0 covers [0, 0.25) of the range, pool 1 the rest.
    expect(await holders(layer, 'bkt', 'k0')).toEqual([0]);
    for (const k of ['k1', 'k2', 'k3']) expect(await holders(layer, 'bkt', k)).toEqual([1]);
  });

  it('no pool with room: XMinioStorageFull', async () => {
    const layer = await openLayer([pool('p1', 2), pool('p2', 2)], { spaceOf: spaces([0, 0]) });
    await layer.makeBucket('bkt');
    await expectCode(layer.putObject('bkt', 'k', body('x'), { size: 1 }), 'XMinioStorageFull');
  });

  it('reads, overwrites, versions, deletes and metadata look across pools', async () => {
    const free = [10e9, 0];
    const layer = await openLayer([pool('p1', 2), pool('p2', 4)], { spaceOf: async (i) => spaces(free)(i) });
    await layer.makeBucket('bkt');
    await layer.setBucketVersioning('bkt', 'Enabled');
    const a1 = await layer.putObject('bkt', 'a', body('a1'), { size: 2 });
    free.splice(0, 2, 0, 10e9);
    // The key stays in pool 0 although pool 1 is now the only one with room.
    const a2 = await layer.putObject('bkt', 'a', body('a2'), { size: 2 });
    const c1 = await layer.putObject('bkt', 'c', body('c1'), { size: 2, tags: { t: '1' } });
    expect(await holders(layer, 'bkt', 'a')).toEqual([0]);
    expect(await holders(layer, 'bkt', 'c')).toEqual([1]);
    expect(await text(layer, 'a')).toBe('a2');
    expect(await text(layer, 'a', a1.versionId)).toBe('a1');
    expect((await layer.headObject('bkt', 'c', { versionId: c1.versionId })).tags).toEqual({ t: '1' });
    await layer.updateObjectMetadata('bkt', 'c', undefined, { tags: { t: '2' } });
    expect((await layer.headObject('bkt', 'c')).tags).toEqual({ t: '2' });
    // A delete marker lands with the key; the next version too.
    const del = await layer.deleteObject('bkt', 'c');
    expect(del.deleteMarker).toBe(true);
    await expectCode(layer.getObject('bkt', 'c'), 'NoSuchKey');
    free.splice(0, 2, 10e9, 0);
    await layer.putObject('bkt', 'c', body('c2'), { size: 2 });
    expect(await holders(layer, 'bkt', 'c')).toEqual([1]);
    expect(await text(layer, 'c')).toBe('c2');
    // A delete marker for a key that exists nowhere goes where placement says.
    await layer.deleteObject('bkt', 'ghost');
    expect(await holders(layer, 'bkt', 'ghost')).toEqual([0]);
    // Deleting a version by id finds its pool.
    await layer.deleteObject('bkt', 'a', { versionId: a2.versionId });
    expect(await text(layer, 'a')).toBe('a1');
    await expectCode(layer.getObject('bkt', 'a', { versionId: a2.versionId }), 'NoSuchVersion');
    await expectCode(layer.getObject('bkt', 'nope'), 'NoSuchKey');
  });

  it('reads ask the pool that holds the key, and still find a key that moved or was placed anew', async () => {
    const free = [0, 10e9];
    const layer = await openLayer([pool('p1', 2), pool('p2', 2)], { spaceOf: async (i) => spaces(free)(i) });
    await layer.makeBucket('bkt');
    const asked = [0, 0];
    for (const [i, p] of layer.pools.entries()) {
      const get = p.getObject.bind(p);
      p.getObject = (...args) => {
        asked[i]!++;
        return get(...args);
      };
    }
    await layer.putObject('bkt', 'k', body('one'), { size: 3 });
    expect(await holders(layer, 'bkt', 'k')).toEqual([1]);
    expect([await text(layer, 'k'), await text(layer, 'k')]).toEqual(['one', 'one']);
    expect(asked).toEqual([0, 2]);
    // A decommission moves the key to pool 0: reads find it there, then ask pool 0 alone.
    await layer.moveKey('bkt', 'k', 1, 0);
    expect(await holders(layer, 'bkt', 'k')).toEqual([0]);
    asked.fill(0);
    expect([await text(layer, 'k'), await text(layer, 'k')]).toEqual(['one', 'one']);
    expect(asked).toEqual([2, 1]);
    // Behind the layer's back the key leaves pool 0 and a newer one appears in pool 1: the hinted
    // pool answers NoSuchKey, so every pool is asked and the key is found where it is.
    await layer.pools[0]!.deleteObject('bkt', 'k');
    await layer.pools[1]!.putObject('bkt', 'k', body('two'), { size: 3 });
    expect(await text(layer, 'k')).toBe('two');
    expect((await layer.headObject('bkt', 'k')).size).toBe(3);
    await layer.pools[1]!.deleteObject('bkt', 'k');
    await expectCode(layer.getObject('bkt', 'k'), 'NoSuchKey');
  });

  it('merges listings across pools with correct paging', async () => {
    let n = 0;
    const layer = await openLayer([pool('p1', 2), pool('p2', 2), pool('p3', 1)], {
      spaceOf: spaces([1e9, 1e9, 1e9]),
      random: () => ((n++ * 0.37) % 1) as number,
    });
    await layer.makeBucket('bkt');
    const keys = ['a', 'b/1', 'b/2', 'c', 'd/x/1', 'd/y', 'e', 'f', 'g', 'h/1', 'i'];
    for (const k of keys) await layer.putObject('bkt', k, body(k), { size: k.length });
    // The keys really are spread over the pools.
    const spread = new Set((await Promise.all(keys.map((k) => holders(layer, 'bkt', k)))).flat());
    expect(spread.size).toBe(3);
    const all = await layer.listObjects('bkt', {});
    expect(all.objects.map((o) => o.key)).toEqual(keys);
    for (const max of [1, 2, 3, 5]) {
      const seen: string[] = [];
      let after: string | undefined;
      for (;;) {
        const page = await layer.listObjects('bkt', {
          delimiter: '/',
          maxKeys: max,
          ...(after ? { after } : {}),
        });
        seen.push(...page.objects.map((o) => o.key), ...page.commonPrefixes);
        expect(page.objects.length + page.commonPrefixes.length).toBeLessThanOrEqual(max);
        if (!page.isTruncated) break;
        after = page.nextAfter as string;
      }
      expect(seen.sort()).toEqual(['a', 'b/', 'c', 'd/', 'e', 'f', 'g', 'h/', 'i']);
    }
    const summaries = await layer.listObjectSummaries('bkt', { prefix: 'd/' });
    expect(summaries.objects.map((o) => o.key)).toEqual(['d/x/1', 'd/y']);
    const usage = await layer.listObjectUsage('bkt', {});
    expect(usage.objects.map((o) => o.key)).toEqual(keys);
  });

  it('pages version listings across pools with key and version markers', async () => {
    let n = 0;
    const layer = await openLayer([pool('p1', 2), pool('p2', 2)], {
      spaceOf: spaces([1e9, 1e9]),
      random: () => (n++ % 2 === 0 ? 0.1 : 0.9),
    });
    await layer.makeBucket('bkt');
    await layer.setBucketVersioning('bkt', 'Enabled');
    const want: string[] = [];
    for (const k of ['k1', 'k2', 'k3', 'k4']) {
      const ids: string[] = [];
      for (let v = 0; v < 3; v++)
        ids.unshift((await layer.putObject('bkt', k, body(`${k}.${v}`), { size: 4 })).versionId);
      want.push(...ids.map((id) => `${k}@${id}`));
    }
    expect((await holders(layer, 'bkt', 'k1'))[0]).not.toBe((await holders(layer, 'bkt', 'k2'))[0]);
    const seen: string[] = [];
    let keyMarker: string | undefined;
    let versionIdMarker: string | undefined;
    for (;;) {
      const page = await layer.listObjectVersions('bkt', {
        maxKeys: 5,
        ...(keyMarker ? { keyMarker } : {}),
        ...(versionIdMarker ? { versionIdMarker } : {}),
      });
      seen.push(...page.versions.map((v) => `${v.key}@${v.versionId}`));
      if (!page.isTruncated) break;
      keyMarker = page.nextKeyMarker ?? undefined;
      versionIdMarker = page.nextVersionIdMarker ?? undefined;
    }
    expect(seen).toEqual(want);
  });

  it('multipart uploads are created by placement and found again by id', async () => {
    const free = [0, 10e9];
    const layer = await openLayer([pool('p1', 2), pool('p2', 2)], { spaceOf: async (i) => spaces(free)(i) });
    await layer.makeBucket('bkt');
    const id = await layer.newMultipartUpload('bkt', 'big', {});
    const other = await layer.newMultipartUpload('bkt', 'a-other', {});
    const part = Buffer.alloc(5 * 1024 * 1024, 7);
    const p1 = await layer.putObjectPart('bkt', 'big', id, 1, body(part), { size: part.length });
    const p2 = await layer.putObjectPart('bkt', 'big', id, 2, body('tail'), { size: 4 });
    const uploads = await layer.listMultipartUploads('bkt', {});
    expect(uploads.uploads.map((u) => u.key)).toEqual(['a-other', 'big']);
    expect((await layer.listMultipartUploads('bkt', { maxUploads: 1 })).isTruncated).toBe(true);
    expect((await layer.listParts('bkt', 'big', id)).parts.map((p) => p.partNumber)).toEqual([1, 2]);
    await layer.abortMultipartUpload('bkt', 'a-other', other);
    await expectCode(layer.listParts('bkt', 'a-other', other), 'NoSuchUpload');
    // Meanwhile a PUT of the same key landed in pool 0: completion keeps the key in one pool.
    free.splice(0, 2, 10e9, 0);
    await layer.putObject('bkt', 'big', body('small'), { size: 5 });
    const info = await layer.completeMultipartUpload('bkt', 'big', id, [
      { partNumber: 1, etag: p1.etag },
      { partNumber: 2, etag: p2.etag },
    ]);
    expect(info.size).toBe(part.length + 4);
    expect(await holders(layer, 'bkt', 'big')).toEqual([0]);
    const got = await readAll((await layer.getObject('bkt', 'big')).stream);
    expect(got.length).toBe(part.length + 4);
    expect(got.subarray(part.length).toString()).toBe('tail');
    expect((await layer.headObject('bkt', 'big')).etag).toBe(info.etag);
  });

  it('an upload completed in a draining pool lands in a pool that takes new objects', async () => {
    const free = [10e9, 0];
    const layer = await openLayer([pool('p1', 2), pool('p2', 2)], { spaceOf: async (i) => spaces(free)(i) });
    await layer.makeBucket('bkt');
    const id = await layer.newMultipartUpload('bkt', 'up', { userMetadata: { a: 'b' } });
    const p1 = await layer.putObjectPart('bkt', 'up', id, 1, body('only part'), { size: 9 });
    // Pool 0 starts draining (as a decommission does): the completed object moves out of it.
    layer.suspended.add(0);
    free.splice(0, 2, 10e9, 10e9);
    const info = await layer.completeMultipartUpload('bkt', 'up', id, [{ partNumber: 1, etag: p1.etag }]);
    expect(await holders(layer, 'bkt', 'up')).toEqual([1]);
    const head = await layer.headObject('bkt', 'up');
    expect([head.etag, head.versionId, head.lastModified, head.userMetadata]).toEqual([
      info.etag,
      info.versionId,
      info.lastModified,
      { a: 'b' },
    ]);
    expect(await text(layer, 'up')).toBe('only part');
  });

  it('expansion by restart: old objects stay readable, new ones go to the new, emptier pool', async () => {
    const one = await openPools([pool('p1', 4)], { dataDir: dir, healthIntervalMs: 0, md5Worker: false });
    open.push(one);
    await one.makeBucket('bkt');
    await one.setBucketVersioning('bkt', 'Enabled');
    await one.putBucketConfig('bkt', 'tagging', Buffer.from('<Tagging/>'));
    await one.putObject('bkt', 'old', body('old bytes'), { size: 9 });
    await reopen(one);
    const two = await openLayer([pool('p1', 4), pool('p2', 2)], { spaceOf: spaces([1, 1e12]) });
    expect(await text(two, 'old')).toBe('old bytes');
    // The new pool got the bucket with its versioning and settings.
    expect((await two.pools[1]?.getBucketInfo('bkt'))?.versioning).toBe('Enabled');
    expect((await two.pools[1]?.getBucketConfig('bkt', 'tagging'))?.toString()).toBe('<Tagging/>');
    for (let i = 0; i < 5; i++) await two.putObject('bkt', `new${i}`, body('n'), { size: 1 });
    for (let i = 0; i < 5; i++) expect(await holders(two, 'bkt', `new${i}`)).toEqual([1]);
    const v = await two.putObject('bkt', 'old', body('old v2'), { size: 6 });
    expect(await holders(two, 'bkt', 'old')).toEqual([0]);
    expect(await text(two, 'old', v.versionId)).toBe('old v2');
  });

  it('refuses pools given in another order or with one missing, with one clear error', async () => {
    const first = await openLayer([pool('p1', 2), pool('p2', 2)]);
    await first.makeBucket('bkt');
    await reopen(first);
    const opts = { dataDir: dir, healthIntervalMs: 0, md5Worker: false };
    const swapped = openPools([pool('p2', 2), pool('p1', 2)], opts);
    await expect(swapped).rejects.toBeInstanceOf(PoolLayoutError);
    await expect(swapped).rejects.toThrow(/out of order/);
    await expect(openPools([pool('p1', 2)], opts)).rejects.toThrow(/p2\/d\{1\.\.\.2\} is missing/);
    await expect(openPools([pool('p3', 2), pool('p1', 2), pool('p2', 2)], opts)).rejects.toThrow(
      /follows a new pool/,
    );
    // The right order still opens.
    const again = await openLayer([pool('p1', 2), pool('p2', 2)]);
    expect((await again.listBuckets()).map((b) => b.name)).toEqual(['bkt']);
  });
});
