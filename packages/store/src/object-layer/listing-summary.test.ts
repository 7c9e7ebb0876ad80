// SPDX-License-Identifier: Apache-2.0
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { latestOf, parseSummary, summaryText } from './catalog-summary.js';
import { openObjectLayer } from './index.js';
import type { VersionRecord } from './meta.js';
import { driveCatalogDb } from './test-support/catalog-rows.js';
import { body, describeLayer } from './test-support/layer-suite.js';
import type { ObjectSummary } from './types.js';
import { summaryOf } from './versions.js';

/**
 * A plain listing (ListObjects) reads each key's summary from the catalogs instead of its document:
 * it must report what the documents say, survive a catalog written before summaries, and treat a
 * damaged summary as a missing copy.
 */

const OWNER = { id: 'a'.repeat(64), name: 'someone' };

function withCatalogs<T>(dir: string, drives: number, fn: (db: DatabaseSync) => T): T[] {
  const out: T[] = [];
  for (let i = 1; i <= drives; i++) {
    const db = driveCatalogDb(path.join(dir, `drive${i}`));
    try {
      out.push(fn(db));
    } finally {
      db.close();
    }
  }
  return out;
}

describe('catalog summaries', () => {
  const v = (over: Partial<VersionRecord>): VersionRecord => ({
    versionId: 'null',
    deleteMarker: false,
    size: 12,
    etag: 'e',
    mtime: 1_764_000_000_123,
    contentType: 'text/plain',
    sys: {},
    user: {},
    tags: {},
    retention: null,
    legalHold: false,
    parts: null,
    dataDir: null,
    inline: false,
    ec: null,
    ...over,
  });

  it('read back exactly what the version records say, for every kind of latest version', () => {
    const cases: VersionRecord[][] = [
      [],
      [v({})],
      [v({ deleteMarker: true }), v({})],
      [v({ etag: '0123456789abcdef0123456789abcdef-3', size: 3 * 5 * 1024 * 1024 })],
      [v({ storageClass: 'REDUCED_REDUNDANCY' })],
      [v({ sys: { 'x-amz-storage-class': 'COLDTIER' }, storageClass: 'REDUCED_REDUNDANCY' })],
      [v({ acl: { owner: OWNER, grants: [] } })],
      [v({ etag: 'odd\tetag\nwith "tabs"' })],
      [v({ size: 0, mtime: 0 })],
    ];
    for (const versions of cases) {
      const text = summaryText(versions);
      expect(text).not.toBeNull();
      expect(parseSummary(text as string)).toEqual(latestOf(versions));
    }
    expect(latestOf([v({ sys: { 'x-amz-storage-class': 'COLDTIER' } })])?.storageClass).toBe('COLDTIER');
  });

  it('is left out when a field other than the ETag holds a tab (the listing parses the document)', () => {
    expect(summaryText([v({ acl: { owner: { id: 'x', name: 'a\tb' }, grants: [] } })])).toBeNull();
    expect(summaryText([v({ acl: { owner: { id: '', name: 'n' }, grants: [] } })])).toBeNull();
  });
});

