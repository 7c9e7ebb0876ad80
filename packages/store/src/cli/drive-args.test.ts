// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { expandEllipses, parseDriveArgs, parseSize } from './drive-args.js';

describe('drive arguments (MinIO ellipses)', () => {
  it('expands a range, padding when a bound has a leading zero', () => {
    expect(expandEllipses('/d{1...3}')).toEqual(['/d1', '/d2', '/d3']);
    expect(expandEllipses('/d{08...10}')).toEqual(['/d08', '/d09', '/d10']);
    expect(expandEllipses('/d{1...010}')).toHaveLength(10);
    expect(expandEllipses('/d{1...010}')[0]).toBe('/d001');
  });

  it('expands several ranges in one argument, the first varying fastest', () => {
    expect(expandEllipses('/m{1...2}/d{1...2}x')).toEqual(['/m1/d1x', '/m2/d1x', '/m1/d2x', '/m2/d2x']);
  });

  it('makes each ellipsis argument a pool, and plain arguments together one pool', () => {
    const pools = parseDriveArgs(['/a/d{1...4}', '/b/d{1...6}'], '/');
    expect(pools.map((p) => p.drives.length)).toEqual([4, 6]);
    expect(pools[1]?.drives[5]).toEqual({ path: '/b/d6' });
    expect(pools.map((p) => p.cmdline)).toEqual(['/a/d{1...4}', '/b/d{1...6}']);
    const one = parseDriveArgs(['rel/x', '/abs/y'], '/work');
    expect(one).toEqual([{ cmdline: 'rel/x /abs/y', drives: [{ path: '/work/rel/x' }, { path: '/abs/y' }] }]);
    expect(parseDriveArgs(['/only'], '/')).toEqual([{ cmdline: '/only', drives: [{ path: '/only' }] }]);
  });

  it('reads sizes with binary and decimal units', () => {
    expect(parseSize('2Mi', 'x')).toBe(2 * 1024 * 1024);
    expect(parseSize('1.5Gi', 'x')).toBe(1.5 * 2 ** 30);
    expect(parseSize('100G', 'x')).toBe(100e9);
    expect(parseSize('4096', 'x')).toBe(4096);
    expect(() => parseSize('0', 'x')).toThrow(/bad size "0"/);
    expect(() => parseSize('5mi', 'x')).toThrow(/bad size "5mi"/);
    const [pool] = parseDriveArgs(['/v/d{1...4}:2Mi'], '/');
    expect(pool?.drives.map((d) => d.capacity)).toEqual([2 ** 21, 2 ** 21, 2 ** 21, 2 ** 21]);
  });
});
