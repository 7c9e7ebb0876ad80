// SPDX-License-Identifier: Apache-2.0
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CATALOG_FILE } from './catalog.js';
import { SYS_DIR } from './drive.js';
import { openObjectLayer } from './index.js';
import { encodeRecord, JOURNAL_DIR } from './journal.js';
import { encodeLegacyMeta } from './legacy-import.js';
import { decodeRow } from './meta.js';
import { objectDirSegments } from './names.js';
import { catalogRows } from './test-support/catalog-rows.js';
import { readAll } from './test-support/layer-suite.js';

/**
 * A data folder written by a build before the catalog (a `meta` file per object folder) still lists
 * and serves every object after an upgrade: the fixture is made by writing objects with this build,
 * then turning each drive back into the old layout (its catalog rows as `meta` files, no catalog).
 */

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'stowage-legacy-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Every object `meta` file under a drive folder. */
async function metaFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(root, { recursive: true, withFileTypes: true })) {
    const full = path.join(e.parentPath, e.name);
    if (e.isFile() && e.name === 'meta' && !full.includes(SYS_DIR)) out.push(full);
  }
  return out;
}

/** Rewrite drive folders in the layout of the build before the catalog. */
async function toLegacyLayout(bucket: string, drives: number): Promise<void> {
  for (let i = 1; i <= drives; i++) {
    const root = path.join(dir, `drive${i}`);
    for (const r of catalogRows(root, bucket)) {
      const m = decodeRow(r.doc, r.inline);
      if (!m) throw new Error(`bad row ${r.key}`);
      const folder = path.join(root, bucket, ...objectDirSegments(r.key));
      await mkdir(folder, { recursive: true });
      await writeFile(path.join(folder, 'meta'), encodeLegacyMeta(m.doc, m.inline));
    }
    for (const f of [CATALOG_FILE, `${CATALOG_FILE}-wal`, `${CATALOG_FILE}-shm`]) {
      await rm(path.join(root, SYS_DIR, f), { force: true });
    }
  }
}

describe('a data folder of the build before the catalog', () => {
  it('lists and serves every object after the upgrade, and its meta files are gone', async () => {
    const bodies = new Map<string, Buffer>([
      ['small.txt', Buffer.from('hello legacy')],
      ['deep/er/inline.bin', randomBytes(20_000)],
      ['large.bin', randomBytes(300_000)],
      ['gone', Buffer.from('deleted by a journaled removal')],
    ]);
    let layer = await openObjectLayer({
      dataDir: dir,
      drives: 4,
      healthIntervalMs: 0,
      inlineLimit: 64 * 1024,
    });
    await layer.makeBucket('old');
    for (const [k, b] of bodies) await layer.putObject('old', k, Readable.from([b]), { size: b.length });
    await layer.close();
    await toLegacyLayout('old', 4);
    // The old build's journal still held an acknowledged delete of `gone` (its meta files not yet removed).
    for (let i = 1; i <= 4; i++) {
      const jdir = path.join(dir, `drive${i}`, SYS_DIR, JOURNAL_DIR);
      await mkdir(jdir, { recursive: true });
      await writeFile(path.join(jdir, '000000000007.log'), encodeRecord('old/.gone/meta', null));
      expect((await metaFiles(path.join(dir, `drive${i}`))).length).toBe(4);
    }
    bodies.delete('gone');

    layer = await openObjectLayer({ dataDir: dir, drives: 4, healthIntervalMs: 0 });
    const listed = await layer.listObjects('old', {});
    expect(listed.objects.map((o) => [o.key, o.size])).toEqual(
      [...bodies].map(([k, b]) => [k, b.length]).sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    for (const [k, b] of bodies)
      expect((await readAll((await layer.getObject('old', k)).stream)).equals(b)).toBe(true);
    expect((await layer.listObjects('old', { delimiter: '/' })).commonPrefixes).toEqual(['deep/']);
    for (let i = 1; i <= 4; i++) {
      const root = path.join(dir, `drive${i}`);
      expect(await metaFiles(root)).toEqual([]);
      // Inline objects keep no folder at all; the large one keeps its data folder.
      expect((await readdir(path.join(root, 'old'))).sort()).toEqual(['.large.bin']);
      expect(await readdir(path.join(root, SYS_DIR, JOURNAL_DIR))).toEqual([]);
    }
    // New writes and a reopen work on the imported catalog (the import does not run again).
    await layer.putObject('old', 'new', Readable.from([Buffer.from('n')]), { size: 1 });
    await layer.close();
    layer = await openObjectLayer({ dataDir: dir, drives: 4, healthIntervalMs: 0 });
    expect((await layer.listObjects('old', {})).objects.map((o) => o.key)).toEqual([
      'deep/er/inline.bin',
      'large.bin',
      'new',
      'small.txt',
    ]);
    await layer.close();
  });
});
