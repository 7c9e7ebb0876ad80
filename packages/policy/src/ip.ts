// SPDX-License-Identifier: Apache-2.0
/**
 * CIDR matching for IpAddress/NotIpAddress, in plain JS: node's BlockList re-parses the address on
 * every check (~2 µs), which would dominate the cost of authorizing a request.
 */
export interface CidrSet {
  v4: { net: number; mask: number }[];
  v6: { net: bigint; mask: bigint }[];
}

/** Dotted-quad IPv4 → uint32, or -1. */
export function parseIPv4(s: string): number {
  let value = 0;
  let part = 0;
  let digits = 0;
  let dots = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      if (digits > 0 && part === 0) return -1; // leading zero
      part = part * 10 + (c - 48);
      if (++digits > 3 || part > 255) return -1;
    } else if (c === 46 && digits > 0 && dots < 3) {
      value = value * 256 + part;
      part = 0;
      digits = 0;
      dots++;
    } else {
      return -1;
    }
  }
  if (dots !== 3 || digits === 0) return -1;
  return value * 256 + part;
}

const V4_SEG = '(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])';
const V4 = `(?:${V4_SEG}\\.){3}${V4_SEG}`;
const V6_SEG = '(?:[0-9a-fA-F]{1,4})';
/** The IPv6 grammar node's `net.isIPv6` uses (lib/internal/net.js), so this module needs no node: import. */
const IPV6_RE = new RegExp(
  '^(?:' +
    `(?:${V6_SEG}:){7}(?:${V6_SEG}|:)|` +
    `(?:${V6_SEG}:){6}(?:${V4}|:${V6_SEG}|:)|` +
    `(?:${V6_SEG}:){5}(?::${V4}|(?::${V6_SEG}){1,2}|:)|` +
    `(?:${V6_SEG}:){4}(?:(?::${V6_SEG}){0,1}:${V4}|(?::${V6_SEG}){1,3}|:)|` +
    `(?:${V6_SEG}:){3}(?:(?::${V6_SEG}){0,2}:${V4}|(?::${V6_SEG}){1,4}|:)|` +
    `(?:${V6_SEG}:){2}(?:(?::${V6_SEG}){0,3}:${V4}|(?::${V6_SEG}){1,5}|:)|` +
    `(?:${V6_SEG}:){1}(?:(?::${V6_SEG}){0,4}:${V4}|(?::${V6_SEG}){1,6}|:)|` +
    `(?::(?:(?::${V6_SEG}){0,5}:${V4}|(?::${V6_SEG}){1,7}|:))` +
    ')(?:%[0-9a-zA-Z-.:]{1,})?$',
);

/** IPv6 text → 128-bit bigint, or null (IPv4-mapped tails are accepted). */
export function parseIPv6(s: string): bigint | null {
  if (!IPV6_RE.test(s)) return null;
  let text = s;
  const zone = text.indexOf('%');
  if (zone !== -1) text = text.slice(0, zone);
  // An IPv4 tail (::ffff:1.2.3.4) becomes its two hex groups.
  const lastColon = text.lastIndexOf(':');
  const maybeV4 = text.slice(lastColon + 1);
  if (maybeV4.includes('.')) {
    const v4 = parseIPv4(maybeV4);
    if (v4 < 0) return null;
    text = `${text.slice(0, lastColon + 1)}${Math.floor(v4 / 65536).toString(16)}:${(v4 % 65536).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const parse = (p: string): number[] => (p === '' ? [] : p.split(':').map((h) => Number.parseInt(h, 16)));
  let groups: number[];
  if (rest === undefined) {
    groups = parse(head);
  } else {
    const a = parse(head);
    const b = parse(rest);
    groups = [...a, ...new Array(8 - a.length - b.length).fill(0), ...b];
  }
  if (groups.length !== 8) return null;
  let v = 0n;
  for (const g of groups) v = (v << 16n) | BigInt(g & 0xffff);
  return v;
}

/** Compiles "a.b.c.d/n" and "x::/n" entries; returns an error message for a bad one. */
export function compileCidrs(values: string[]): CidrSet | string {
  const out: CidrSet = { v4: [], v6: [] };
  for (const v of values) {
    const slash = v.indexOf('/');
    const addr = slash === -1 ? v : v.slice(0, slash);
    const bits = slash === -1 ? null : v.slice(slash + 1);
    if (bits !== null && !/^\d{1,3}$/.test(bits)) return `'${v}' has an invalid prefix length`;
    const v4 = parseIPv4(addr);
    if (v4 >= 0) {
      const n = bits === null ? 32 : Number(bits);
      if (n > 32) return `'${v}' has an invalid prefix length`;
      const mask = n === 0 ? 0 : (0xffffffff << (32 - n)) >>> 0;
      out.v4.push({ net: (v4 & mask) >>> 0, mask });
      continue;
    }
    const v6 = parseIPv6(addr);
    if (v6 === null) return `'${v}' is not an IP address or CIDR`;
    const n = bits === null ? 128 : Number(bits);
    if (n > 128) return `'${v}' has an invalid prefix length`;
    const mask = n === 0 ? 0n : ((1n << BigInt(n)) - 1n) << BigInt(128 - n);
    out.v6.push({ net: v6 & mask, mask });
  }
  return out;
}

/** Is `ip` (IPv4, IPv6, or IPv4-mapped IPv6) inside any of the ranges? */
export function cidrContains(set: CidrSet, ip: string): boolean {
  let text = ip;
  if (text.startsWith('::ffff:') && text.includes('.')) text = text.slice(7);
  const v4 = parseIPv4(text);
  if (v4 >= 0) {
    for (const r of set.v4) if ((v4 & r.mask) >>> 0 === r.net) return true;
    return false;
  }
  if (set.v6.length === 0) return false;
  const v6 = parseIPv6(text);
  if (v6 === null) return false;
  for (const r of set.v6) if ((v6 & r.mask) === r.net) return true;
  return false;
}
