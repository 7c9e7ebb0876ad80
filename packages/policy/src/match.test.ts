// SPDX-License-Identifier: Apache-2.0
import { isIPv6 } from 'node:net';
import { describe, expect, it } from 'vitest';
import { cidrContains, compileCidrs, parseIPv6 } from './ip.js';
import { wildcardMatch } from './wildcard.js';

describe('wildcards', () => {
  it.each([
    ['*', '', true],
    ['a*c', 'abbbc', true],
    ['a?c', 'abc', true],
    ['a?c', 'ac', false],
    ['b/p*', 'b/p/x/y', true],
    ['b/p*', 'b/q', false],
    ['*/secret/*', 'b/team/secret/x', true],
  ])('%s matches %s → %s', (p, t, want) => {
    expect(wildcardMatch(p, t)).toBe(want);
  });
  it('treats a * in the pattern as a wildcard also where the text has a literal *', () => {
    expect(wildcardMatch('b/*', 'b/*x')).toBe(true);
    expect(wildcardMatch('a*c', 'a*xc')).toBe(true);
    expect(wildcardMatch('a?c', 'a*c')).toBe(true);
  });
  it('backtracks over several stars', () => {
    expect(wildcardMatch('a*b*c', 'axxbyyc')).toBe(true);
    expect(wildcardMatch('a*b*c', 'axxbyy')).toBe(false);
    expect(wildcardMatch('s3:Get*', 's3:PutObject')).toBe(false);
  });
});

describe('CIDR matching', () => {
  it.each([
    ['10.0.0.0/8', '10.255.1.2', true],
    ['10.0.0.0/8', '11.0.0.1', false],
    ['192.168.1.7', '192.168.1.7', true],
    ['0.0.0.0/0', '8.8.8.8', true],
    ['10.0.0.0/8', '::ffff:10.1.1.1', true],
    ['2001:db8::/32', '2001:db8:ffff::1', true],
    ['2001:db8::/32', '2001:db9::1', false],
    ['64:ff9b::/96', '64:ff9b::1.2.3.4', true],
    ['::1/128', '::1', true],
    ['10.0.0.0/8', 'not-an-ip', false],
  ])('%s contains %s → %s', (cidr, ip, want) => {
    const set = compileCidrs([cidr]);
    if (typeof set === 'string') throw new Error(set);
    expect(cidrContains(set, ip)).toBe(want);
  });
  it('rejects bad CIDRs', () => {
    expect(compileCidrs(['10.0.0.0/33'])).toMatch(/prefix length/);
    expect(compileCidrs(['300.1.1.1'])).toMatch(/not an IP/);
    expect(compileCidrs(['01.1.1.1'])).toMatch(/not an IP/);
  });
  it('accepts exactly the IPv6 addresses node:net does', () => {
    const samples = [
      '::',
      '::1',
      '1::',
      '2001:db8::1',
      '2001:db8:0:0:0:0:0:1',
      'fe80::1%eth0',
      '::ffff:1.2.3.4',
      '64:ff9b::1.2.3.4',
      '1:2:3:4:5:6:7:8',
      '1:2:3:4:5:6:7:8:9',
      '1::2::3',
      '12345::',
      ':1',
      '1:',
      'g::1',
      '::ffff:1.2.3',
      '::ffff:256.1.1.1',
      '1.2.3.4',
      '',
      '::%',
    ];
    for (const s of samples) expect(parseIPv6(s) !== null, s).toBe(isIPv6(s));
  });
});
