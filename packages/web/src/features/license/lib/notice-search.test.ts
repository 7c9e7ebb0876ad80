// SPDX-License-Identifier: Apache-2.0
import type { ThirdPartyNotice } from '@stowage/contracts';
import { describe, expect, it } from 'vitest';
import { filterNotices, licenseCounts } from './notice-search';

const n = (name: string, version: string, license: string): ThirdPartyNotice => ({
  name,
  version,
  license,
  text: `${name} licence`,
});
const notices = [
  n('react', '19.3.1', 'MIT'),
  n('fastify', '5.12.8', 'MIT'),
  n('zod', '4.6.7', 'MIT'),
  n('tslib', '2.8.1', '0BSD'),
  n('@azure/storage-blob', '12.32.0', 'MIT'),
  n('long', '5.3.2', 'Apache-2.0'),
];

describe('third-party notice search', () => {
  it('keeps every notice for an empty search', () => {
    expect(filterNotices(notices, '  ')).toHaveLength(notices.length);
  });

  it('matches every word against name, version and licence, ignoring case', () => {
    expect(filterNotices(notices, 'REACT').map((x) => x.name)).toEqual(['react']);
    expect(filterNotices(notices, 'apache').map((x) => x.name)).toEqual(['long']);
    expect(filterNotices(notices, 'mit azure').map((x) => x.name)).toEqual(['@azure/storage-blob']);
    expect(filterNotices(notices, '5.12')).toHaveLength(1);
    expect(filterNotices(notices, 'gpl')).toEqual([]);
  });

  it('counts the packages per licence, most used first', () => {
    expect(licenseCounts(notices)).toEqual([
      { license: 'MIT', count: 4 },
      { license: '0BSD', count: 1 },
      { license: 'Apache-2.0', count: 1 },
    ]);
  });
});
