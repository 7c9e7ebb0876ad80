// SPDX-License-Identifier: Apache-2.0
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { crc32 } from 'node:zlib';
import { expect, it } from 'vitest';
import type { ErasureObjectLayer } from './index.js';
import { driveCatalogDb } from './test-support/catalog-rows.js';
import { describeLayer } from './test-support/layer-suite.js';

/**
 * A listing merges the scanned drives' rows by key, the keys read as text: its order must stay S3's
 * (UTF-8 bytes) where UTF-16 differs (a surrogate pair vs U+E000–U+FFFF), across pages and where the
 * drives' rows differ. Only the first scanned drive's rows carry summaries and documents: a key whose
 * first drive lacks the row, holds another generation or a damaged copy is listed from the quorum read.
 */

const byBytes = (a: string, b: string): number => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** Keys whose UTF-16 order differs from their UTF-8 order, around page sizes of the drives' scans. */
const KEYS: string[] = [];
for (const c of ['a', 'é', '\uD7FF', '\uE000', '\uFFFC', '\u{10000}', '\u{1F600}', '\u{10FFFF}']) {
  for (const tail of ['', 'x', '\uE001', '\u{1F601}']) KEYS.push(`k/${c}${tail}`);
}
KEYS.push('k/\u{1F600}/in', 'k/\uE000/in', 'k/\u{10000}/deep/in');
const SORTED = [...KEYS].sort(byBytes);

/** Run `fn` on drive `n`'s catalog (1-based). */
function onCatalog(dir: string, n: number, fn: (db: DatabaseSync) => void): void {
  const db = driveCatalogDb(path.join(dir, `drive${n}`));
  try {
    fn(db);
  } finally {
    db.close();
  }
}

/** Every page of a listing of `k/`, `maxKeys` at a time: keys, common prefixes and sizes in order. */
async function pages(layer: ErasureObjectLayer, maxKeys: number, delimiter = '') {
  const keys: string[] = [];
  const sizes: number[] = [];
  const prefixes: string[] = [];
  let after: string | undefined;
  for (;;) {
    const p = await layer.listObjectSummaries('bkt', {
      prefix: 'k/',
      maxKeys,
      ...(delimiter ? { delimiter } : {}),
      ...(after ? { after } : {}),
    });
    keys.push(...p.objects.map((o) => o.key));
    sizes.push(...p.objects.map((o) => o.size));
    prefixes.push(...p.commonPrefixes);
    if (!p.isTruncated) return { keys, sizes, prefixes };
    after = p.nextAfter as string;
  }
}

/** Every key of ListObjectVersions of `k/`, `maxKeys` versions a page. */
async function versionKeys(layer: ErasureObjectLayer, maxKeys: number): Promise<string[]> {
  const keys: string[] = [];
  let keyMarker: string | undefined;
  let versionIdMarker: string | undefined;
  for (;;) {
    const p = await layer.listObjectVersions('bkt', {
      prefix: 'k/',
      maxKeys,
      ...(keyMarker ? { keyMarker } : {}),
      ...(versionIdMarker ? { versionIdMarker } : {}),
    });
    keys.push(...p.versions.map((v) => v.key));
    if (!p.isTruncated) return keys;
    keyMarker = p.nextKeyMarker as string;
    versionIdMarker = p.nextVersionIdMarker as string;
  }
}