describeLayer((t) => {
  /** Every page of the plain listing from summaries, and the same from the documents. */
  async function both(opts: { prefix?: string; delimiter?: string; maxKeys?: number }) {
    const pages: { summaries: unknown[]; documents: unknown[] } = { summaries: [], documents: [] };
    let after: string | undefined;
    for (;;) {
      const s = await t.layer.listObjectSummaries('bkt', { ...opts, ...(after ? { after } : {}) });
      const d = await t.layer.listObjects('bkt', { ...opts, ...(after ? { after } : {}) });
      pages.summaries.push(s);
      pages.documents.push({ ...d, objects: d.objects.map(summaryOf) });
      if (!s.isTruncated) break;
      after = s.nextAfter as string;
    }
    return pages;
  }

  it('lists from the summaries what the documents say: sizes, ETags, dates, classes, owners', async () => {
    const { layer, put } = t;
    await layer.makeBucket('bkt');
    await layer.setBucketVersioning('bkt', 'Enabled');
    const small = await put('d/small', 'hello');
    const large = await put('d/large', Buffer.alloc(5000, 7));
    await put('d/over', 'first');
    const over = await put('d/over', 'second, longer');
    await put('d/hidden', 'x');
    await layer.deleteObject('bkt', 'd/hidden');
    await put('d/back', 'x');
    await layer.deleteObject('bkt', 'd/back');
    const back = await put('d/back', 'again');
    const rrs = await layer.putObject('bkt', 'e/rrs', body('r'), {
      size: 1,
      storageClass: 'REDUCED_REDUNDANCY',
    });
    const owned = await layer.putObject('bkt', 'e/owned', body('o'), {
      size: 1,
      acl: { owner: OWNER, grants: [] },
    });
    await put('f/a/1', 'x');
    await put('f/b/1', 'x');
    await layer.deleteObject('bkt', 'f/b/1');

    const page = await layer.listObjectSummaries('bkt', {});
    const want = (i: { key: string; size: number; etag: string; lastModified: Date }): ObjectSummary => ({
      key: i.key,
      size: i.size,
      etag: i.etag,
      lastModified: i.lastModified,
      storageClass: 'STANDARD',
      owner: null,
    });
    expect(page.objects).toEqual([
      want(back),
      want(large),
      want(over),
      want(small),
      { ...want(owned), owner: OWNER },
      { ...want(rrs), storageClass: 'REDUCED_REDUNDANCY' },
      {
        key: 'f/a/1',
        size: 1,
        etag: expect.any(String),
        lastModified: expect.any(Date),
        storageClass: 'STANDARD',
        owner: null,
      },
    ]);
    expect(over.size).toBe(14);
    for (const opts of [
      {},
      { delimiter: '/' },
      { prefix: 'f/', delimiter: '/' },
      { maxKeys: 2 },
      { prefix: 'd/', maxKeys: 1 },
    ]) {
      const p = await both(opts);
      expect(p.summaries).toEqual(p.documents);
    }
    expect((await layer.listObjectSummaries('bkt', { prefix: 'f/', delimiter: '/' })).commonPrefixes).toEqual(
      ['f/a/'],
    );
  });

  it('opens a catalog written before summaries: the columns are added and filled from the documents', async () => {
    const { layer, put } = t;
    await layer.makeBucket('bkt');
    const infos = [await put('k1', 'one'), await put('k2', Buffer.alloc(3000, 1)), await put('k3', 'three')];
    await layer.deleteObject('bkt', 'k3');
    await layer.close();
    // The schema of the build before summaries.
    const cols = withCatalogs(t.dir, t.drives, (db) => {
      db.exec('ALTER TABLE objects DROP COLUMN summary; ALTER TABLE objects DROP COLUMN ssum');
      return (db.prepare('PRAGMA table_info(objects)').all() as { name: string }[]).map((c) => c.name);
    });
    expect(cols[0]).toEqual(['bucket', 'key', 'gen', 'doc', 'sum']);

    t.layer = await openObjectLayer({ dataDir: t.dir, drives: t.drives, blockSize: 4096, inlineLimit: 1024 });
    const filled = withCatalogs(t.dir, t.drives, (db) =>
      db.prepare('SELECT count(*) AS n FROM objects WHERE summary IS NOT NULL AND ssum IS NOT NULL').get(),
    );
    expect(filled.map((r) => (r as { n: number }).n)).toEqual(new Array(t.drives).fill(2));
    const page = await t.layer.listObjectSummaries('bkt', {});
    expect(page.objects.map((o) => [o.key, o.size, o.etag, o.lastModified.getTime()])).toEqual(
      infos.slice(0, 2).map((i) => [i.key, i.size, i.etag, i.lastModified.getTime()]),
    );
    // Written after the migration: summaries as usual.
    await t.put('k4', 'four');
    expect((await t.layer.listObjectSummaries('bkt', {})).objects.map((o) => [o.key, o.size])).toEqual([
      ['k1', 3],
      ['k2', 3000],
      ['k4', 4],
    ]);
  });

  it('treats a summary changed behind its checksum as a missing copy: the documents decide', async () => {
    const { layer, put } = t;
    await layer.makeBucket('bkt');
    await put('a', 'abcde');
    await put('b', 'xyz');
    // Every drive's summary of `a` now claims 9 bytes; their CRC-32s still match the 5-byte text.
    const changed = withCatalogs(t.dir, t.drives, (db) =>
      Number(
        db
          .prepare("UPDATE objects SET summary = replace(summary, 'L\t5\t', 'L\t9\t') WHERE key = ?")
          .run(Buffer.from('a')).changes,
      ),
    );
    expect(changed).toEqual(new Array(t.drives).fill(1));
    const page = await layer.listObjectSummaries('bkt', {});
    expect(page.objects.map((o) => [o.key, o.size])).toEqual([
      ['a', 5],
      ['b', 3],
    ]);
    // A row that lost its summary (NULL) is listed from its document.
    withCatalogs(t.dir, t.drives, (db) => db.exec('UPDATE objects SET summary = NULL, ssum = NULL'));
    expect((await layer.listObjectSummaries('bkt', {})).objects.map((o) => [o.key, o.size])).toEqual([
      ['a', 5],
      ['b', 3],
    ]);
  });
});
