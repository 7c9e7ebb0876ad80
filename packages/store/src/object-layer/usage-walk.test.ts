// SPDX-License-Identifier: Apache-2.0
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { expect, it } from 'vitest';
import type { ErasureObjectLayer } from './index.js';
import { driveCatalogDb } from './test-support/catalog-rows.js';
import { describeLayer } from './test-support/layer-suite.js';
import type { KeyUsage } from './types.js';

/**
 * The usage scanner's walk (listObjectUsage) reads a key's size from its catalog summary when the key
 * holds one version, and its document otherwise: it must report what ListObjectVersions reports,
 * whichever way each key was read.
 */

function eachCatalog(dir: string, drives: number, fn: (db: DatabaseSync) => void): void {
  for (let i = 1; i <= drives; i++) {
    const db = driveCatalogDb(path.join(dir, `drive${i}`));
    try {
      fn(db);
    } finally {
      db.close();
    }
  }
}

/** Every page of the usage walk, `maxKeys` keys at a time. */
async function walk(layer: ErasureObjectLayer, maxKeys: number): Promise<KeyUsage[]> {
  const out: KeyUsage[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await layer.listObjectUsage('bkt', { maxKeys, ...(after ? { after } : {}) });
    expect(page.objects.length).toBeLessThanOrEqual(maxKeys);
    out.push(...page.objects);
    if (!page.isTruncated) return out;
    after = page.nextAfter as string;
  }
}

/** The same facts, summed up from every page of ListObjectVersions. */
async function fromVersions(layer: ErasureObjectLayer): Promise<KeyUsage[]> {
  const byKey = new Map<string, KeyUsage>();
  let keyMarker: string | undefined;
  let versionIdMarker: string | undefined;
  for (;;) {
    const page = await layer.listObjectVersions('bkt', {
      maxKeys: 3,
      ...(keyMarker ? { keyMarker } : {}),
      ...(versionIdMarker ? { versionIdMarker } : {}),
    });
    for (const v of page.versions) {
      let u = byKey.get(v.key);
      if (!u) {
        u = { key: v.key, latestSize: null, versions: 0, bytes: 0, deleteMarkers: 0 };
        byKey.set(v.key, u);
      }
      if (v.isLatest && !v.isDeleteMarker) u.latestSize = v.size;
      if (v.isDeleteMarker) u.deleteMarkers++;
      else {
        u.versions++;
        u.bytes += v.size;
      }
    }
    if (!page.isTruncated) return [...byKey.values()];
    keyMarker = page.nextKeyMarker as string;
    versionIdMarker = page.nextVersionIdMarker ?? undefined;
  }
}

describeLayer((t) => {
  /** A versioned bucket with single versions of several sizes, versions, delete markers. */
  async function fill(): Promise<void> {
    const { layer, put } = t;
    await layer.makeBucket('bkt');
    await put('plain/empty', '');
    await put('plain/small', 'hello');
    await put('plain/coded', Buffer.alloc(1500, 1)); // above the inline limit: erasure coded
    await put('plain/large', Buffer.alloc(9000, 2)); // several blocks
    await layer.setBucketVersioning('bkt', 'Enabled');
    await put('v/three', 'a');
    await put('v/three', 'bb');
    await put('v/three', Buffer.alloc(2000, 3));
    await put('v/hidden', 'xyz');
    await put('v/hidden', 'wxyz');
    await layer.deleteObject('bkt', 'v/hidden');
    await layer.deleteObject('bkt', 'v/only-marker');
    await put('v/back', 'one');
    await layer.deleteObject('bkt', 'v/back');
    await put('v/back', 'again!');
    await put('v/gone', 'temporary');
    const gone = await layer.listObjectVersions('bkt', { prefix: 'v/gone' });
    await layer.deleteObject('bkt', 'v/gone', { versionId: gone.versions[0]?.versionId as string });
  }

  it('reports what ListObjectVersions reports: sizes, versions and delete markers of every key', async () => {
    await fill();
    const want = await fromVersions(t.layer);
    // The facts themselves, so the comparison below cannot pass on two empty walks.
    expect(want).toEqual([
      { key: 'plain/coded', latestSize: 1500, versions: 1, bytes: 1500, deleteMarkers: 0 },
      { key: 'plain/empty', latestSize: 0, versions: 1, bytes: 0, deleteMarkers: 0 },
      { key: 'plain/large', latestSize: 9000, versions: 1, bytes: 9000, deleteMarkers: 0 },
      { key: 'plain/small', latestSize: 5, versions: 1, bytes: 5, deleteMarkers: 0 },
      { key: 'v/back', latestSize: 6, versions: 2, bytes: 9, deleteMarkers: 1 },
      { key: 'v/hidden', latestSize: null, versions: 2, bytes: 7, deleteMarkers: 1 },
      { key: 'v/only-marker', latestSize: null, versions: 0, bytes: 0, deleteMarkers: 1 },
      { key: 'v/three', latestSize: 2000, versions: 3, bytes: 2003, deleteMarkers: 0 },
    ]);
    for (const maxKeys of [1000, 3, 1]) expect(await walk(t.layer, maxKeys)).toEqual(want);
  });

  it('reads documents where summaries are missing or damaged, and reports the same', async () => {
    await fill();
    const want = await fromVersions(t.layer);
    // Every summary claims 7 bytes while its CRC-32 still matches the text before: damaged copies.
    eachCatalog(t.dir, t.drives, (db) =>
      db.exec("UPDATE objects SET summary = 'L\t7' || substr(summary, instr(substr(summary, 3), '\t') + 2)"),
    );
    expect(await walk(t.layer, 1000)).toEqual(want);
    // Rows without summaries (written by a build before them): read from their documents.
    eachCatalog(t.dir, t.drives, (db) => db.exec('UPDATE objects SET summary = NULL, ssum = NULL'));
    expect(await walk(t.layer, 2)).toEqual(want);
  });

  it('asks the quorum for keys the first drive has no row of (only its rows carry the usage)', async () => {
    await fill();
    const db = driveCatalogDb(path.join(t.dir, 'drive1'));
    try {
      const gone = db.prepare(
        "DELETE FROM objects WHERE key IN (CAST('plain/small' AS BLOB), CAST('v/three' AS BLOB))",
      );
      expect(gone.run().changes).toBe(2);
    } finally {
      db.close();
    }
    const want = await fromVersions(t.layer);
    // Four drives: the other three hold the rows, a quorum; one drive: the keys are gone.
    expect(want.some((u) => u.key === 'v/three' && u.versions === 3)).toBe(t.drives > 1);
    expect(await walk(t.layer, 1000)).toEqual(want);
  });
});
