// SPDX-License-Identifier: Apache-2.0
import { GF_SIMD_WASM } from './gf-simd-wasm.js';

/**
 * The SIMD kernel of the Reed–Solomon codec (gf-simd.wat, assembled by scripts/assemble-wasm.mjs):
 * outputs[r] = Σ_c coef[r][c] · inputs[c] over GF(2^8), 16 bytes per pair of `i8x16.swizzle`s.
 * Shards are copied into the module's memory and the results copied out (a memcpy each, far cheaper
 * than the multiply). One instance per thread, used synchronously from start to finish of a call.
 */
export interface GfKernel {
  /** `tables` from `nibbleTables` for rows × inputs.length coefficients. */
  combine(tables: Uint8Array, inputs: Uint8Array[], outputs: Uint8Array[], len: number): void;
}

const SLOT_ALIGN = 64;
const PAGE = 65536;
const align = (n: number): number => Math.ceil(n / SLOT_ALIGN) * SLOT_ALIGN;

let kernel: GfKernel | null | undefined;

/** The part of the WebAssembly global used here (the store's TypeScript libraries do not declare it). */
interface WasmApi {
  validate(bytes: Uint8Array): boolean;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
}
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}

/** The kernel, or null where WebAssembly SIMD is unavailable (the pure-TypeScript loops are used then). */
export function gfKernel(): GfKernel | null {
  if (kernel !== undefined) return kernel;
  kernel = null;
  try {
    const wasm = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;
    const bytes = Buffer.from(GF_SIMD_WASM, 'base64');
    if (!wasm?.validate(bytes)) return null;
    const instance = new wasm.Instance(new wasm.Module(bytes), {});
    const memory = instance.exports.memory as WasmMemory;
    const run = instance.exports.combine as (
      tab: number,
      k: number,
      rows: number,
      input: number,
      stride: number,
      out: number,
      len: number,
    ) => void;
    kernel = {
      combine(tables, inputs, outputs, len) {
        if (len <= 0 || outputs.length === 0) return;
        const k = inputs.length;
        const stride = align(len);
        const input = align(tables.length);
        const out = input + k * stride;
        const need = out + outputs.length * stride;
        if (need > memory.buffer.byteLength) memory.grow(Math.ceil((need - memory.buffer.byteLength) / PAGE));
        const mem = new Uint8Array(memory.buffer);
        mem.set(tables, 0);
        for (let c = 0; c < k; c++) mem.set((inputs[c] as Uint8Array).subarray(0, len), input + c * stride);
        run(0, k, outputs.length, input, stride, out, len);
        for (let r = 0; r < outputs.length; r++) {
          (outputs[r] as Uint8Array).set(mem.subarray(out + r * stride, out + r * stride + len));
        }
      },
    };
  } catch {
    kernel = null;
  }
  return kernel;
}

/**
 * The kernel's tables for a coefficient matrix (rows of k): per coefficient c, c·i then c·(i << 4) for
 * i = 0..15, given `mul(a, b)` in GF(2^8).
 */
export function nibbleTables(rows: number[][], mul: (a: number, b: number) => number): Uint8Array {
  const k = rows[0]?.length ?? 0;
  const t = new Uint8Array(rows.length * k * 32);
  rows.forEach((row, r) => {
    row.forEach((coef, c) => {
      const at = (r * k + c) * 32;
      for (let i = 0; i < 16; i++) {
        t[at + i] = mul(coef, i);
        t[at + 16 + i] = mul(coef, i << 4);
      }
    });
  });
  return t;
}
