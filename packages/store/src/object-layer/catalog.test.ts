// SPDX-License-Identifier: Apache-2.0
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Catalog, DOC, docIntact, GEN, KEY, KEY_END, SSUM, SUM, SUMMARY } from './catalog.js';
import { prefixEnd } from './catalog-scan.js';
import { openObjectLayer } from './index.js';
import type { MetaRow } from './meta.js';
import { compareKeys } from './names.js';
import { driveCatalogDb } from './test-support/catalog-rows.js';
import { describeLayer, readAll } from './test-support/layer-suite.js';

let dir: string;
let cat: Catalog;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'stowage-catalog-'));
  cat = new Catalog(dir, 'journal');
});
afterEach(async () => {
  cat.close();
  await rm(dir, { recursive: true, force: true });
});

const row = (gen: string, inline: string | null = null): MetaRow => ({
  gen,
  doc: `{"gen":"${gen}"}`,
  inline: inline === null ? null : Buffer.from(inline),
});
const keysOf = (from: string, inclusive: boolean, to: Buffer = KEY_END, limit = 100): string[] =>
  cat.scan('b', Buffer.from(from), inclusive, to, limit).map((r) => r[KEY]);

describe('Catalog', () => {
  it('is new until its legacy import is marked done, and keeps rows across a reopen', () => {
    expect(cat.open()).toBe(true);
    cat.apply([{ bucket: 'b', key: 'k', row: row('g1', 'blob') }]);
    cat.markImported();
    cat.close();
    const again = new Catalog(dir, 'journal');
    expect(again.open()).toBe(false);
    const r = again.read('b', 'k');
    expect([r?.doc, Buffer.from(r?.inline as Uint8Array).toString()]).toEqual(['{"gen":"g1"}', 'blob']);
    expect(again.read('b', 'other')).toBeUndefined();
    again.close();
  });

  it('upserts and deletes a batch in one transaction, per bucket', () => {
    cat.open();
    cat.apply([
      { bucket: 'b', key: 'a', row: row('1') },
      { bucket: 'b', key: 'b', row: row('1') },
      { bucket: 'c', key: 'a', row: row('9') },
    ]);
    cat.apply([
      { bucket: 'b', key: 'a', row: row('2') },
      { bucket: 'b', key: 'b', row: null },
    ]);
    expect(cat.scan('b', Buffer.alloc(0), true, KEY_END, 10).map((r) => [r[KEY], r[GEN]])).toEqual([
      ['a', '2'],
    ]);
    cat.deleteBucket('b');
    expect(keysOf('', true)).toEqual([]);
    expect(cat.read('c', 'a')?.doc).toBe('{"gen":"9"}');
  });

  it("scans in S3's key order (UTF-8 bytes), pages, and skips a prefix with one bound", () => {
    cat.open();
    // Keys whose UTF-16 order differs from their UTF-8 order (a surrogate pair vs U+FFFD), '/' and a max code point.
    const keys = ['a', 'a/b', 'a/c', 'a0', 'a\u{10FFFF}', 'a\u{10FFFF}z', 'b', '\u{1F600}', '\uFFFD', 'z/'];
    cat.apply(keys.map((k) => ({ bucket: 'b', key: k, row: row(k) })));
    const sorted = [...keys].sort(compareKeys);
    expect(keysOf('', true)).toEqual(sorted);
    expect(keysOf('a/b', true, KEY_END, 2)).toEqual(['a/b', 'a/c']);
    expect(keysOf('a/b', false, KEY_END, 2)).toEqual(['a/c', 'a0']);
    // Everything under a prefix, and the first key past it, whatever code point follows the prefix.
    expect(keysOf('a/', true, prefixEnd('a/'))).toEqual(['a/b', 'a/c']);
    expect(keysOf('a\u{10FFFF}', true, prefixEnd('a\u{10FFFF}'))).toEqual(['a\u{10FFFF}', 'a\u{10FFFF}z']);
    expect(cat.scan('b', prefixEnd('a'), true, KEY_END, 1).map((r) => r[KEY])).toEqual(['b']);
  });

  it('answers a row whose JSON changed behind its checksum as damaged (null), not as absent', () => {
    cat.open();
    cat.apply([{ bucket: 'b', key: 'k', row: row('1', 'blob') }]);
    const other = new DatabaseSync(cat.file);
    other.prepare(`UPDATE objects SET doc = '{"gen":"2"}' WHERE key = ?`).run(Buffer.from('k'));
    other.close();
    const r = cat.read('b', 'k');
    expect(r?.doc).toBeNull();
    expect(Buffer.from(r?.inline as Uint8Array).toString()).toBe('blob');
    const [scanned] = cat.scan('b', Buffer.alloc(0), true, KEY_END, 10);
    expect(docIntact(scanned?.[DOC] as string, scanned?.[SUM])).toBe(false);
  });

  it("keeps a row's listing summary: the writer's, or derived from the JSON when a row comes without one", () => {
    cat.open();
    const doc = (size: number): string =>
      JSON.stringify({ gen: 'g', versions: [{ deleteMarker: false, size, etag: 'e', mtime: 7, sys: {} }] });
    cat.apply([
      {
        bucket: 'b',
        key: 'given',
        row: { gen: 'g', doc: doc(1), inline: null, summary: 'L\t2\t7\t\t\t\te' },
      },
      // A journal record replayed, or a legacy import: no summary with the row.
      { bucket: 'b', key: 'replayed', row: { gen: 'g', doc: doc(3), inline: null } },
      { bucket: 'b', key: 'unsummarized', row: { gen: 'g', doc: doc(4), inline: null, summary: null } },
    ]);
    const rows = cat.scan('b', Buffer.alloc(0), true, KEY_END, 10, 'summaries');
    expect(rows.map((r) => [r[KEY], r[SUMMARY], r[DOC]])).toEqual([
      ['given', 'L\t2\t7\t\t\t\te', null],
      ['replayed', 'L\t3\t7\t\t\t\te', null],
      // Without a summary the scan hands over the document instead.
      ['unsummarized', null, doc(4)],
    ]);
    expect(rows.every((r) => r[SUMMARY] === null || docIntact(r[SUMMARY] as string, r[SSUM]))).toBe(true);
  });

  it('hands a usage scan the document only where the summary cannot tell every version', () => {
    cat.open();
    const version = (size: number, deleteMarker = false) => ({
      deleteMarker,
      size,
      etag: 'e',
      mtime: 7,
      sys: {},
    });
    const doc = (...versions: ReturnType<typeof version>[]): string => JSON.stringify({ gen: 'g', versions });
    const several = doc(version(0, true), version(5), version(3));
    cat.apply([
      { bucket: 'b', key: 'one', row: { gen: 'g', doc: doc(version(5)), inline: null } },
      { bucket: 'b', key: 'marker', row: { gen: 'g', doc: doc(version(0, true)), inline: null } },
      { bucket: 'b', key: 'several', row: { gen: 'g', doc: several, inline: null } },
      {
        bucket: 'b',
        key: 'unsummarized',
        row: { gen: 'g', doc: doc(version(4)), inline: null, summary: null },
      },
      // Not JSON (cannot happen short of damage): handed over, and the statement does not fail.
      {
        bucket: 'b',
        key: 'damaged',
        row: { gen: 'g', doc: '{"versions": [', inline: null, summary: 'E\t\t\t\t\t\t' },
      },
    ]);
    const rows = cat.scan('b', Buffer.alloc(0), true, KEY_END, 10, 'usage');
    expect(rows.map((r) => [r[KEY], r[SUMMARY]?.slice(0, 3) ?? null, r[DOC]])).toEqual([
      ['damaged', 'E\t\t', '{"versions": ['],
      ['marker', 'D\t\t', null],
      ['one', 'L\t5', null],
      ['several', 'D\t\t', several],
      ['unsummarized', null, doc(version(4))],
    ]);
    expect(rows.every((r) => r[DOC] === null || docIntact(r[DOC] as string, r[SUM]))).toBe(true);
  });

  it('notices that its file was removed or replaced (a drive folder wiped while the store runs)', async () => {
    cat.open();
    cat.apply([{ bucket: 'b', key: 'k', row: row('1') }]);
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    // A write checks at once; the connection is closed and the drive's health check reopens it.
    expect(() => cat.apply([{ bucket: 'b', key: 'k2', row: row('1') }])).toThrow(/removed or replaced/);
    expect(cat.isOpen).toBe(false);
    expect(cat.open()).toBe(true);
    expect(cat.read('b', 'k')).toBeUndefined();
  });
});

