// SPDX-License-Identifier: Apache-2.0
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, open, readdir, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isS3Error } from '../core/errors.js';
import { type ErasureObjectLayer, openObjectLayer } from './index.js';
import { catalogRows, deleteRows, flipped, rewriteRows } from './test-support/catalog-rows.js';

/**
 * Durability of the erasure-coded layout with 4 drives (2 data + 2 parity): lost drives, bitrot,
 * losses beyond parity, vanished drives and a process killed in the middle of a PUT.
 */

async function readAll(s: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of s) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

async function filesNamed(root: string, test: (name: string) => boolean): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (e.isFile() && test(e.name)) out.push(path.join(e.parentPath, e.name));
  }
  return out.sort();
}

/** Flip one byte in the middle of the file. */
async function flipByte(file: string, at?: number): Promise<void> {
  const { size } = await stat(file);
  const fh = await open(file, 'r+');
  try {
    const pos = at ?? Math.floor(size / 2);
    const b = Buffer.alloc(1);
    await fh.read(b, 0, 1, pos);
    b[0] = (b[0] as number) ^ 0x5a;
    await fh.write(b, 0, 1, pos);
  } finally {
    await fh.close();
  }
}

const SIZES = [0, 1, 100 * 1024, 5 * 1024 * 1024];
const PAIRS = [
  [0, 1],
  [0, 2],
  [0, 3],
  [1, 2],
  [1, 3],
  [2, 3],
] as const;

