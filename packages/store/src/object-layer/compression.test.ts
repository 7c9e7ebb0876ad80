// SPDX-License-Identifier: Apache-2.0
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMPRESSION_BLOCK_SIZE, decodeIndex } from './compression.js';
import { type ErasureObjectLayer, openObjectLayer } from './index.js';
import type { VersionRecord } from './meta.js';
import { objectDirSegments } from './names.js';
import { storedBytes, versionsOn } from './test-support/catalog-rows.js';
import { body, expectCode, readAll } from './test-support/layer-suite.js';

/**
 * Compression at rest and per-version parity, on real drive folders: what the drives hold (shard
 * files, metadata records) and what reads return.
 */

const MiB = COMPRESSION_BLOCK_SIZE;

/** Text that zstd compresses well but not trivially (varied lines). */
function text(size: number): Buffer {
  const lines: string[] = [];
  let n = 0;
  for (let i = 0; n < size; i++) {
    const line = `${i},sensor-${i % 97},${(i * 7919) % 10007},reading ok at step ${i * 13}\n`;
    lines.push(line);
    n += line.length;
  }
  return Buffer.from(lines.join('')).subarray(0, size);
}

describe.each([1, 4])('compression and parity at rest (%i drives)', (drives) => {
  let dir = '';
  let layer: ErasureObjectLayer;
  const md5 = (b: Buffer): string => createHash('md5').update(b).digest('hex');
  const objectDir = (d: number, key: string): string =>
    path.join(dir, `drive${d}`, 'bkt', ...objectDirSegments(key));
  /** The version records of a key as drive `d` holds them. */
  const records = async (key: string, d = 1): Promise<VersionRecord[]> =>
    versionsOn(path.join(dir, `drive${d}`), 'bkt', key);
  const usage = async (key: string): Promise<number[]> =>
    Promise.all(
      Array.from({ length: drives }, (_, i) => storedBytes(path.join(dir, `drive${i + 1}`), 'bkt', key)),
    );
  const put = (key: string, data: Buffer, opts: { compress?: boolean; parity?: number } = {}) =>
    layer.putObject('bkt', key, body(data), { size: data.length, ...opts });
  const get = async (key: string, start?: number, end?: number): Promise<Buffer> => {
    const r = await layer.getObject(
      'bkt',
      key,
      start === undefined ? {} : { range: { start, end: end ?? 0 } },
    );
    return readAll(r.stream);
  };

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'stowage-cmp-'));
    layer = await openObjectLayer({ dataDir: dir, drives, autoHeal: false, healthIntervalMs: 0 });
    await layer.makeBucket('bkt');
  });
  afterEach(async () => {
    await layer.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('stores compressible data in fewer bytes on every drive and reads it back bit-exact', async () => {
    const data = text(3 * MiB + 12345);
    const plain = await put('plain.csv', data);
    const info = await put('packed.csv', data, { compress: true });
    expect(info.etag).toBe(md5(data));
    expect(info.etag).toBe(plain.etag);
    expect(info.size).toBe(data.length);
    expect((await layer.headObject('bkt', 'packed.csv')).size).toBe(data.length);
    const listed = await layer.listObjects('bkt', {});
    expect(listed.objects.map((o) => [o.key, o.size])).toEqual([
      ['packed.csv', data.length],
      ['plain.csv', data.length],
    ]);

    const packed = await usage('packed.csv');
    const unpacked = await usage('plain.csv');
    for (let d = 0; d < drives; d++) expect(packed[d]).toBeLessThan((unpacked[d] as number) / 3);

    const [v] = await records('packed.csv');
    expect(v?.compression?.algo).toBe('zstd');
    expect(v?.compression?.blockSize).toBe(MiB);
    const part = v?.compression?.parts[0];
    expect(part?.number).toBe(1);
    expect(decodeIndex(part?.blocks ?? '')).toHaveLength(4);
    expect(part?.stored).toBeLessThan(data.length / 3);
    expect((await records('plain.csv'))[0]?.compression).toBeUndefined();

    expect((await get('packed.csv')).equals(data)).toBe(true);
  });

  it('serves ranges at and across block boundaries', async () => {
    const data = text(3 * MiB + 777);
    await put('r.log', data, { compress: true });
    const n = data.length;
    const cases: [number, number][] = [
      [0, 0],
      [n - 1, n - 1],
      [100, 5000],
      [MiB - 1, MiB - 1],
      [MiB - 1, MiB],
      [MiB, 2 * MiB - 1],
      [MiB - 10, 2 * MiB + 10],
      [2 * MiB - 1, 3 * MiB + 100],
      [3 * MiB, n - 1],
      [12345, n + 1000],
    ];
    for (const [s, e] of cases) {
      const got = await get('r.log', s, e);
      expect(got.equals(data.subarray(s, Math.min(e, n - 1) + 1)), `bytes=${s}-${e}`).toBe(true);
    }
    const suffix = await layer.getObject('bkt', 'r.log', { range: { start: -1000, end: Infinity } });
    expect((await readAll(suffix.stream)).equals(data.subarray(n - 1000))).toBe(true);
    await expectCode(layer.getObject('bkt', 'r.log', { range: { start: n, end: n + 1 } }), 'InvalidRange');

    // Damage the first erasure block on every drive: a range in a block stored past it still reads,
    // since only the stored bytes of the blocks a range touches are read.
    const m = Buffer.concat([randomBytes(2 * MiB), text(MiB)]);
    await put('m.bin', m, { compress: true });
    const [v] = await records('m.bin');
    for (let d = 1; d <= drives; d++) {
      const file = path.join(objectDir(d, 'm.bin'), v?.dataDir as string, 'part.1');
      const buf = await readFile(file);
      buf[20] = (buf[20] as number) ^ 0xff;
      await writeFile(file, buf);
    }
    const at = 2 * MiB + 5;
    expect((await get('m.bin', at, at + 5000)).equals(m.subarray(at, at + 5001))).toBe(true);
    await expectCode(get('m.bin', 0, 10), 'InsufficientReadQuorum');
  });

  it('keeps incompressible data as sent, and compresses only the blocks that shrink', async () => {
    const noise = randomBytes(2 * MiB + 5);
    await put('noise.bin', noise, { compress: true });
    await put('noise-plain.bin', noise);
    expect((await records('noise.bin'))[0]?.compression).toBeUndefined();
    expect(await usage('noise.bin')).toEqual(await usage('noise-plain.bin'));
    expect((await get('noise.bin')).equals(noise)).toBe(true);

    const mixed = Buffer.concat([randomBytes(MiB), text(MiB), randomBytes(1000)]);
    await put('mixed.bin', mixed, { compress: true });
    const [v] = await records('mixed.bin');
    const lengths = decodeIndex(v?.compression?.parts[0]?.blocks ?? '');
    expect(lengths[0]).toBe(MiB);
    expect(lengths[1]).toBeLessThan(MiB / 3);
    expect(lengths[2]).toBe(1000);
    expect((await get('mixed.bin')).equals(mixed)).toBe(true);
    expect((await get('mixed.bin', MiB - 3, MiB + 3)).equals(mixed.subarray(MiB - 3, MiB + 4))).toBe(true);
  });

  it('leaves small bodies alone, compresses inline ones, and checks sizes and Content-MD5', async () => {
    const tiny = text(4096);
    await put('tiny.txt', tiny, { compress: true });
    expect((await records('tiny.txt'))[0]?.compression).toBeUndefined();
    const small = text(100_000);
    await put('small.txt', small, { compress: true });
    const [v] = await records('small.txt');
    expect(v?.inline).toBe(true);
    expect(v?.compression?.parts[0]?.stored).toBeLessThan(small.length / 3);
    const got = await layer.getObject('bkt', 'small.txt', { range: { start: 10, end: 99_999 } });
    expect(got.whole?.equals(small.subarray(10))).toBe(true);

    const data = text(2 * MiB);
    const wrong = createHash('md5').update('other').digest('base64');
    await expectCode(
      layer.putObject('bkt', 'bad.txt', body(data), {
        size: data.length,
        compress: true,
        contentMd5Base64: wrong,
      }),
      'BadDigest',
    );
    const right = createHash('md5').update(data).digest('base64');
    await layer.putObject('bkt', 'good.txt', body(data), {
      size: data.length,
      compress: true,
      contentMd5Base64: right,
    });
    await expectCode(
      layer.putObject('bkt', 'short.txt', body(data), { size: data.length + 1, compress: true }),
      'IncompleteBody',
    );
    await expectCode(layer.headObject('bkt', 'bad.txt'), 'NoSuchKey');
    await expectCode(layer.headObject('bkt', 'short.txt'), 'NoSuchKey');
  });

  it('compresses multipart uploads part by part', async () => {
    const p1 = text(5 * MiB + 3);
    const p2 = Buffer.concat([randomBytes(MiB), text(300_000)]);
    const id = await layer.newMultipartUpload('bkt', 'mp.json', { compress: true });
    const r1 = await layer.putObjectPart('bkt', 'mp.json', id, 1, body(p1), { size: p1.length });
    const r2 = await layer.putObjectPart('bkt', 'mp.json', id, 2, body(p2), { size: p2.length });
    expect(r1.etag).toBe(md5(p1));
    expect(r1.size).toBe(p1.length);
    const info = await layer.completeMultipartUpload('bkt', 'mp.json', id, [
      { partNumber: 1, etag: r1.etag },
      { partNumber: 2, etag: r2.etag },
    ]);
    const all = Buffer.concat([p1, p2]);
    expect(info.size).toBe(all.length);
    const [v] = await records('mp.json');
    expect(v?.compression?.parts.map((p) => p.number)).toEqual([1, 2]);
    expect(decodeIndex(v?.compression?.parts[0]?.blocks ?? '')).toHaveLength(6);
    expect((await get('mp.json')).equals(all)).toBe(true);
    const s = p1.length - 50;
    expect((await get('mp.json', s, s + MiB + 100)).equals(all.subarray(s, s + MiB + 101))).toBe(true);
  });

  it('gives new versions the parity asked for, keeps old ones, and heals each with its own', async () => {
    if (drives === 1) {
      await expect(put('x', text(10), { parity: 1 })).rejects.toThrow(/single drive: only EC:0/);
      return;
    }
    const data = text(2 * MiB + 10);
    await put('old.txt', data);
    await put('new.txt', data, { parity: 1, compress: true });
    await layer.putObject('bkt', 'rrs.txt', body(data), {
      size: data.length,
      parity: 1,
      storageClass: 'REDUCED_REDUNDANCY',
    });
    await expect(put('x', data, { parity: 3 })).rejects.toThrow(/less than or equal to 2/);
    expect((await records('old.txt'))[0]?.ec).toMatchObject({ k: 2, m: 2 });
    expect((await records('new.txt'))[0]?.ec).toMatchObject({ k: 3, m: 1 });
    expect((await records('rrs.txt'))[0]?.storageClass).toBe('REDUCED_REDUNDANCY');
    expect((await layer.headObject('bkt', 'rrs.txt')).storageClass).toBe('REDUCED_REDUNDANCY');
    expect((await layer.headObject('bkt', 'old.txt')).storageClass).toBe('STANDARD');

    // Lose one drive's data: both read back; heal rebuilds each with its own geometry.
    await rm(path.join(dir, 'drive2', 'bkt'), { recursive: true, force: true });
    for (const k of ['old.txt', 'new.txt', 'rrs.txt']) expect((await get(k)).equals(data), k).toBe(true);
    for (const k of ['old.txt', 'new.txt', 'rrs.txt']) {
      const r = await layer.healObject('bkt', k);
      expect(r.healedDrives).toEqual([1]);
      expect(r.unrecoverable).toBe(0);
    }
    // With drive 2 healed, another drive can go: parity 1 objects survive one loss at a time.
    await rm(path.join(dir, 'drive3', 'bkt'), { recursive: true, force: true });
    for (const k of ['old.txt', 'new.txt', 'rrs.txt']) expect((await get(k)).equals(data), k).toBe(true);
  });
});
