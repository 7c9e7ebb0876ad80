// SPDX-License-Identifier: Apache-2.0
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ErasureObjectLayer } from '../object-layer/erasure-object-layer.js';
import { openObjectLayer } from '../object-layer/index.js';
import { healPacing, scannerPacing } from './pacing.js';
import { DataUsageScanner } from './scanner.js';
import { configureHeal } from './services.js';

// The heal set's bitrotscan on a real erasure-coded layer: one flipped byte in a shard is invisible to a
// normal (presence) scan and found and repaired by the deep scan the scanner's cycles run with
// bitrotscan=on.
let dir: string;
let layer: ErasureObjectLayer;
const BODY = Buffer.alloc(300 * 1024, 7);

async function shardFiles(): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (e.isFile() && e.name === 'part.1') out.push(path.join(e.parentPath, e.name));
  }
  return out.sort();
}

async function flipByte(file: string): Promise<Buffer> {
  const original = await readFile(file);
  const bad = Buffer.from(original);
  bad[100] = (bad[100] as number) ^ 0xff;
  await writeFile(file, bad);
  return original;
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'stowage-heal-scan-'));
  layer = (await openObjectLayer({ dataDir: dir, drives: 4, healthIntervalMs: 0 })) as ErasureObjectLayer;
  await layer.makeBucket('healing');
  await layer.putObject('healing', 'obj', Readable.from([BODY]), { size: BODY.length });
});

afterEach(async () => {
  await layer.close();
  await rm(dir, { recursive: true, force: true });
});

describe('heal bitrotscan', () => {
  it('a normal scan does not see a flipped byte; a deep scan rebuilds the shard', async () => {
    const files = await shardFiles();
    expect(files.length).toBe(4);
    const target = files[0] as string;
    const original = await flipByte(target);

    const normal = await layer.healObject('healing', 'obj', { scanMode: 'normal' });
    expect(normal.healedDrives).toEqual([]);
    expect((await readFile(target)).equals(original)).toBe(false);

    const deep = await layer.healObject('healing', 'obj', { scanMode: 'deep' });
    expect(deep.healedDrives.length).toBe(1);
    expect((await readFile(target)).equals(original)).toBe(true);
  });

  it('a missing shard is found by a normal scan too', async () => {
    const target = (await shardFiles())[1] as string;
    const original = await readFile(target);
    await rm(target);
    const r = await layer.healObject('healing', 'obj', { scanMode: 'normal' });
    expect(r.healedDrives.length).toBe(1);
    expect((await readFile(target)).equals(original)).toBe(true);
  });

  it("the scanner's background cycle repairs it with bitrotscan=on, not with off", async () => {
    const target = (await shardFiles())[2] as string;
    const original = await flipByte(target);
    const scanner = new DataUsageScanner(layer);
    scanner.setPacing(scannerPacing({ speed: 'fastest' }));
    try {
      configureHeal(
        layer,
        scanner,
        healPacing({ bitrotscan: 'off', max_io: '100', max_sleep: '1s' }),
        () => 0,
      );
      await scanner.scanAll(true);
      expect((await readFile(target)).equals(original)).toBe(false);

      configureHeal(
        layer,
        scanner,
        healPacing({ bitrotscan: 'on', max_io: '100', max_sleep: '1s' }),
        () => 0,
      );
      const usage = await scanner.scanAll(true);
      expect(usage.buckets.get('healing')?.objectsCount).toBe(1);
      expect((await readFile(target)).equals(original)).toBe(true);
      const back = await layer.getObject('healing', 'obj');
      const chunks: Buffer[] = [];
      for await (const c of back.stream) chunks.push(c as Buffer);
      expect(Buffer.concat(chunks).equals(BODY)).toBe(true);
    } finally {
      await scanner.stop();
    }
  });
});
