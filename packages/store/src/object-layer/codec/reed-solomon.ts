// SPDX-License-Identifier: Apache-2.0
/**
 * Systematic Reed–Solomon erasure code over GF(2^8) (polynomial 0x11d), pure TypeScript.
 *
 * The encoding matrix is the identity on top of a Cauchy matrix (x_i = k + i, y_j = j), so every k×k
 * sub-matrix is invertible: any k of the k+m shards rebuild the data. The hot loop runs in WebAssembly
 * SIMD where available (gf-simd.wat: two nibble tables per coefficient, `i8x16.swizzle`); the
 * TypeScript loops here (a full 64 KiB product table, per-coefficient 16-bit tables with 32-bit words,
 * two lookups per word) are the fallback and the tests' oracle. See packages/store/docs/erasure.md.
 */
import { type GfKernel, gfKernel, nibbleTables } from './gf-simd.js';

const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
(() => {
  let x = 1;
  for (let i = 0; i < 255; i++) {
    EXP[i] = x;
    LOG[x] = i;
    x <<= 1;
    if (x & 0x100) x ^= 0x11d;
  }
  for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255] as number;
})();

/** MUL[a * 256 + b] = a·b in GF(2^8). */
const MUL = new Uint8Array(65536);
(() => {
  for (let a = 1; a < 256; a++) {
    for (let b = 1; b < 256; b++) MUL[a * 256 + b] = EXP[(LOG[a] as number) + (LOG[b] as number)] as number;
  }
})();

function gfMul(a: number, b: number): number {
  return MUL[a * 256 + b] as number;
}

function gfInv(a: number): number {
  if (a === 0) throw new Error('GF(2^8): inverse of 0');
  return EXP[255 - (LOG[a] as number)] as number;
}

/** Invert a square matrix (rows of length n) by Gauss–Jordan elimination. */
function invert(matrix: number[][]): number[][] {
  const n = matrix.length;
  const a = matrix.map((row, i) => [...row, ...Array.from({ length: n }, (_, j) => (i === j ? 1 : 0))]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    while (pivot < n && (a[pivot] as number[])[col] === 0) pivot++;
    if (pivot === n) throw new Error('Reed–Solomon: singular matrix');
    [a[col], a[pivot]] = [a[pivot] as number[], a[col] as number[]];
    const row = a[col] as number[];
    const inv = gfInv(row[col] as number);
    for (let j = 0; j < 2 * n; j++) row[j] = gfMul(row[j] as number, inv);
    for (let r = 0; r < n; r++) {
      const other = a[r] as number[];
      const f = other[col] as number;
      if (r === col || f === 0) continue;
      for (let j = 0; j < 2 * n; j++) other[j] = (other[j] as number) ^ gfMul(f, row[j] as number);
    }
  }
  return a.map((row) => row.slice(n));
}

/**
 * 16-bit product tables: TABLE16[c][x] multiplies both bytes of the little-endian 16-bit word x by c,
 * so the hot loops do one lookup per two bytes. Built lazily (128 KiB each; a geometry uses k·m).
 */
const TABLE16 = new Map<number, Uint16Array>();

