// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { allPagePaths, links, proxyBasePath } from './paths.js';

describe('paths', () => {
  it('finds the /api/proxy/<ns>/<tenant> base path and nothing else', () => {
    expect(proxyBasePath('/api/proxy/ns-1/tenant-a/buckets')).toBe('/api/proxy/ns-1/tenant-a');
    expect(proxyBasePath('/api/proxy/ns-1/tenant-a')).toBe('/api/proxy/ns-1/tenant-a');
    expect(proxyBasePath('/api/proxy/ns-1')).toBe('');
    expect(proxyBasePath('/buckets')).toBe('');
  });

  it('lists each page pattern once', () => {
    expect(new Set(allPagePaths).size).toBe(allPagePaths.length);
    expect(allPagePaths).toContain('/buckets');
    expect(allPagePaths).toContain('/account/change-password');
  });

  it('encodes names but keeps object path separators', () => {
    expect(links.bucketBrowse('b1', 'a dir/x#1.txt')).toBe('/buckets/b1/browse/a%20dir/x%231.txt');
    expect(links.bucketAdmin('b1')).toBe('/buckets/b1/admin/summary');
    expect(links.userDetails('cn=a,dc=b/c')).toBe('/users/cn%3Da%2Cdc%3Db/c');
  });
});