describe('durability (4 drives, 2+2)', () => {
  let base: string;
  let pristine: string;
  const objects = new Map<string, Buffer>();

  beforeAll(async () => {
    base = await mkdtemp(path.join(os.tmpdir(), 'stowage-dur-'));
    pristine = path.join(base, 'pristine');
    const layer = await openObjectLayer({ dataDir: pristine, drives: 4, healthIntervalMs: 0 });
    await layer.makeBucket('dur');
    for (const size of SIZES) {
      const data = randomBytes(size);
      objects.set(`obj-${size}`, data);
      await layer.putObject('dur', `obj-${size}`, Readable.from([data]), { size });
    }
    // A multipart object too (parts live in the same shard layout).
    const id = await layer.newMultipartUpload('dur', 'multi', {});
    const p1 = randomBytes(5 * 1024 * 1024);
    const p2 = randomBytes(70 * 1024);
    const e1 = await layer.putObjectPart('dur', 'multi', id, 1, Readable.from([p1]), { size: p1.length });
    const e2 = await layer.putObjectPart('dur', 'multi', id, 2, Readable.from([p2]), { size: p2.length });
    await layer.completeMultipartUpload('dur', 'multi', id, [
      { partNumber: 1, etag: e1.etag },
      { partNumber: 2, etag: e2.etag },
    ]);
    objects.set('multi', Buffer.concat([p1, p2]));
    await layer.close();
  });
  afterAll(async () => {
    await rm(base, { recursive: true, force: true });
  });

  let run = 0;
  async function fresh(): Promise<string> {
    const dir = path.join(base, `run-${run++}`);
    await cp(pristine, dir, { recursive: true });
    return dir;
  }

  async function expectAllIntact(layer: ErasureObjectLayer): Promise<void> {
    for (const [key, data] of objects) {
      const got = await readAll((await layer.getObject('dur', key)).stream);
      expect(got.equals(data), key).toBe(true);
      if (data.length > 10) {
        const r = await layer.getObject('dur', key, { range: { start: 3, end: data.length - 4 } });
        expect((await readAll(r.stream)).equals(data.subarray(3, data.length - 3)), `${key} range`).toBe(
          true,
        );
      }
    }
    const listed = await layer.listObjects('dur', {});
    expect(listed.objects.map((o) => o.key)).toEqual(expect.arrayContaining([...objects.keys()]));
  }

  for (const [a, b] of PAIRS) {
    it(`reads every object bit-exact with drives ${a + 1} and ${b + 1} wiped`, async () => {
      const dir = await fresh();
      for (const i of [a, b]) {
        const d = path.join(dir, `drive${i + 1}`);
        for (const n of await readdir(d)) await rm(path.join(d, n), { recursive: true, force: true });
      }
      const layer = await openObjectLayer({ dataDir: dir, drives: 4, healthIntervalMs: 0 });
      await expectAllIntact(layer);
      await layer.close();
    });
  }

  it('routes around flipped bytes in shard files and inline metadata on up to 2 drives', async () => {
    const dir = await fresh();
    for (const i of [0, 3]) {
      const d = path.join(dir, `drive${i + 1}`);
      for (const f of await filesNamed(d, (n) => n.startsWith('part.'))) await flipByte(f);
      // Inline objects (≤128 KiB) live in the catalog row: damage those copies too.
      rewriteRows(d, 'dur', (r) =>
        r.inline && r.inline.length > 1024 ? { doc: r.doc, inline: flipped(r.inline, -10) } : null,
      );
    }
    const layer = await openObjectLayer({ dataDir: dir, drives: 4, healthIntervalMs: 0 });
    await expectAllIntact(layer);
    await layer.close();
  });

  it('beyond parity: corrupted shards on 3 drives give an error, never wrong data', async () => {
    const dir = await fresh();
    for (const i of [0, 1, 2]) {
      const d = path.join(dir, `drive${i + 1}`);
      // Damage the 4th block of every shard file (offset inside block index 3).
      for (const f of await filesNamed(d, (n) => n.startsWith('part.'))) {
        const { size } = await stat(f);
        if (size > 4 * (8 + 512 * 1024)) await flipByte(f, 3 * (8 + 512 * 1024) + 100);
        else await flipByte(f);
      }
    }
    const layer = await openObjectLayer({ dataDir: dir, drives: 4, healthIntervalMs: 0 });
    for (const key of ['obj-5242880', 'multi']) {
      const data = objects.get(key) as Buffer;
      let got: Buffer | null = null;
      let failed: unknown = null;
      try {
        got = await readAll((await layer.getObject('dur', key)).stream);
      } catch (err) {
        failed = err;
      }
      expect(got, key).toBeNull();
      expect(isS3Error(failed, 'InsufficientReadQuorum')).toBe(true);
      // Blocks before the damage still read fine through a range.
      const r = await layer.getObject('dur', key, { range: { start: 0, end: 1024 * 1024 - 1 } });
      expect((await readAll(r.stream)).equals(data.subarray(0, 1024 * 1024))).toBe(true);
    }
    await layer.close();
  });

  it('beyond parity on inline objects: damaged metadata on 3 drives is an error', async () => {
    const dir = await fresh();
    for (const i of [0, 1, 2]) {
      rewriteRows(path.join(dir, `drive${i + 1}`), 'dur', (r) => ({ doc: r.doc.slice(1), inline: r.inline }));
    }
    const layer = await openObjectLayer({ dataDir: dir, drives: 4, healthIntervalMs: 0 });
    for (const key of objects.keys()) {
      let failed: unknown = null;
      try {
        await readAll((await layer.getObject('dur', key)).stream);
      } catch (err) {
        failed = err;
      }
      expect(isS3Error(failed, 'InsufficientReadQuorum'), key).toBe(true);
    }
    await layer.close();
  });

  it('heal rebuilds wiped drives: afterwards the other two drives can go', async () => {
    const dir = await fresh();
    const wipe = async (i: number): Promise<void> => {
      const d = path.join(dir, `drive${i}`);
      for (const n of await readdir(d)) await rm(path.join(d, n), { recursive: true, force: true });
    };
    await wipe(1);
    await wipe(2);
    let layer = await openObjectLayer({ dataDir: dir, drives: 4, healthIntervalMs: 0, autoHeal: false });
    const r = await layer.healBucket('dur');
    expect(r).toEqual({ objects: objects.size, healed: objects.size, unrecoverable: 0 });
    // A second pass finds nothing to do.
    expect((await layer.healBucket('dur')).healed).toBe(0);
    await layer.close();
    await wipe(3);
    await wipe(4);
    layer = await openObjectLayer({ dataDir: dir, drives: 4, healthIntervalMs: 0 });
    await expectAllIntact(layer);
    await layer.close();
  });

  it('a replaced (empty) drive is healed automatically in the background', async () => {
    const dir = await fresh();
    for (const i of [2, 4]) {
      const d = path.join(dir, `drive${i}`);
      for (const n of await readdir(d)) await rm(path.join(d, n), { recursive: true, force: true });
    }
    let layer = await openObjectLayer({ dataDir: dir, drives: 4, healthIntervalMs: 0 });
    await layer.healIdle();
    await layer.close();
    for (const i of [1, 3]) {
      const d = path.join(dir, `drive${i}`);
      for (const n of await readdir(d)) await rm(path.join(d, n), { recursive: true, force: true });
    }
    layer = await openObjectLayer({ dataDir: dir, drives: 4, healthIntervalMs: 0, autoHeal: false });
    await expectAllIntact(layer);
    await layer.close();
  });

  it('heal repairs flipped bytes in place and removes copies of unfinished writes', async () => {
    const dir = await fresh();
    const d1 = path.join(dir, 'drive1');
    for (const f of await filesNamed(d1, (n) => n.startsWith('part.'))) await flipByte(f);
    rewriteRows(d1, 'dur', (r) =>
      r.inline && r.inline.length > 1024 ? { doc: r.doc, inline: flipped(r.inline, -10) } : null,
    );
    let layer = await openObjectLayer({ dataDir: dir, drives: 4, healthIntervalMs: 0 });
    for (const key of objects.keys()) {
      const r = await layer.healObject('dur', key);
      if ((objects.get(key) as Buffer).length > 1024) expect(r.healedDrives, key).toEqual([0]);
    }
    // A copy of a write that reached only one drive (the others lost it): dangling, removed.
    await layer.putObject('dur', 'half', Readable.from([Buffer.from('half')]), { size: 4 });
    for (const i of [2, 3, 4]) expect(deleteRows(path.join(dir, `drive${i}`), 'dur', ['half'])).toBe(1);
    const dangling = await layer.healObject('dur', 'half');
    expect(dangling.removedDangling).toBe(true);
    expect(catalogRows(d1, 'dur').map((r) => r.key)).not.toContain('half');
    expect(catalogRows(d1, 'dur').length).toBe(objects.size);
    await layer.close();
    // Drive 1's repaired shards carry the data with drive 2 once 3 and 4 are gone.
    for (const i of [3, 4]) {
      const d = path.join(dir, `drive${i}`);
      for (const n of await readdir(d)) await rm(path.join(d, n), { recursive: true, force: true });
    }
    layer = await openObjectLayer({ dataDir: dir, drives: 4, healthIntervalMs: 0 });
    await expectAllIntact(layer);
    await layer.close();
  });

  it('a small (inline) write notices a drive folder removed under it: its catalog is not trusted', async () => {
    const dir = await fresh();
    const changes: string[] = [];
    const layer = await openObjectLayer({
      dataDir: dir,
      drives: 4,
      healthIntervalMs: 0,
      onDriveStateChange: (d, from) => changes.push(`${d.index}:${from}->${d.state}`),
    });
    // A first write opens the drive's journal segment and catalog; both stay open across the removal.
    await layer.putObject('dur', 'tiny-before', Readable.from([Buffer.from('before')]), { size: 6 });
    await rm(path.join(dir, 'drive4'), { recursive: true, force: true });
    // No shard file, no folder: only the drive's catalog row, whose file is gone.
    await layer.putObject('dur', 'tiny-after-loss', Readable.from([Buffer.from('tiny')]), { size: 4 });
    await new Promise((r) => setTimeout(r, 100));
    expect(changes).toContain('3:ok->offline');
    expect(await stat(path.join(dir, 'drive4')).catch(() => null)).toBeNull();
    expect((await readAll((await layer.getObject('dur', 'tiny-after-loss')).stream)).toString()).toBe('tiny');
    await layer.close();
  });

  it('marks a vanished drive offline and keeps serving within quorum', async () => {
    const dir = await fresh();
    const layer = await openObjectLayer({ dataDir: dir, drives: 4, healthIntervalMs: 0 });
    await rename(path.join(dir, 'drive2'), path.join(base, `gone-${run}`));
    // Written right away (before any health check noticed): 3 of 4 drives meet the write quorum (3).
    const data = randomBytes(2 * 1024 * 1024 + 5);
    await layer.putObject('dur', 'written-degraded', Readable.from([data]), { size: data.length });
    expect((await readAll((await layer.getObject('dur', 'written-degraded')).stream)).equals(data)).toBe(
      true,
    );
    await layer.makeBucket('degraded-bucket');
    // The vanished folder is left alone (never re-created behind the operator's back).
    expect(await stat(path.join(dir, 'drive2')).catch(() => null)).toBeNull();
    const info = await layer.storageInfo();
    expect(info.drives.map((d) => d.state)).toEqual(['ok', 'offline', 'ok', 'ok']);
    await expectAllIntact(layer);
    // A second lost drive: reads continue, writes are refused.
    await rename(path.join(dir, 'drive3'), path.join(base, `gone2-${run}`));
    await layer.storageInfo();
    await expectAllIntact(layer);
    let err: unknown = null;
    try {
      await layer.putObject('dur', 'x', Readable.from([Buffer.from('x')]), { size: 1 });
    } catch (e) {
      err = e;
    }
    expect(isS3Error(err, 'InsufficientWriteQuorum')).toBe(true);
    await layer.close();
  });
});

