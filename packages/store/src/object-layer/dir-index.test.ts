import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DirCache, entryOfTail, listingDrives, readFolderIndex } from './dir-index.js';
import { Drive } from './drive.js';
import { encodeSegment } from './names.js';

/** Folder listings read from real folders: order, union across drives, commits during and after a read. */
describe('folder index', () => {
  let dir = '';
  let drives: Drive[] = [];
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'stowage-dirindex-'));
    drives = [0, 1, 2, 3].map((i) => new Drive(path.join(dir, `d${i}`), i, 4));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** Create the object `seg` (or the sub-folder `seg/`) in folder f of drive i. */
  const make = (i: number, tail: string) =>
    mkdir(path.join(dir, `d${i}`, 'b', 'f', entryOfTail(tail).name), { recursive: true });
  const utf8Sorted = (xs: string[]) => [...xs].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  const tails = (it: Iterable<{ tail: string }>) => [...it].map((e) => e.tail);

  it('merges the drives’ names in key order, once each, across many read chunks', async () => {
    const names = ['a', 'a/', 'a-b', 'b', '', '/', '.dot', '%pct', 'é', 'z\uFFFD', 'z\u{1F600}', 'k/'];
    for (let n = 0; n < 40; n++) names.push(`n${String(n).padStart(3, '0')}`);
    // Drive 0 lacks some names, drive 1 others (missed writes): the listing is their union.
    for (const [k, t] of names.entries()) {
      if (k % 3 !== 0) await make(0, t);
      if (k % 3 !== 1) await make(1, t);
    }
    const index = await readFolderIndex(drives.slice(0, 2), ['b', 'f'], 5);
    expect(index.size).toBe(names.length);
    expect(tails(index.from(''))).toEqual(utf8Sorted(names));
    // Names on disk decode back: objects are dot names, folders plain, with the segment encoding.
    expect([...index.names()]).toContain(`.${encodeSegment('.dot')}`);
    expect([...index.names()]).toContain(encodeSegment(''));
    // Seeking: from a tail, and the entry just before one.
    expect(tails(index.from('n038'))).toEqual(utf8Sorted(names).slice(utf8Sorted(names).indexOf('n038')));
    expect(index.before('b')?.tail).toBe('a/');
    expect(index.before('')).toBeNull();
    const missing = await readFolderIndex(drives.slice(2), ['b', 'f']);
    expect(missing.size).toBe(0);
  });

  it('lists the N − W + 1 drives that hold every acknowledged key, or all when a drive was wiped', () => {
    expect(listingDrives(drives, 3).map((d) => d.index)).toEqual([0, 1]);
    drives[0]!.state = 'offline';
    expect(listingDrives(drives, 3).map((d) => d.index)).toEqual([1, 2]);
    drives[3]!.formatted = true;
    expect(listingDrives(drives, 3).map((d) => d.index)).toEqual([1, 2, 3]);
  });

  it('names added during and after a read are listed; past the bound the folder is read again', async () => {
    for (const t of ['a', 'c', 'e']) await make(0, t);
    const cache = new DirCache(1 << 20, 60_000, 2);
    const r = cache.begin('b', 'b/f');
    const index = await readFolderIndex(drives.slice(0, 1), ['b', 'f']);
    cache.added('b/f', '.b'); // committed while the folder was being read
    cache.finish(r, index, 1);
    const cached = cache.get('b/f');
    expect(cached && tails(cached.from(''))).toEqual(['a', 'b', 'c', 'e']);
    // A walk in progress sees a name added after its position, not before it.
    const walk = cached!.from('');
    expect(walk.next().value?.tail).toBe('a');
    cache.added('b/f', '.d');
    cache.added('b/f', '.a'); // already listed: no change
    expect(tails(walk)).toEqual(['b', 'c', 'd', 'e']);
    cache.added('b/f', 'sub'); // a sub-folder: third name added since the read, over the bound of 2
    expect(cache.get('b/f')).toBeNull();
    // Removing the bucket forgets its folders, and a read across that is not kept.
    const r2 = cache.begin('b', 'b/f');
    cache.invalidate('b');
    cache.finish(r2, await readFolderIndex(drives.slice(0, 1), ['b', 'f']), 1);
    expect(cache.get('b/f')).toBeNull();
  });

  it('keeps no listing larger than its memory bound', async () => {
    for (let n = 0; n < 50; n++) await make(0, `key-${n}`);
    const cache = new DirCache(200);
    cache.finish(cache.begin('b', 'b/f'), await readFolderIndex(drives.slice(0, 1), ['b', 'f']), 1);
    expect(cache.get('b/f')).toBeNull();
    const roomy = new DirCache(1 << 20);
    roomy.finish(roomy.begin('b', 'b/f'), await readFolderIndex(drives.slice(0, 1), ['b', 'f']), 1);
    expect(roomy.get('b/f')?.size).toBe(50);
  });
});