describe('a catalog written with the inline blobs in a WITHOUT ROWID table (the layout before the rowid one)', () => {
  const blobsSql = (db: DatabaseSync): string =>
    (db.prepare("SELECT sql FROM sqlite_schema WHERE name = 'inline_blobs'").get() as { sql: string }).sql;

  describeLayer((t) => {
    it('opens: its small objects read back bit-exact and their blobs are moved to a rowid table', async () => {
      await t.layer.makeBucket('bkt');
      // Inline (up to 1 KiB here, shards of 512 bytes at 2+2) and stored in shard files.
      const bodies = new Map<string, Buffer>([
        ['small', Buffer.from('one')],
        ['kilo', Buffer.alloc(1024, 7)],
        ['large', Buffer.alloc(9000, 3)],
        ['dir/\u{1F600}', Buffer.from('emoji')],
      ]);
      for (const [k, b] of bodies) await t.put(k, b);
      await t.put('gone', 'x');
      await t.layer.deleteObject('bkt', 'gone');
      await t.layer.close();
      const catalogs = (fn: (db: DatabaseSync) => void): void => {
        for (let i = 1; i <= t.drives; i++) {
          const db = driveCatalogDb(path.join(t.dir, `drive${i}`));
          try {
            fn(db);
          } finally {
            db.close();
          }
        }
      };
      catalogs((db) => {
        db.exec(`CREATE TABLE old (bucket TEXT NOT NULL, key BLOB NOT NULL, blob BLOB NOT NULL,
          PRIMARY KEY (bucket, key)) WITHOUT ROWID;
          INSERT INTO old SELECT bucket, key, blob FROM inline_blobs;
          DROP TABLE inline_blobs;
          ALTER TABLE old RENAME TO inline_blobs`);
        expect(blobsSql(db)).toMatch(/WITHOUT ROWID/);
        expect(db.prepare('SELECT count(*) AS n FROM inline_blobs').get()).toEqual({ n: 3 });
      });

      t.layer = await openObjectLayer({
        dataDir: t.dir,
        drives: t.drives,
        blockSize: 4096,
        inlineLimit: 1024,
      });
      for (const [k, b] of bodies) {
        const got = await t.layer.getObject('bkt', k);
        expect((await readAll(got.stream)).equals(b)).toBe(true);
      }
      catalogs((db) => {
        expect(blobsSql(db)).not.toMatch(/WITHOUT ROWID/);
        const names = db
          .prepare("SELECT name FROM sqlite_schema WHERE tbl_name = 'inline_blobs' ORDER BY name")
          .all();
        expect(names.map((r) => r.name)).toEqual(['inline_blobs', 'inline_blobs_key']);
        expect(db.prepare('SELECT count(*) AS n FROM inline_blobs').get()).toEqual({ n: 3 });
      });
      // Overwritten and removed after the migration, as usual.
      await t.put('small', 'two');
      await t.layer.deleteObject('bkt', 'kilo');
      expect((await readAll((await t.layer.getObject('bkt', 'small')).stream)).toString()).toBe('two');
      const page = await t.layer.listObjectSummaries('bkt', {});
      expect(page.objects.map((o) => o.key)).toEqual(['dir/\u{1F600}', 'large', 'small']);
      // One blob row per key still: the unique index keeps `OR REPLACE` a replacement.
      catalogs((db) => expect(db.prepare('SELECT count(*) AS n FROM inline_blobs').get()).toEqual({ n: 2 }));
    });
  });
});