describeLayer((t) => {
  async function fill(): Promise<void> {
    await t.layer.makeBucket('bkt');
    // Each body's size tells its key apart (index + 1 bytes).
    for (const [i, k] of KEYS.entries()) await t.put(k, Buffer.alloc(i + 1, 1));
  }
  const sizeOf = (k: string): number => KEYS.indexOf(k) + 1;

  it("lists in UTF-8 byte order across pages, with astral and U+E000+ keys, in every listing's form", async () => {
    await fill();
    // The byte order is not UTF-16's here: the test would not notice a string compare otherwise.
    expect(SORTED).not.toEqual([...KEYS].sort());
    for (const maxKeys of [1000, 7, 1]) {
      const all = await pages(t.layer, maxKeys);
      expect(all.keys).toEqual(SORTED);
      expect(all.sizes).toEqual(SORTED.map(sizeOf));
    }
    const nested = SORTED.filter((k) => k.indexOf('/', 2) >= 0);
    const d = await pages(t.layer, 3, '/');
    expect(d.keys).toEqual(SORTED.filter((k) => !nested.includes(k)));
    expect(d.prefixes).toEqual(['k/\uE000/', 'k/\u{10000}/', 'k/\u{1F600}/']);
    expect((await t.layer.listObjects('bkt', { prefix: 'k/' })).objects.map((o) => o.key)).toEqual(SORTED);
    expect(await versionKeys(t.layer, 5)).toEqual(SORTED);
  });

  // With one drive a lost row is a lost key: this one needs the other drives' quorum.
  if (t.drives > 1)
    it('lists keys the first drive lacks, holds in another generation or holds damaged, from the quorum', async () => {
      await fill();
      const drop = (n: number, first: string): void =>
        onCatalog(t.dir, n, (db) => {
          const gone = db.prepare("DELETE FROM objects WHERE bucket = 'bkt' AND key = ?");
          for (const k of KEYS.filter((k) => k.startsWith(first))) gone.run(Buffer.from(k));
        });
      // The second drive lost the U+E000 keys' rows, the first the U+FFFC keys': the first drive's next
      // key is then astral while the second's is U+FFFC — before it in UTF-8, after it in UTF-16.
      drop(2, 'k/\uE000');
      drop(1, 'k/\uFFFC');
      onCatalog(t.dir, 1, (db) => {
        // A stale copy (another generation, intact, claiming 7 bytes) of one key.
        const stale = Buffer.from('k/ax');
        const r = db.prepare('SELECT gen, summary, doc FROM objects WHERE key = ?').get(stale) as Record<
          string,
          string
        >;
        const summary = (r.summary as string).replace('L\t2\t', 'L\t7\t');
        const doc = (r.doc as string)
          .replace('"size":2,', '"size":7,')
          .replace(`"gen":"${r.gen}"`, '"gen":"stale"');
        expect([summary, doc]).not.toEqual([r.summary, r.doc]);
        db.prepare(
          "UPDATE objects SET gen = 'stale', summary = ?, ssum = ?, doc = ?, sum = ? WHERE key = ?",
        ).run(summary, crc32(summary), doc, crc32(doc), stale);
        // A damaged summary and document of another (changed behind their CRC-32s: 9 bytes, not 4).
        const key = Buffer.from('k/a\u{1F601}');
        db.prepare(
          "UPDATE objects SET summary = replace(summary, 'L\t4\t', 'L\t9\t'), doc = replace(doc, '\"size\":4,', '\"size\":9,') WHERE key = ?",
        ).run(key);
        const row = db.prepare('SELECT summary, doc FROM objects WHERE key = ?').get(key) as Record<
          string,
          string
        >;
        expect([row.summary?.slice(0, 4), row.doc?.includes('"size":9,')]).toEqual(['L\t9\t', true]);
      });
      expect(sizeOf('k/a\u{1F601}')).toBe(4);
      for (const maxKeys of [1000, 7, 1]) {
        const all = await pages(t.layer, maxKeys);
        expect(all.keys).toEqual(SORTED);
        expect(all.sizes).toEqual(SORTED.map(sizeOf));
      }
      const d = await pages(t.layer, 2, '/');
      expect(d.prefixes).toEqual(['k/\uE000/', 'k/\u{10000}/', 'k/\u{1F600}/']);
      const docs = await t.layer.listObjects('bkt', { prefix: 'k/' });
      expect(docs.objects.map((o) => [o.key, o.size])).toEqual(SORTED.map((k) => [k, sizeOf(k)]));
      expect(await versionKeys(t.layer, 4)).toEqual(SORTED);
    });
});
