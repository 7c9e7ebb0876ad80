// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { filterPalette, paletteEntries } from './palette-rules';

const sections = [
  {
    group: 'common' as const,
    title: null,
    entries: [
      { key: '/buckets', label: 'Buckets', to: '/buckets' },
      { key: '/users', label: 'Users', to: '/users' },
    ],
  },
  {
    group: 'tools' as const,
    title: 'Tools',
    entries: [
      { key: '/trace', label: 'Trace', to: '/trace' },
      { key: 'docs', label: 'Documentation', href: 'https://example.test' },
    ],
  },
];

describe('command palette entries', () => {
  it("lists the menu's pages (not its links out) and each bucket's browser", () => {
    const entries = paletteEntries(sections, ['photos', 'a b']);
    expect(entries.map((e) => [e.label, e.kind, e.to])).toEqual([
      ['Buckets', 'Page', '/buckets'],
      ['Users', 'Page', '/users'],
      ['Trace', 'Tools', '/trace'],
      ['photos', 'Bucket', '/buckets/photos/browse'],
      ['a b', 'Bucket', '/buckets/a%20b/browse'],
    ]);
  });

  it('matches every word in any case, labels that start with the query first', () => {
    const entries = paletteEntries(sections, ['logs-of-users', 'user-uploads']);
    expect(filterPalette(entries, 'US').map((e) => e.label)).toEqual([
      'Users',
      'user-uploads',
      'logs-of-users',
    ]);
    expect(filterPalette(entries, 'logs users').map((e) => e.label)).toEqual(['logs-of-users']);
    expect(filterPalette(entries, 'nothing')).toEqual([]);
    expect(filterPalette(entries, '  ')).toHaveLength(entries.length);
  });
});
