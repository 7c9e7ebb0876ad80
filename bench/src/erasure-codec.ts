// SPDX-License-Identifier: Apache-2.0
/**
 * Reed–Solomon codec choice for the embedded store, by measurement: our pure-TypeScript GF(2^8) codec
 * (64 KiB product table, one lookup + XOR per byte) against `@digitaldefiance/reed-solomon-erasure.wasm`
 * (Rust reed-solomon-erasure compiled to WASM). Native addons are out (they would be built for another
 * Node). Also times the bitrot hash candidates on the same shard sizes. Prints MiB/s of object data and
 * the ratio TS / WASM for each geometry.
 *
 * Run alone: `node bench/dist/erasure-codec.js` after `npm run build` (or via bench/dist/run.js).
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { crc32 } from 'node:zlib';
import { ReedSolomonErasure } from '@digitaldefiance/reed-solomon-erasure.wasm';
import { bitrotSum, initBitrot, ReedSolomon } from '@stowage/store/object-layer';

const MiB = 1024 * 1024;
const BLOCK = MiB;
const SECONDS = Number(process.env.BENCH_CODEC_SECONDS ?? 1);

/** Run `fn` repeatedly for about SECONDS; return bytes/s given bytes per call. */
function rate(bytesPerCall: number, fn: () => void): number {
  for (let i = 0; i < 3; i++) fn();
  let calls = 0;
  const start = process.hrtime.bigint();
  let elapsed = 0;
  while (elapsed < SECONDS) {
    for (let i = 0; i < 8; i++) fn();
    calls += 8;
    elapsed = Number(process.hrtime.bigint() - start) / 1e9;
  }
  return (calls * bytesPerCall) / elapsed;
}

const fmt = (bps: number): string =>
  Number.isNaN(bps) ? '     fails   ' : `${(bps / MiB).toFixed(0).padStart(6)} MiB/s`;

export interface CodecFigures {
  geometry: string;
  tsEncode: number;
  wasmEncode: number;
  tsDecode: number;
  wasmDecode: number;
  /** The store's codec with its WebAssembly SIMD kernel (gf-simd.wat); `ts*` are its TypeScript loops. */
  simdEncode: number;
  simdDecode: number;
}

