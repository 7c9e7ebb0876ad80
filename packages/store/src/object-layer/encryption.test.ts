// SPDX-License-Identifier: Apache-2.0
import { randomBytes } from 'node:crypto';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGE_SIZE, sealedSize } from './encryption.js';
import type { EncryptionRecord } from './meta.js';
import { body, describeLayer, expectCode, readAll } from './test-support/layer-suite.js';

// Sealed packages end to end through the object layer: what the drives hold, ranged reads at package
// boundaries, compression before encryption, multipart parts under their own keys, damage.

const PATTERN = Buffer.from('PLAINTEXT-PATTERN-SEALED-7d1e');
const RECORD: EncryptionRecord = { kind: 'SSE-S3', keyId: 'test', sealed: 'opaque' };

/** Text made of the pattern with a counter: compressible, and the pattern is findable. */
function patterned(size: number): Buffer {
  const out = Buffer.alloc(size);
  let off = 0;
  for (let i = 0; off < size; i++) {
    const line = Buffer.concat([PATTERN, Buffer.from(` ${i}\n`)]);
    off += line.copy(out, off);
  }
  return out;
}

async function files(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await files(p)));
    else out.push(p);
  }
  return out;
}

/** Files under `dir` that contain the pattern. */
async function holdingPattern(dir: string): Promise<string[]> {
  const hits: string[] = [];
  for (const f of await files(dir)) if ((await readFile(f)).includes(PATTERN)) hits.push(f);
  return hits;
}

describe('sealedSize', () => {
  it('adds one 16-byte tag per started 64 KiB package', () => {
    expect(sealedSize(0)).toBe(0);
    expect(sealedSize(1)).toBe(17);
    expect(sealedSize(PACKAGE_SIZE)).toBe(PACKAGE_SIZE + 16);
    expect(sealedSize(PACKAGE_SIZE + 1)).toBe(PACKAGE_SIZE + 16 + 17);
  });
});

describeLayer((t) => {
  const key = randomBytes(32);
  const unseal = async (): Promise<Buffer> => key;

  async function putSealed(k: string, data: Buffer, compress = false): Promise<void> {
    await t.layer.putObject('bkt', k, body(data), {
      size: data.length,
      compress,
      encryption: { record: RECORD, key },
    });
  }

  async function get(k: string, range?: { start: number; end: number }): Promise<Buffer> {
    const r = await t.layer.getObject('bkt', k, { unseal, ...(range ? { range } : {}) });
    return r.whole ?? readAll(r.stream);
  }

  it('stores no plaintext on any drive, and reads every size and range back', async () => {
    await t.layer.makeBucket('bkt');
    const sizes = [0, 100, PACKAGE_SIZE - 1, PACKAGE_SIZE, PACKAGE_SIZE + 1, 3 * PACKAGE_SIZE + 4321];
    for (const size of sizes) {
      const data = patterned(size);
      await putSealed(`o-${size}`, data);
      expect((await get(`o-${size}`)).equals(data)).toBe(true);
      const info = await t.layer.headObject('bkt', `o-${size}`);
      expect(info.size).toBe(size);
      expect(info.encryption).toEqual(RECORD);
    }
    expect(await holdingPattern(t.dir)).toEqual([]);
    const big = patterned(3 * PACKAGE_SIZE + 4321);
    const P = PACKAGE_SIZE;
    for (const [start, end] of [
      [0, 0],
      [P - 1, P],
      [P, P],
      [P - 5, 2 * P + 5],
      [2 * P, 3 * P - 1],
      [3 * P, big.length - 1],
      [big.length - 1, big.length - 1],
    ] as [number, number][]) {
      expect((await get(`o-${big.length}`, { start, end })).equals(big.subarray(start, end + 1))).toBe(true);
    }
    // The control: the same bytes stored as sent are found on the drives.
    await t.put('plain', patterned(1000));
    expect((await holdingPattern(t.dir)).length).toBeGreaterThan(0);
  });

  it('compresses, then encrypts: ranged reads decrypt and decompress only what they need', async () => {
    await t.layer.makeBucket('bkt');
    const data = patterned(3 * 1024 * 1024 + 17);
    await putSealed('z', data, true);
    expect(await holdingPattern(t.dir)).toEqual([]);
    expect((await get('z')).equals(data)).toBe(true);
    const M = 1024 * 1024;
    for (const [start, end] of [
      [M - 3, M + 3],
      [2 * M, 2 * M + PACKAGE_SIZE],
      [data.length - 10, data.length - 1],
    ] as [number, number][]) {
      expect((await get('z', { start, end })).equals(data.subarray(start, end + 1))).toBe(true);
    }
  });

  it('encrypts multipart parts under their own keys', async () => {
    await t.layer.makeBucket('bkt');
    const id = await t.layer.newMultipartUpload('bkt', 'mp', { encryption: { record: RECORD, key } });
    const parts = [patterned(5 * 1024 * 1024 + 3), patterned(70_000)];
    const etags: string[] = [];
    for (const [i, p] of parts.entries()) {
      const info = await t.layer.putObjectPart('bkt', 'mp', id, i + 1, body(p), { size: p.length, unseal });
      etags.push(info.etag);
    }
    await expectCode(t.layer.putObjectPart('bkt', 'mp', id, 3, body('x'), { size: 1 }), 'InternalError');
    await t.layer.completeMultipartUpload(
      'bkt',
      'mp',
      id,
      etags.map((etag, i) => ({ partNumber: i + 1, etag })),
    );
    const all = Buffer.concat(parts);
    expect((await get('mp')).equals(all)).toBe(true);
    expect((await get('mp', { start: 199_990, end: 200_010 })).equals(all.subarray(199_990, 200_011))).toBe(
      true,
    );
    expect(await holdingPattern(t.dir)).toEqual([]);
  });

  it('never returns bytes decrypted with the wrong key, nor reads without one', async () => {
    await t.layer.makeBucket('bkt');
    await putSealed('k', patterned(5000));
    const wrong = randomBytes(32);
    await expectCode(
      (async () => readAll((await t.layer.getObject('bkt', 'k', { unseal: async () => wrong })).stream))(),
      'InternalError',
    );
    await expectCode(t.layer.getObject('bkt', 'k'), 'InternalError');
  });

  if (t.drives === 4) {
    it('reads right through a damaged package on one drive (parity), and heal rebuilds it', async () => {
      await t.layer.makeBucket('bkt');
      const data = patterned(200_000);
      await putSealed('d', data);
      const shard = (await files(path.join(t.dir, 'drive2', 'bkt'))).find((f) =>
        path.basename(f).startsWith('part.'),
      );
      expect(shard).toBeDefined();
      const raw = await readFile(shard as string);
      const at = Math.floor(raw.length / 2);
      raw[at] = (raw[at] as number) ^ 0xff;
      await writeFile(shard as string, raw);
      expect((await get('d')).equals(data)).toBe(true);
      const healed = await t.layer.healObject?.('bkt', 'd');
      expect(healed?.healedDrives).toEqual([1]);
      expect((await readFile(shard as string)).equals(raw)).toBe(false);
      expect((await stat(shard as string)).size).toBe(raw.length);
    });
  }
});
