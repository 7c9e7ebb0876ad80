// SPDX-License-Identifier: Apache-2.0
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isS3Error } from '../core/errors.js';
import type { ErasureObjectLayer } from './erasure-object-layer.js';
import { openObjectLayer } from './index.js';

/** Sized volumes in the object layer: a body of unknown size stops at the limit mid-stream, leaving nothing. */

const MiB = 1024 * 1024;
let dir: string;
let layer: ErasureObjectLayer;
const folders = [1, 2, 3, 4].map((i) => `d${i}`);

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'stowage-usage-'));
  layer = await openObjectLayer({
    dataDir: dir,
    drives: 4,
    driveSpecs: folders.map((f) => ({ path: path.join(dir, f), capacity: 3 * MiB })),
  });
  await layer.makeBucket('stream');
});
afterAll(async () => {
  await layer?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A body of `total` random bytes in 256 KiB chunks, its size not announced. */
function chunks(total: number): Readable {
  return Readable.from(
    (function* () {
      for (let sent = 0; sent < total; sent += 256 * 1024)
        yield randomBytes(Math.min(256 * 1024, total - sent));
    })(),
  );
}

describe('drive usage', () => {
  it('aborts a body of unknown size that crosses the limit mid-stream, and counts the space freed', async () => {
    const err = await layer
      .putObject('stream', 'too-big', chunks(8 * MiB), { size: -1 })
      .catch((e: unknown) => e);
    expect(isS3Error(err) && err.code).toBe('XMinioStorageFull');
    await expect(layer.headObject('stream', 'too-big')).rejects.toMatchObject({ code: 'NoSuchKey' });
    for (const f of folders) expect(await readdir(path.join(dir, f, '.stowage.sys', 'tmp'))).toEqual([]);

    // The aborted write's bytes are not held against the drives: an object that fits is taken.
    const ok = await layer.putObject('stream', 'fits', chunks(4 * MiB), { size: -1 });
    expect(ok.size).toBe(4 * MiB);
    const info = await layer.storageInfo();
    for (const d of info.drives) {
      expect(d.totalSpace).toBe(3 * MiB);
      // 4 MiB at 2+2 is 2 MiB of shards per drive, plus checksums and the store's own files.
      expect(d.usedSpace).toBeGreaterThan(2 * MiB);
      expect(d.usedSpace).toBeLessThan(3 * MiB);
      expect(d.availSpace).toBe(3 * MiB - d.usedSpace);
    }
  });
});
