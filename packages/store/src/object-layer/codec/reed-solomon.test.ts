// SPDX-License-Identifier: Apache-2.0
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ReedSolomon } from './reed-solomon.js';

function subsets(n: number, r: number): number[][] {
  if (r === 0) return [[]];
  if (n < r) return [];
  const withLast = subsets(n - 1, r - 1).map((s) => [...s, n - 1]);
  return [...subsets(n - 1, r), ...withLast];
}

describe('ReedSolomon', () => {
  for (const [k, m] of [
    [1, 0],
    [1, 1],
    [2, 1],
    [2, 2],
    [3, 2],
    [4, 4],
    [5, 3],
  ] as const) {
    it(`${k}+${m}: rebuilds the data from any ${k} shards`, () => {
      const rs = new ReedSolomon(k, m);
      const len = 1031;
      const data = Array.from({ length: k }, () => randomBytes(len));
      const parity = Array.from({ length: m }, () => new Uint8Array(len));
      rs.encode(data, parity, len);
      const all = [...data, ...parity];
      // Every way of losing m shards.
      for (const lost of subsets(k + m, m)) {
        const shards: (Uint8Array | null)[] = all.map((s, i) =>
          lost.includes(i) ? null : Uint8Array.from(s),
        );
        rs.reconstructData(shards, len);
        for (let i = 0; i < k; i++)
          expect(Buffer.from(shards[i] as Uint8Array).equals(data[i] as Buffer)).toBe(true);
      }
    });
  }

  it('refuses to rebuild from fewer than k shards', () => {
    const rs = new ReedSolomon(2, 2);
    const shards: (Uint8Array | null)[] = [null, null, null, new Uint8Array(4)];
    expect(() => rs.reconstructData(shards, 4)).toThrow(/too few/);
  });

  it('parity differs when any data byte changes', () => {
    const rs = new ReedSolomon(2, 2);
    const a = randomBytes(64);
    const b = Buffer.from(a);
    b[10] = (b[10] as number) ^ 1;
    const pa = [new Uint8Array(32), new Uint8Array(32)];
    const pb = [new Uint8Array(32), new Uint8Array(32)];
    rs.encode([a.subarray(0, 32), a.subarray(32)], pa, 32);
    rs.encode([b.subarray(0, 32), b.subarray(32)], pb, 32);
    expect(Buffer.from(pa[0] as Uint8Array).equals(Buffer.from(pb[0] as Uint8Array))).toBe(false);
    expect(Buffer.from(pa[1] as Uint8Array).equals(Buffer.from(pb[1] as Uint8Array))).toBe(false);
  });
});
