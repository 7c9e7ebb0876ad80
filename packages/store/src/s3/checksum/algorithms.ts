// SPDX-License-Identifier: Apache-2.0
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { createCRC32, createCRC64, type IHasher } from 'hash-wasm';
import type { ChecksumRecord } from '../../object-layer/types.js';

/**
 * S3's additional checksum algorithms (x-amz-checksum-*): CRC32 (zlib's), CRC32C (Castagnoli),
 * CRC64NVME, SHA1 and SHA256, their digest lengths, incremental hashers, and the CRC "combine" that
 * turns part CRCs into a whole-object CRC (full-object multipart checksums).
 */

export type ChecksumAlgorithm = ChecksumRecord['algo'];

export const ALGORITHMS: readonly ChecksumAlgorithm[] = ['CRC32', 'CRC32C', 'CRC64NVME', 'SHA1', 'SHA256'];

/** Digest bytes of each algorithm. */
export const DIGEST_BYTES: Record<ChecksumAlgorithm, number> = {
  CRC32: 4,
  CRC32C: 4,
  CRC64NVME: 8,
  SHA1: 20,
  SHA256: 32,
};

/** The request/response header of each algorithm (looked up on every write: not built each time). */
const HEADERS = Object.fromEntries(ALGORITHMS.map((a) => [a, `x-amz-checksum-${a.toLowerCase()}`])) as Record<
  ChecksumAlgorithm,
  string
>;

/** The request/response header of an algorithm: `x-amz-checksum-crc32`, … */
export function checksumHeader(algo: ChecksumAlgorithm): string {
  return HEADERS[algo];
}

/** The algorithm a header or API name names (case-insensitive), or undefined. */
export function algorithmNamed(name: string): ChecksumAlgorithm | undefined {
  const up = name.trim().toUpperCase();
  return ALGORITHMS.find((a) => a === up);
}

/** Reflected polynomials (CRC32C: Castagnoli; CRC64NVME: the NVMe spec's). */
const CRC32C_POLY = 0x82f63b78;
const CRC64NVME_POLY = '9a6c9329ac4bc9b5';

export interface Hasher {
  update(data: Buffer): void;
  /** The digest, big-endian bytes as S3 encodes them (base64 on the wire). */
  digest(): Buffer;
}

class Crc32Hasher implements Hasher {
  private value = 0;
  update(data: Buffer): void {
    this.value = crc32(data, this.value);
  }
  digest(): Buffer {
    const out = Buffer.alloc(4);
    out.writeUInt32BE(this.value >>> 0);
    return out;
  }
}

/**
 * Idle WASM hasher instances per algorithm: making one costs ~0.4 ms, re-initialising one ~nothing,
 * which matters on the small-PUT path (every PUT is CRC64NVME-hashed when it sends no checksum).
 */
const idle = new Map<string, IHasher[]>();
const IDLE_MAX = 32;

async function wasmHasher(name: string, make: () => Promise<IHasher>): Promise<WasmHasher> {
  return new WasmHasher(idle.get(name)?.pop() ?? (await make()), name);
}

class WasmHasher implements Hasher {
  private released = false;
  constructor(
    private readonly h: IHasher,
    private readonly name: string,
  ) {
    h.init();
  }
  update(data: Buffer): void {
    this.h.update(data);
  }
  /** Once only: the instance then goes back to the idle list for another request. */
  digest(): Buffer {
    if (this.released) throw new Error('checksum digest taken twice');
    this.released = true;
    const out = Buffer.from(this.h.digest('hex'), 'hex');
    const list = idle.get(this.name) ?? [];
    if (list.length < IDLE_MAX) list.push(this.h);
    idle.set(this.name, list);
    return out;
  }
}

class NodeHasher implements Hasher {
  private readonly h;
  constructor(name: 'sha1' | 'sha256') {
    this.h = createHash(name);
  }
  update(data: Buffer): void {
    this.h.update(data);
  }
  digest(): Buffer {
    return this.h.digest();
  }
}

