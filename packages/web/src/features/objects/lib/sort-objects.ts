// SPDX-License-Identifier: Apache-2.0
import type { ObjectItem } from '@stowage/contracts';
import { entryName, isFolder } from './object-paths';

export type SortField = 'name' | 'last_modified' | 'size' | 'deleted';
export type SortDirection = 'asc' | 'desc';
export interface SortState {
  field: SortField;
  direction: SortDirection;
}

/** Search Objects: case-insensitive "contains" on the name shown in the row (the last segment). */
export function filterObjects(items: readonly ObjectItem[], search: string): readonly ObjectItem[] {
  const needle = search.trim().toLowerCase();
  if (needle === '') return items;
  return items.filter((o) => entryName(o.name).toLowerCase().includes(needle));
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

function compareField(a: ObjectItem, b: ObjectItem, field: SortField): number {
  switch (field) {
    case 'name':
      return collator.compare(entryName(a.name), entryName(b.name)) || (a.name < b.name ? -1 : 1);
    case 'size':
      return (a.size ?? 0) - (b.size ?? 0);
    case 'last_modified':
      return Date.parse(a.last_modified ?? '') - Date.parse(b.last_modified ?? '') || 0;
    case 'deleted':
      return Number(a.delete_flag ?? false) - Number(b.delete_flag ?? false);
  }
}

/**
 * Sorted rows: folders always stay above objects (they have no size or date) and are ordered by name;
 * objects by the field, ties broken by name. `undefined` keeps the server's order.
 */
export function sortObjects(
  items: readonly ObjectItem[],
  sort: SortState | undefined,
): readonly ObjectItem[] {
  if (!sort) return items;
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...items].sort((a, b) => {
    const fa = isFolder(a.name);
    const fb = isFolder(b.name);
    if (fa !== fb) return fa ? -1 : 1;
    const field = fa ? 'name' : sort.field;
    const primary = compareField(a, b, field);
    if (primary !== 0) return sign * primary;
    return sign * compareField(a, b, 'name');
  });
}

/** Clicking a column header: a new column sorts ascending, the same column flips the direction. */
export function nextSort(current: SortState | undefined, field: SortField): SortState {
  if (current?.field === field) return { field, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { field, direction: 'asc' };
}

/**
 * The note under the toolbar when a sort or search covers only the loaded pages of a long listing
 * (issue 7: "say in the UI when a sort covers only the loaded part"); undefined when it covers everything.
 */
export function partialNote(opts: {
  sorted: boolean;
  searching: boolean;
  loaded: number;
  complete: boolean;
}): string | undefined {
  if (opts.complete || (!opts.sorted && !opts.searching)) return undefined;
  const n = opts.loaded.toLocaleString('en-US');
  const what = opts.sorted && opts.searching ? 'Sorted and searched' : opts.sorted ? 'Sorted' : 'Searched';
  return `${what} within the ${n} loaded items; more load as you scroll.`;
}
