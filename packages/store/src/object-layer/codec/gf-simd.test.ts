// SPDX-License-Identifier: Apache-2.0
import { spawnSync } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ReedSolomon } from './reed-solomon.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

/** Every geometry the store can give a version: 1–32 drives, parity 0..N/2 (storage classes included). */
const GEOMETRIES: [number, number][] = [];
for (let n = 1; n <= 32; n++) for (let m = 0; m <= Math.floor(n / 2); m++) GEOMETRIES.push([n - m, m]);

function subsets(n: number, r: number): number[][] {
  if (r === 0) return [[]];
  if (n < r) return [];
  return [...subsets(n - 1, r), ...subsets(n - 1, r - 1).map((s) => [...s, n - 1])];
}

/** `count` distinct random k-subsets of 0..n-1 (or all of them when there are no more). */
function someSubsets(n: number, k: number, count: number): number[][] {
  const seen = new Map<string, number[]>();
  for (let tries = 0; seen.size < count && tries < count * 4; tries++) {
    const pick = Array.from({ length: n }, (_, i) => i)
      .sort(() => Math.random() - 0.5)
      .slice(0, k)
      .sort((a, b) => a - b);
    seen.set(pick.join(','), pick);
  }
  return [...seen.values()];
}

/** Shard lengths: tiny, not a multiple of the kernel's 64-byte step, a 1 MiB block's 2+2 shard. */
const LENGTHS = [1, 63, 64, 65, 1000 + randomInt(100)];

describe('Reed–Solomon with WebAssembly SIMD, against the TypeScript codec', () => {
  it('runs the SIMD kernel here (Node 24 has WebAssembly SIMD)', () => {
    expect(new ReedSolomon(2, 2).engine).toBe('simd');
    expect(new ReedSolomon(2, 2, { simd: false }).engine).toBe('ts');
  });

  it('encodes bit-exact parity for every geometry the store uses', () => {
    for (const [k, m] of GEOMETRIES) {
      const simd = new ReedSolomon(k, m);
      const ts = new ReedSolomon(k, m, { simd: false });
      for (const len of LENGTHS) {
        const data = Array.from({ length: k }, () => randomBytes(len));
        const a = Array.from({ length: m }, () => new Uint8Array(len));
        const b = Array.from({ length: m }, () => new Uint8Array(len));
        simd.encode(data, a, len);
        ts.encode(data, b, len);
        for (let p = 0; p < m; p++)
          expect(Buffer.from(a[p] as Uint8Array)).toEqual(Buffer.from(b[p] as Uint8Array));
      }
    }
  });

  it('encodes a full 1 MiB block (2+2, 512 KiB shards) into views of larger buffers', () => {
    const block = randomBytes(1 << 20);
    const data = [block.subarray(0, 1 << 19), block.subarray(1 << 19)];
    const len = 1 << 19;
    const a = [Buffer.alloc(len + 7).subarray(3, 3 + len), Buffer.alloc(len)];
    const b = [Buffer.alloc(len), Buffer.alloc(len)];
    new ReedSolomon(2, 2).encode(data, a, len);
    new ReedSolomon(2, 2, { simd: false }).encode(data, b, len);
    expect(a[0]?.equals(b[0] as Buffer)).toBe(true);
    expect(a[1]?.equals(b[1] as Buffer)).toBe(true);
  });

  it('rebuilds the data from every k-subset of shards (every subset up to 8 drives, 24 random ones above)', () => {
    for (const [k, m] of GEOMETRIES) {
      if (m === 0) continue;
      const n = k + m;
      const simd = new ReedSolomon(k, m);
      const len = 64 + randomInt(200);
      const data = Array.from({ length: k }, () => randomBytes(len));
      const parity = Array.from({ length: m }, () => new Uint8Array(len));
      new ReedSolomon(k, m, { simd: false }).encode(data, parity, len);
      const all = [...data, ...parity];
      for (const kept of n <= 8 ? subsets(n, k) : someSubsets(n, k, 24)) {
        const shards = all.map((s, i) => (kept.includes(i) ? Uint8Array.from(s) : null));
        simd.reconstructData(shards, len);
        for (let i = 0; i < k; i++)
          expect(Buffer.from(shards[i] as Uint8Array).equals(data[i] as Buffer)).toBe(true);
      }
    }
  });

  it('ships the assembly of gf-simd.wat (scripts/assemble-wasm.mjs --check)', () => {
    const r = spawnSync(process.execPath, [path.join(root, 'scripts', 'assemble-wasm.mjs'), '--check'], {
      encoding: 'utf8',
    });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});
