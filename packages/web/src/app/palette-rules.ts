// SPDX-License-Identifier: Apache-2.0
import { links } from '@stowage/contracts';
import type { MenuSection } from './shell-rules';

/** One place the command palette can jump to. */
export interface PaletteEntry {
  key: string;
  label: string;
  /** What it is: the menu section of a page ('Page', 'Tools', 'Operator') or 'Bucket'. */
  kind: string;
  to: string;
}

/** The most entries the palette lists at once; typing narrows the rest down. */
export const paletteLimit = 50;

/**
 * The palette's entries: every page of the session's side menu (so never a page the session cannot open)
 * and, when the session may open bucket pages, each bucket's object browser by the bucket's name.
 */
export function paletteEntries(
  sections: readonly MenuSection<{ key: string; label: string; to?: string }>[],
  buckets: readonly string[],
): PaletteEntry[] {
  const pages = sections.flatMap((s) =>
    s.entries.flatMap((e) =>
      e.to === undefined ? [] : [{ key: `page:${e.key}`, label: e.label, kind: s.title ?? 'Page', to: e.to }],
    ),
  );
  const bucketEntries = buckets.map((b) => ({
    key: `bucket:${b}`,
    label: b,
    kind: 'Bucket',
    to: links.bucketBrowse(b),
  }));
  return [...pages, ...bucketEntries];
}

/**
 * The entries matching `query`: every word of it appears in the label (any case); labels that start with
 * the query come first, the rest keep their order. An empty query matches everything.
 */
export function filterPalette(entries: readonly PaletteEntry[], query: string): PaletteEntry[] {
  const q = query.trim().toLowerCase();
  if (q === '') return [...entries];
  const words = q.split(/\s+/);
  const matching = entries.filter((e) => {
    const label = e.label.toLowerCase();
    return words.every((w) => label.includes(w));
  });
  const starts = matching.filter((e) => e.label.toLowerCase().startsWith(q));
  return [...starts, ...matching.filter((e) => !e.label.toLowerCase().startsWith(q))];
}