const OFFLOADED_CRC64: { factory: 'createCRC64'; args: [string] } = {
  factory: 'createCRC64',
  args: [CRC64NVME_POLY],
};

/** CRC64NVME as a hash-wasm factory and its arguments, for the layer's hashing worker (BodyTap.offload). */
export function offloadedCrc64(): { factory: 'createCRC64'; args: [string] } {
  return OFFLOADED_CRC64;
}

/** A fresh incremental hasher for the algorithm. */
export async function createHasher(algo: ChecksumAlgorithm): Promise<Hasher> {
  switch (algo) {
    case 'CRC32':
      return new Crc32Hasher();
    case 'CRC32C':
      return wasmHasher(algo, () => createCRC32(CRC32C_POLY));
    case 'CRC64NVME':
      return wasmHasher(algo, () => createCRC64(CRC64NVME_POLY));
    case 'SHA1':
      return new NodeHasher('sha1');
    case 'SHA256':
      return new NodeHasher('sha256');
  }
}

/** One digest of a whole buffer, base64. */
export async function checksumOf(algo: ChecksumAlgorithm, data: Buffer): Promise<string> {
  const h = await createHasher(algo);
  h.update(data);
  return h.digest().toString('base64');
}

const POLY_BIG: Partial<Record<ChecksumAlgorithm, { poly: bigint; width: number }>> = {
  CRC32: { poly: 0xedb88320n, width: 32 },
  CRC32C: { poly: BigInt(CRC32C_POLY), width: 32 },
  CRC64NVME: { poly: BigInt(`0x${CRC64NVME_POLY}`), width: 64 },
};

/** Whether the algorithm is a CRC (full-object multipart checksums are CRCs only). */
export function isCrc(algo: ChecksumAlgorithm): boolean {
  return POLY_BIG[algo] !== undefined;
}

/** a(x)·b(x) mod p, in the reflected bit order the CRCs use (zlib's multmodp). */
function multModP(a: bigint, b: bigint, poly: bigint, width: number): bigint {
  let m = 1n << BigInt(width - 1);
  let p = 0n;
  let bb = b;
  for (;;) {
    if ((a & m) !== 0n) {
      p ^= bb;
      if ((a & (m - 1n)) === 0n) break;
    }
    m >>= 1n;
    bb = (bb & 1n) !== 0n ? (bb >> 1n) ^ poly : bb >> 1n;
  }
  return p;
}

/** x^(8·n) mod p: the operator that appends n zero bytes to a CRC register. */
function xPow8n(n: number, poly: bigint, width: number): bigint {
  let p = 1n << BigInt(width - 1);
  let sq = 1n << BigInt(width - 2); // x^1
  // Start at x^8: square x^1 three times.
  for (let i = 0; i < 3; i++) sq = multModP(sq, sq, poly, width);
  let k = BigInt(n);
  while (k > 0n) {
    if ((k & 1n) !== 0n) p = multModP(sq, p, poly, width);
    sq = multModP(sq, sq, poly, width);
    k >>= 1n;
  }
  return p;
}

/**
 * The CRC of A‖B from CRC(A), CRC(B) and B's length (zlib's crc32_combine, for any reflected CRC whose
 * initial value equals its final xor, as all three here do).
 */
export function combineCrc(algo: ChecksumAlgorithm, a: Buffer, b: Buffer, lengthB: number): Buffer {
  const spec = POLY_BIG[algo];
  if (!spec) throw new Error(`${algo} is not a CRC`);
  const { poly, width } = spec;
  const big = (x: Buffer): bigint => BigInt(`0x${x.toString('hex')}`);
  const out = multModP(xPow8n(lengthB, poly, width), big(a), poly, width) ^ big(b);
  return Buffer.from(out.toString(16).padStart(width / 4, '0'), 'hex');
}
