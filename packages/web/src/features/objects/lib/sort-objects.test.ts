// SPDX-License-Identifier: Apache-2.0
import type { ObjectItem } from '@stowage/contracts';
import { describe, expect, it } from 'vitest';
import { filterObjects, nextSort, partialNote, sortObjects } from './sort-objects';

const items: ObjectItem[] = [
  { name: 'p/zeta/' },
  { name: 'p/b10.txt', size: 5, last_modified: '2025-01-03T00:00:00Z' },
  { name: 'p/Alpha/' },
  { name: 'p/b2.txt', size: 50, last_modified: '2025-01-01T00:00:00Z', delete_flag: true },
  { name: 'p/a.jpg', size: 5, last_modified: '2025-01-02T00:00:00Z' },
];
const names = (list: readonly ObjectItem[]) => list.map((o) => o.name);

describe('listing search and sort (issue 7)', () => {
  it('searches the shown name, case-insensitively, not the folder path', () => {
    expect(names(filterObjects(items, 'ALPHA'))).toEqual(['p/Alpha/']);
    expect(names(filterObjects(items, 'p/'))).toEqual([]);
    expect(filterObjects(items, '  ')).toBe(items);
  });

  it('keeps the server order without a sort', () => {
    expect(sortObjects(items, undefined)).toBe(items);
  });

  it('sorts by name naturally, folders first, both directions', () => {
    expect(names(sortObjects(items, { field: 'name', direction: 'asc' }))).toEqual([
      'p/Alpha/',
      'p/zeta/',
      'p/a.jpg',
      'p/b2.txt',
      'p/b10.txt',
    ]);
    expect(names(sortObjects(items, { field: 'name', direction: 'desc' }))).toEqual([
      'p/zeta/',
      'p/Alpha/',
      'p/b10.txt',
      'p/b2.txt',
      'p/a.jpg',
    ]);
  });

  it('sorts objects by size and date with ties broken by name; folders stay on top', () => {
    expect(names(sortObjects(items, { field: 'size', direction: 'asc' }))).toEqual([
      'p/Alpha/',
      'p/zeta/',
      'p/a.jpg',
      'p/b10.txt',
      'p/b2.txt',
    ]);
    expect(names(sortObjects(items, { field: 'last_modified', direction: 'desc' })).slice(2)).toEqual([
      'p/b10.txt',
      'p/a.jpg',
      'p/b2.txt',
    ]);
    expect(names(sortObjects(items, { field: 'deleted', direction: 'desc' }))[2]).toBe('p/b2.txt');
  });

  it('flips the direction on the same header and starts ascending on a new one', () => {
    expect(nextSort(undefined, 'size')).toEqual({ field: 'size', direction: 'asc' });
    expect(nextSort({ field: 'size', direction: 'asc' }, 'size')).toEqual({
      field: 'size',
      direction: 'desc',
    });
    expect(nextSort({ field: 'size', direction: 'desc' }, 'name')).toEqual({
      field: 'name',
      direction: 'asc',
    });
  });

  it('says when a sort or search covers only the loaded part of the listing', () => {
    expect(partialNote({ sorted: true, searching: false, loaded: 2000, complete: true })).toBeUndefined();
    expect(partialNote({ sorted: false, searching: false, loaded: 2000, complete: false })).toBeUndefined();
    expect(partialNote({ sorted: true, searching: false, loaded: 2000, complete: false })).toMatch(
      /^Sorted within the 2,000 loaded items/,
    );
    expect(partialNote({ sorted: false, searching: true, loaded: 1000, complete: false })).toMatch(
      /^Searched within the 1,000 loaded items/,
    );
  });
});