function table16(coef: number): Uint16Array {
  let t = TABLE16.get(coef);
  if (!t) {
    const row = MUL.subarray(coef * 256, coef * 256 + 256);
    t = new Uint16Array(65536);
    for (let hi = 0; hi < 256; hi++) {
      const h = (row[hi] as number) << 8;
      for (let lo = 0; lo < 256; lo++) t[(hi << 8) | lo] = h | (row[lo] as number);
    }
    TABLE16.set(coef, t);
  }
  return t;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

function view32(a: Uint8Array, words: number): Uint32Array {
  return new Uint32Array(a.buffer, a.byteOffset, words);
}

/** out = Σ coef[c] · inputs[c], over `len` bytes. */
function combine(coefs: number[], inputs: Uint8Array[], out: Uint8Array, len: number): void {
  const aligned =
    LITTLE_ENDIAN &&
    out.byteOffset % 4 === 0 &&
    inputs.every((a, c) => coefs[c] === 0 || a.byteOffset % 4 === 0);
  // 32-bit loads and stores, two 16-bit table lookups per word: measured ~2× the byte loop.
  const words = aligned ? len >> 2 : 0;
  if (words > 0) {
    const o = view32(out, words);
    const used = coefs.map((c, i) => [c, i] as const).filter(([c]) => c !== 0);
    if (used.length === 0) o.fill(0);
    else if (used.length === 2) {
      // The common case (2 data shards, as with 4 drives): one pass, no read-modify-write.
      const [[ca, ia], [cb, ib]] = used as [readonly [number, number], readonly [number, number]];
      const ta = table16(ca);
      const tb = table16(cb);
      const a = view32(inputs[ia] as Uint8Array, words);
      const b = view32(inputs[ib] as Uint8Array, words);
      for (let j = 0; j < words; j++) {
        const x = a[j] as number;
        const y = b[j] as number;
        o[j] =
          ((ta[x & 0xffff] as number) ^ (tb[y & 0xffff] as number)) |
          (((ta[x >>> 16] as number) ^ (tb[y >>> 16] as number)) << 16);
      }
    } else {
      used.forEach(([c, i], n) => {
        const t = table16(c);
        const a = view32(inputs[i] as Uint8Array, words);
        if (n === 0) {
          for (let j = 0; j < words; j++) {
            const x = a[j] as number;
            o[j] = (t[x & 0xffff] as number) | ((t[x >>> 16] as number) << 16);
          }
        } else {
          for (let j = 0; j < words; j++) {
            const x = a[j] as number;
            o[j] = (o[j] as number) ^ ((t[x & 0xffff] as number) | ((t[x >>> 16] as number) << 16));
          }
        }
      });
    }
  }
  // Bytes not covered by 32-bit words (the tail, or everything when unaligned).
  const from = words * 4;
  if (from >= len) return;
  let first = true;
  for (let c = 0; c < coefs.length; c++) {
    const coef = coefs[c] as number;
    if (coef === 0) continue;
    const src = inputs[c] as Uint8Array;
    const t = MUL.subarray(coef * 256, coef * 256 + 256);
    if (first) for (let i = from; i < len; i++) out[i] = t[src[i] as number] as number;
    else for (let i = from; i < len; i++) out[i] = (out[i] as number) ^ (t[src[i] as number] as number);
    first = false;
  }
  if (first) out.fill(0, from, len);
}

export class ReedSolomon {
  readonly dataShards: number;
  readonly parityShards: number;
  /** Rows k..k+m-1 of the encoding matrix (the identity rows are implicit). */
  private readonly parityRows: number[][];
  private readonly decodeCache = new Map<string, number[][]>();
  private readonly kernel: GfKernel | null;
  private readonly encodeTables: Uint8Array | null;

  /** `simd: false` keeps to the TypeScript loops (the tests' oracle; the fallback without WASM SIMD). */
  constructor(dataShards: number, parityShards: number, opts: { simd?: boolean } = {}) {
    if (dataShards < 1 || parityShards < 0 || dataShards + parityShards > 256) {
      throw new Error(`Reed–Solomon: bad geometry ${dataShards}+${parityShards}`);
    }
    this.dataShards = dataShards;
    this.parityShards = parityShards;
    this.parityRows = Array.from({ length: parityShards }, (_, i) =>
      Array.from({ length: dataShards }, (_, j) => gfInv((dataShards + i) ^ j)),
    );
    this.kernel = opts.simd === false ? null : gfKernel();
    this.encodeTables = this.kernel && parityShards > 0 ? nibbleTables(this.parityRows, gfMul) : null;
  }

  /** Which loops run: WebAssembly SIMD or the TypeScript fallback. */
  get engine(): 'simd' | 'ts' {
    return this.kernel ? 'simd' : 'ts';
  }

  /** Row `shard` of the full (k+m)×k encoding matrix. */
  private row(shard: number): number[] {
    if (shard < this.dataShards)
      return Array.from({ length: this.dataShards }, (_, j) => (j === shard ? 1 : 0));
    return this.parityRows[shard - this.dataShards] as number[];
  }

  /** Fill `parity` (m buffers of `len` bytes) from `data` (k buffers of at least `len` bytes). */
  encode(data: Uint8Array[], parity: Uint8Array[], len: number): void {
    if (this.kernel && this.encodeTables) {
      this.kernel.combine(this.encodeTables, data.slice(0, this.dataShards), parity, len);
      return;
    }
    for (let p = 0; p < this.parityShards; p++) {
      combine(this.parityRows[p] as number[], data, parity[p] as Uint8Array, len);
    }
  }

  /**
   * Rebuild missing data shards in place. `shards` has k+m entries, null where missing; at least k
   * must be present. Only the data shards (0..k-1) are rebuilt — reads never need parity back.
   */
  reconstructData(shards: (Uint8Array | null)[], len: number): void {
    const k = this.dataShards;
    const missing: number[] = [];
    for (let i = 0; i < k; i++) if (!shards[i]) missing.push(i);
    if (missing.length === 0) return;
    const present: number[] = [];
    for (let i = 0; i < shards.length && present.length < k; i++) if (shards[i]) present.push(i);
    if (present.length < k) throw new Error('Reed–Solomon: too few shards to reconstruct');
    const cacheKey = present.join(',');
    let inverse = this.decodeCache.get(cacheKey);
    if (!inverse) {
      inverse = invert(present.map((s) => this.row(s)));
      if (this.decodeCache.size > 256) this.decodeCache.clear();
      this.decodeCache.set(cacheKey, inverse);
    }
    const inputs = present.map((s) => shards[s] as Uint8Array);
    if (this.kernel && len > 0) {
      const rows = missing.map((d) => inverse[d] as number[]);
      const outputs = missing.map(() => new Uint8Array(len));
      this.kernel.combine(nibbleTables(rows, gfMul), inputs, outputs, len);
      missing.forEach((d, i) => {
        shards[d] = outputs[i] as Uint8Array;
      });
      return;
    }
    for (const d of missing) {
      const out = new Uint8Array(len);
      combine(inverse[d] as number[], inputs, out, len);
      shards[d] = out;
    }
  }
}
