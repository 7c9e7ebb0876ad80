// SPDX-License-Identifier: Apache-2.0
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { walkTurn } from './listing.js';
import { describeLayer } from './test-support/layer-suite.js';

/** ListObjects: order, prefix, delimiter, markers and paging over changing folders. */
describeLayer((t) => {
  it('lists in key order with prefix, delimiter, after and maxKeys', async () => {
    const { layer, put } = t;
    await layer.makeBucket('bkt');
    const keys = [
      'a',
      'a/b',
      'a/c/d',
      'a-b',
      'a/',
      'b/x',
      'b/y/z',
      'c',
      '.hidden',
      '%pct',
      'a//b',
      'é',
      'z\u{1F600}',
      'z\uFFFD',
    ];
    for (const k of keys) await put(k, k);
    const sorted = [...keys].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)));
    const all = await layer.listObjects('bkt', {});
    expect(all.objects.map((o) => o.key)).toEqual(sorted);
    expect(all.isTruncated).toBe(false);

    const d = await layer.listObjects('bkt', { delimiter: '/' });
    expect(d.objects.map((o) => o.key)).toEqual([
      '%pct',
      '.hidden',
      'a',
      'a-b',
      'c',
      'z\uFFFD',
      'z\u{1F600}',
      'é',
    ]);
    expect(d.commonPrefixes).toEqual(['a/', 'b/']);

    const p = await layer.listObjects('bkt', { prefix: 'a/', delimiter: '/' });
    expect(p.objects.map((o) => o.key)).toEqual(['a/', 'a/b']);
    expect(p.commonPrefixes).toEqual(['a//', 'a/c/']);

    const partial = await layer.listObjects('bkt', { prefix: 'a' });
    expect(partial.objects.map((o) => o.key)).toEqual(['a', 'a-b', 'a/', 'a//b', 'a/b', 'a/c/d']);

    // Paging by maxKeys with `after` walks the same order without repeats.
    const seen: string[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await layer.listObjects('bkt', { maxKeys: 3, after });
      seen.push(...page.objects.map((o) => o.key));
      if (!page.isTruncated) break;
      after = page.nextAfter ?? undefined;
    }
    expect(seen).toEqual(sorted);

    // Paging with a delimiter: common prefixes are counted and not repeated.
    const seenD: string[] = [];
    after = undefined;
    for (;;) {
      const page = await layer.listObjects('bkt', { maxKeys: 2, after, delimiter: '/' });
      seenD.push(...page.commonPrefixes, ...page.objects.map((o) => o.key));
      if (!page.isTruncated) break;
      after = page.nextAfter ?? undefined;
    }
    expect(seenD.sort()).toEqual([...d.commonPrefixes, ...d.objects.map((o) => o.key)].sort());

    // Non-'/' delimiter.
    const dash = await layer.listObjects('bkt', { delimiter: '-' });
    expect(dash.commonPrefixes).toEqual(['a-']);

    // Deleting the only key under a prefix removes the prefix.
    await layer.deleteObject('bkt', 'b/y/z');
    await layer.deleteObject('bkt', 'b/x');
    expect((await layer.listObjects('bkt', { delimiter: '/' })).commonPrefixes).toEqual(['a/']);
  });

  it('listing pages see writes made between pages (cached folder listings stay exact)', async () => {
    const { layer, put } = t;
    await layer.makeBucket('bkt');
    for (let i = 0; i < 20; i += 2) await put(`p/k${String(i).padStart(2, '0')}`, 'x');
    const page1 = await layer.listObjects('bkt', { prefix: 'p/', maxKeys: 4 });
    expect(page1.objects.map((o) => o.key)).toEqual(['p/k00', 'p/k02', 'p/k04', 'p/k06']);
    await put('p/k07', 'new');
    await put('p/k15', 'new');
    await layer.deleteObject('bkt', 'p/k10');
    await put('p/sub/deep', 'new');
    const rest: string[] = [];
    let after = page1.nextAfter ?? undefined;
    for (;;) {
      const page = await layer.listObjects('bkt', { prefix: 'p/', maxKeys: 4, after });
      rest.push(...page.objects.map((o) => o.key));
      if (!page.isTruncated) break;
      after = page.nextAfter ?? undefined;
    }
    expect(rest).toEqual(['p/k07', 'p/k08', 'p/k12', 'p/k14', 'p/k15', 'p/k16', 'p/k18', 'p/sub/deep']);
    const d = await layer.listObjects('bkt', { prefix: 'p/', delimiter: '/', after: 'p/k16' });
    expect(d.objects.map((o) => o.key)).toEqual(['p/k18']);
    expect(d.commonPrefixes).toEqual(['p/sub/']);
  });

  it('a common prefix is listed only when something under it is visible, found on any drive', async () => {
    const { layer, put } = t;
    await layer.makeBucket('bkt');
    await layer.setBucketVersioning('bkt', 'Enabled');
    await put('m/only-marker', 'x');
    await layer.deleteObject('bkt', 'm/only-marker');
    await put('n/gone', 'x');
    await layer.deleteObject('bkt', 'n/gone');
    await put('n/deep/live', 'x');
    await put('o/x', 'x');
    await put('w/x', 'x');
    // The first drive lost w/ (e.g. replaced): the other drives still hold a read quorum of it.
    if (t.drives > 1) await rm(path.join(t.dir, 'drive1', 'bkt', 'w'), { recursive: true, force: true });
    const live = await layer.listObjects('bkt', { delimiter: '/' });
    expect(live.commonPrefixes).toEqual(['n/', 'o/', 'w/']);
    const all = await layer.listObjectVersions('bkt', { delimiter: '/' });
    expect(all.commonPrefixes).toEqual(['m/', 'n/', 'o/', 'w/']);
  });

  it('a scan over many hidden keys lets the event loop turn, and still finds what follows', async () => {
    const { layer, put } = t;
    await layer.makeBucket('bkt');
    await layer.setBucketVersioning('bkt', 'Enabled');
    const hidden = 96;
    for (let i = 0; i < hidden; i++) {
      const key = `h/${String(i).padStart(3, '0')}`;
      await put(key, 'x');
      await layer.deleteObject('bkt', key);
    }
    await put('h/zz', 'live');
    await put('i/x', 'live');
    const saved = walkTurn.keys;
    walkTurn.keys = 8;
    try {
      // Count the event loop's turns while each listing runs: a listing that held the loop for its
      // whole scan would let none through.
      const turnsDuring = async <R>(run: () => Promise<R>): Promise<[R, number]> => {
        let turns = 0;
        let done = false;
        const tick = (): void => {
          if (done) return;
          turns++;
          setImmediate(tick);
        };
        setImmediate(tick);
        const r = await run();
        done = true;
        return [r, turns];
      };
      const [plain, plainTurns] = await turnsDuring(() => layer.listObjects('bkt', { prefix: 'h/' }));
      expect(plain.objects.map((o) => o.key)).toEqual(['h/zz']);
      expect(plainTurns).toBeGreaterThanOrEqual(hidden / 8 - 1);
      const [byDir, dirTurns] = await turnsDuring(() => layer.listObjects('bkt', { delimiter: '/' }));
      expect(byDir.commonPrefixes).toEqual(['h/', 'i/']);
      expect(dirTurns).toBeGreaterThanOrEqual(hidden / 8 - 1);
    } finally {
      walkTurn.keys = saved;
    }
  });
});