describe('small drive counts', () => {
  async function withLayer(drives: number, fn: (dir: string) => Promise<void>): Promise<void> {
    const dir = await mkdtemp(path.join(os.tmpdir(), `stowage-n${drives}-`));
    try {
      await fn(dir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  const data = randomBytes(1024 * 1024 + 333);

  for (const drives of [2, 3]) {
    it(`${drives} drives (parity 1): one wiped drive loses nothing`, async () => {
      await withLayer(drives, async (dir) => {
        const data0 = path.join(dir, 'data');
        const a = await openObjectLayer({ dataDir: data0, drives, healthIntervalMs: 0 });
        expect((await a.storageInfo()).parity).toBe(1);
        await a.makeBucket('small');
        await a.putObject('small', 'big', Readable.from([data]), { size: data.length });
        await a.putObject('small', 'tiny', Readable.from([Buffer.from('tiny')]), { size: 4 });
        await a.close();
        for (let wiped = 1; wiped <= drives; wiped++) {
          const copy = path.join(dir, `copy-${wiped}`);
          await cp(data0, copy, { recursive: true });
          const d = path.join(copy, `drive${wiped}`);
          for (const n of await readdir(d)) await rm(path.join(d, n), { recursive: true, force: true });
          const b = await openObjectLayer({ dataDir: copy, drives, healthIntervalMs: 0 });
          expect((await readAll((await b.getObject('small', 'big')).stream)).equals(data)).toBe(true);
          expect((await readAll((await b.getObject('small', 'tiny')).stream)).toString()).toBe('tiny');
          await b.close();
        }
      });
    });
  }

  it('1 drive (plain): a flipped byte is an error, never wrong data', async () => {
    await withLayer(1, async (dir) => {
      const a = await openObjectLayer({ dataDir: dir, drives: 1, healthIntervalMs: 0 });
      expect(await a.storageInfo()).toMatchObject({ parity: 0, dataShards: 1, erasure: false });
      await a.makeBucket('plain');
      await a.putObject('plain', 'big', Readable.from([data]), { size: data.length });
      const [file] = await filesNamed(path.join(dir, 'drive1', 'plain'), (n) => n.startsWith('part.'));
      await flipByte(file as string, 100);
      let failed: unknown = null;
      try {
        await readAll((await a.getObject('plain', 'big')).stream);
      } catch (err) {
        failed = err;
      }
      expect(isS3Error(failed, 'InsufficientReadQuorum')).toBe(true);
      await a.close();
    });
  });
});

describe('crash safety', () => {
  it('kill -9 during a large PUT keeps the previous version and acknowledged writes', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'stowage-kill-'));
    try {
      const before = randomBytes(3 * 1024 * 1024 + 17);
      const layer = await openObjectLayer({ dataDir: dir, drives: 4, healthIntervalMs: 0 });
      await layer.makeBucket('crash');
      await layer.putObject('crash', 'big', Readable.from([before]), { size: before.length });
      await layer.close();

      const here = path.dirname(fileURLToPath(import.meta.url));
      const child = spawn(
        process.execPath,
        [
          '--import',
          path.join(here, 'test-support', 'ts-resolve-hook.mjs'),
          path.join(here, 'test-support', 'slow-put-child.ts'),
          dir,
          '4',
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let out = '';
      let errText = '';
      child.stderr.on('data', (d: Buffer) => {
        errText += d.toString();
      });
      const exited = new Promise<NodeJS.Signals | null>((resolve) =>
        child.on('exit', (_code, sig) => resolve(sig)),
      );
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          if (out.includes('midway')) resolve();
        });
        child.on('exit', () => reject(new Error(`child exited early: ${out} ${errText}`)));
      });
      // Temp files of the interrupted PUT exist at this point.
      const tmpBefore = await readdir(path.join(dir, 'drive1', '.stowage.sys', 'tmp'));
      expect(tmpBefore.length).toBeGreaterThan(0);
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');

      const again = await openObjectLayer({ dataDir: dir, drives: 4, healthIntervalMs: 0 });
      expect((await readAll((await again.getObject('crash', 'big')).stream)).equals(before)).toBe(true);
      const acked = await readAll((await again.getObject('crash', 'acked')).stream);
      expect(acked.equals(Buffer.alloc(300 * 1024, 7))).toBe(true);
      let missing: unknown = null;
      try {
        await again.headObject('crash', 'fresh');
      } catch (err) {
        missing = err;
      }
      expect(isS3Error(missing, 'NoSuchKey')).toBe(true);
      expect((await again.listObjects('crash', {})).objects.map((o) => o.key)).toEqual(['acked', 'big']);
      for (let i = 1; i <= 4; i++) {
        expect(await readdir(path.join(dir, `drive${i}`, '.stowage.sys', 'tmp'))).toEqual([]);
      }
      await again.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