export async function runErasureCodec(): Promise<CodecFigures[]> {
  // The package's own loader trips over ESM + __dirname in Node 24; load the bytes ourselves.
  const wasmFile = createRequire(import.meta.url).resolve('@digitaldefiance/reed-solomon-erasure.wasm/wasm');
  const wasmBytes = readFileSync(wasmFile);
  // A fresh instance per measurement: a failed call leaves the module's allocator corrupted.
  const freshWasm = (): ReedSolomonErasure => ReedSolomonErasure.fromBytes(wasmBytes);
  /** Measure, or NaN (printed as "fails") when the library throws, e.g. out-of-bounds memory access. */
  const attempt = (what: string, fn: () => number): number => {
    try {
      return fn();
    } catch (err) {
      failures.push(`${what}: ${(err as Error).message}`);
      return Number.NaN;
    }
  };
  const failures: string[] = [];
  const out: CodecFigures[] = [];
  console.log(
    `\nReed–Solomon codec, ${BLOCK / MiB} MiB blocks (MiB/s of object data; decode = m data shards lost)`,
  );
  console.log(
    'geometry   TS encode        WASM encode      TS decode        WASM decode      TS/WASM enc  dec    SIMD encode      SIMD decode',
  );
  for (const [k, m] of [
    [2, 2],
    [2, 1],
    [4, 4],
    [6, 2],
    [12, 4],
  ] as const) {
    const shardLen = Math.ceil(BLOCK / k);
    const data = randomBytes(shardLen * k);
    const dataShards = Array.from({ length: k }, (_, i) => data.subarray(i * shardLen, (i + 1) * shardLen));
    const parity = Array.from({ length: m }, () => new Uint8Array(shardLen));
    const ts = new ReedSolomon(k, m, { simd: false });
    const tsEncode = rate(BLOCK, () => ts.encode(dataShards, parity, shardLen));
    const simd = new ReedSolomon(k, m);
    const simdEncode = rate(BLOCK, () => simd.encode(dataShards, parity, shardLen));

    const contiguous = new Uint8Array(shardLen * (k + m));
    contiguous.set(data);
    const wasmEncode = attempt(`WASM encode ${k}+${m}`, () => {
      const wasm = freshWasm();
      return rate(BLOCK, () => {
        const r = wasm.encode(contiguous, k, m);
        if (r !== ReedSolomonErasure.RESULT_OK) throw new Error(`wasm encode: ${r}`);
      });
    });
    // Both must agree on being a valid code: check round trips (not equality of parity — the
    // matrices differ).
    ts.encode(dataShards, parity, shardLen);
    const lost = Array.from({ length: Math.min(m, k) }, (_, i) => i);
    const tsDecode = rate(BLOCK, () => {
      const shards: (Uint8Array | null)[] = [...dataShards, ...parity];
      for (const i of lost) shards[i] = null;
      ts.reconstructData(shards, shardLen);
    });
    const simdDecode = rate(BLOCK, () => {
      const shards: (Uint8Array | null)[] = [...dataShards, ...parity];
      for (const i of lost) shards[i] = null;
      simd.reconstructData(shards, shardLen);
    });
    const check: (Uint8Array | null)[] = [...dataShards, ...parity];
    for (const i of lost) check[i] = null;
    ts.reconstructData(check, shardLen);
    for (let i = 0; i < k; i++) {
      if (!Buffer.from(check[i] as Uint8Array).equals(dataShards[i] as Buffer))
        throw new Error('TS decode mismatch');
    }
    const avail = Array.from({ length: k + m }, (_, i) => !lost.includes(i));
    const work = new Uint8Array(contiguous.length);
    const wasmDecode = attempt(`WASM reconstruct ${k}+${m}`, () => {
      const wasm = freshWasm();
      wasm.encode(contiguous, k, m);
      const r = rate(BLOCK, () => {
        work.set(contiguous);
        for (const i of lost) work.fill(0, i * shardLen, (i + 1) * shardLen);
        const res = wasm.reconstruct(work, k, m, avail);
        if (res !== ReedSolomonErasure.RESULT_OK) throw new Error(`wasm reconstruct: ${res}`);
      });
      if (!Buffer.from(work.subarray(0, data.length)).equals(data)) throw new Error('WASM decode mismatch');
      return r;
    });
    const f = { geometry: `${k}+${m}`, tsEncode, wasmEncode, tsDecode, wasmDecode, simdEncode, simdDecode };
    out.push(f);
    console.log(
      `${f.geometry.padEnd(8)} ${fmt(tsEncode)}   ${fmt(wasmEncode)}   ${fmt(tsDecode)}   ${fmt(wasmDecode)}   ${(tsEncode / wasmEncode).toFixed(2).padStart(5)}×  ${(tsDecode / wasmDecode).toFixed(2).padStart(5)}×  ${fmt(simdEncode)}   ${fmt(simdDecode)}`,
    );
  }

  for (const f of failures) console.log(`  ${f}`);
  await initBitrot();
  const shard = randomBytes(512 * 1024);
  console.log('\nBitrot checksum over 512 KiB shard blocks');
  const hashes: [string, () => void][] = [
    ['xxh64 (hash-wasm) [chosen]', () => bitrotSum(shard)],
    ['crc32 (node:zlib)', () => crc32(shard)],
    ['sha256 (node:crypto)', () => createHash('sha256').update(shard).digest()],
    ['md5 (node:crypto, ETag)', () => createHash('md5').update(shard).digest()],
  ];
  for (const [name, fn] of hashes) console.log(`${name.padEnd(28)} ${fmt(rate(shard.length, fn))}`);
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runErasureCodec();
