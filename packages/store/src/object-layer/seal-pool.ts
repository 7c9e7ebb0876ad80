// SPDX-License-Identifier: Apache-2.0
import * as nodeCrypto from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { s3Error } from '../core/errors.js';

/**
 * The AES-256-GCM work of encrypted object data (encryption.ts), a batch of 64 KiB packages per call:
 * `sealPackages` turns plaintext into stored packages (ciphertext | tag each), `openPackages` back.
 * Batches of several packages run on a small pool of worker threads (the buffers are transferred,
 * not copied), so sealing chunk N+1 overlaps the erasure coding and writes of chunk N on the main
 * thread; smaller batches, and any batch when workers cannot start, run in place. The two functions
 * are the only crypto code: the workers run their source (they use their parameters only).
 */

/** Packages (64 KiB each) below which a batch is sealed or opened in place (a round trip costs more). */
const MIN_POOLED_PACKAGES = 4;

type Crypto = Pick<typeof nodeCrypto, 'createCipheriv' | 'createDecipheriv' | 'createSecretKey'>;

/**
 * Seals `plain` as packages `seq`, `seq + 1`, …; `final`: its last package is the part's last. Package
 * i is nonce = its sequence number, additional data = 1 for the final package, else 0.
 */
export function sealPackages(
  crypto: Crypto,
  key: Buffer,
  seq: number,
  final: boolean,
  plain: Buffer,
  into?: ArrayBuffer,
): Buffer {
  const P = 65536;
  const count = Math.ceil(plain.length / P);
  const size = plain.length + 16 * count;
  // `into`: memory of an earlier batch's output to write this one to (no fresh 1 MiB allocation).
  const out = into && into.byteLength >= size ? Buffer.from(into, 0, size) : Buffer.allocUnsafeSlow(size);
  const nonce = Buffer.alloc(12);
  // One key object for the batch: a raw key would be imported again for every package.
  const k = crypto.createSecretKey(key);
  let o = 0;
  for (let i = 0; i < count; i++) {
    nonce.writeUInt32BE(seq + i, 8);
    const c = crypto.createCipheriv('aes-256-gcm', k, nonce);
    c.setAAD(Buffer.from([final && i === count - 1 ? 1 : 0]));
    o += c.update(plain.subarray(i * P, Math.min((i + 1) * P, plain.length))).copy(out, o);
    c.final();
    o += c.getAuthTag().copy(out, o);
  }
  return out;
}

/**
 * Opens whole stored packages `seq`, `seq + 1`, … of a part whose last package is `lastSeq`; throws
 * when one fails authentication (damaged, reordered, cut off or under another key). The plaintext is
 * written over `sealed` itself (package i's plaintext goes where packages ≤ i were, already read) and
 * returned as its start: no fresh batch memory per call.
 */
export function openPackages(
  crypto: Crypto,
  key: Buffer,
  seq: number,
  lastSeq: number,
  sealed: Buffer,
): Buffer {
  const S = 65536 + 16;
  const count = Math.ceil(sealed.length / S);
  const nonce = Buffer.alloc(12);
  const k = crypto.createSecretKey(key);
  let o = 0;
  for (let i = 0; i < count; i++) {
    const pkg = sealed.subarray(i * S, Math.min((i + 1) * S, sealed.length));
    nonce.writeUInt32BE(seq + i, 8);
    const d = crypto.createDecipheriv('aes-256-gcm', k, nonce);
    d.setAAD(Buffer.from([seq + i === lastSeq ? 1 : 0]));
    d.setAuthTag(pkg.subarray(pkg.length - 16));
    const plain = d.update(pkg.subarray(0, pkg.length - 16));
    // Authenticated before a byte of it is written anywhere.
    d.final();
    o += plain.copy(sealed, o);
  }
  return sealed.subarray(0, o);
}

const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const crypto = require('node:crypto');
const sealPackages = ${sealPackages.toString()};
const openPackages = ${openPackages.toString()};
parentPort.on('message', (m) => {
  let out;
  try {
    const input = Buffer.from(m.buf, m.off, m.len);
    const key = Buffer.from(m.key);
    out = m.op === 's' ? sealPackages(crypto, key, m.seq, m.last, input, m.into) : openPackages(crypto, key, m.seq, m.last, input);
  } catch {
    parentPort.postMessage({ id: m.id, failed: true });
    return;
  }
  // Opening writes over its input: the same memory goes back as the output.
  const back = out.buffer === m.buf ? undefined : m.buf;
  parentPort.postMessage({ id: m.id, buf: out.buffer, off: out.byteOffset, len: out.length, back }, back ? [out.buffer, back] : [out.buffer]);
});
`;

interface Reply {
  id: number;
  failed?: boolean;
  buf?: ArrayBuffer;
  off?: number;
  len?: number;
  /** A sealing input's memory, handed back for the next batch (opening returns its input as `buf`). */
  back?: ArrayBuffer;
}

/**
 * Memory of batches handed back (sealing inputs by the workers, opened batches once sent), reused by
 * `batchBuffer` (at most SPARE of them).
 */
const spare: ArrayBuffer[] = [];
const SPARE = 16;

/** Capacity of a sealed batch's memory (16 packages with their tags). */
export const SEALED_BATCH = 16 * (65536 + 16);

function spareOf(capacity: number): ArrayBuffer | undefined {
  const i = spare.findIndex((b) => b.byteLength === capacity);
  return i >= 0 ? spare.splice(i, 1)[0] : undefined;
}

/**
 * A buffer of `size` bytes for a batch's input, on memory handed back (`spare`) when there is some of
 * that capacity (`capacity` ≥ size: every batch of a stream asks for the same capacity).
 */
export function batchBuffer(size: number, capacity: number): Buffer {
  return Buffer.from(spareOf(capacity) ?? new ArrayBuffer(capacity), 0, size);
}

/** Gives back a sealed batch its consumer is done with (copied out): the next one is written to it. */
export function recycleSealed(sealed: Buffer): void {
  if (sealed.buffer instanceof ArrayBuffer) reuseBatchMemory(sealed.buffer);
}

/** Gives back the memory of a batch (e.g. an opened one, once sent): the next batch is read into it. */
export function reuseBatchMemory(memory: ArrayBuffer): void {
  if (memory.byteLength === SEALED_BATCH && spare.length < SPARE) spare.push(memory);
}

interface Job {
  resolve: (b: Buffer) => void;
  reject: (e: Error) => void;
  op: 's' | 'o';
}

function authFailure(): Error {
  return s3Error('InternalError', {}, 'An encrypted package of the object failed authentication.');
}

class SealPool {
  readonly #workers: (Worker | null)[];
  readonly #busy: number[];
  readonly #jobs = new Map<number, Job & { worker: number }>();
  #next = 1;

  constructor(size: number) {
    this.#workers = new Array(size).fill(null);
    this.#busy = new Array(size).fill(0);
  }

  #worker(i: number): Worker {
    const existing = this.#workers[i];
    if (existing) return existing;
    const w = new Worker(WORKER_SOURCE, { eval: true });
    w.unref();
    w.on('message', (m: Reply) => {
      const job = this.#jobs.get(m.id);
      if (!job) return;
      this.#jobs.delete(m.id);
      this.#busy[i] = (this.#busy[i] ?? 1) - 1;
      if (m.back && spare.length < SPARE) spare.push(m.back);
      if (m.failed || !m.buf) job.reject(job.op === 'o' ? authFailure() : new Error('sealing failed'));
      else job.resolve(Buffer.from(m.buf, m.off, m.len));
    });
    const fail = (err: Error): void => {
      if (this.#workers[i] === w) this.#workers[i] = null;
      this.#busy[i] = 0;
      for (const [id, job] of this.#jobs) {
        if (job.worker !== i) continue;
        this.#jobs.delete(id);
        job.reject(err);
      }
    };
    w.on('error', fail);
    w.on('exit', () => fail(new Error('the encryption worker exited')));
    this.#workers[i] = w;
    return w;
  }

  /** Runs one batch on the least busy worker; `input` (owned by the caller) is transferred to it. */
  run(op: 's' | 'o', key: Buffer, seq: number, last: boolean | number, input: Buffer): Promise<Buffer> {
    let i = 0;
    for (let j = 1; j < this.#busy.length; j++) if ((this.#busy[j] ?? 0) < (this.#busy[i] ?? 0)) i = j;
    const w = this.#worker(i);
    const id = this.#next++;
    this.#busy[i] = (this.#busy[i] ?? 0) + 1;
    return new Promise<Buffer>((resolve, reject) => {
      this.#jobs.set(id, { resolve, reject, op, worker: i });
      // The key as a 32-byte array of its own: a view into Node's buffer pool would clone the whole pool.
      const into = op === 's' ? spareOf(SEALED_BATCH) : undefined;
      const message = {
        id,
        op,
        key: new Uint8Array(key),
        seq,
        last,
        buf: input.buffer,
        off: input.byteOffset,
        len: input.length,
        into,
      };
      w.postMessage(message, into ? [input.buffer as ArrayBuffer, into] : [input.buffer as ArrayBuffer]);
    });
  }
}

let pool: SealPool | null = null;

function pooled(packages: number, input: Buffer): SealPool | null {
  // Only whole, unshared buffers can be handed over (Buffer.allocUnsafe of ≥ 4 KiB owns its memory).
  if (packages < MIN_POOLED_PACKAGES || input.buffer instanceof SharedArrayBuffer) return null;
  pool ??= new SealPool(Math.min(4, Math.max(2, availableParallelism() - 1)));
  return pool;
}

/** Seals a batch (see sealPackages); `plain` must be owned by the caller and is not usable after. */
export async function sealBatch(key: Buffer, seq: number, final: boolean, plain: Buffer): Promise<Buffer> {
  const p = pooled(Math.ceil(plain.length / 65536), plain);
  if (p) return p.run('s', key, seq, final, plain);
  return sealPackages(nodeCrypto, key, seq, final, plain);
}

/** Opens a batch (see openPackages); `sealed` must be owned by the caller and is not usable after. */
export async function openBatch(key: Buffer, seq: number, lastSeq: number, sealed: Buffer): Promise<Buffer> {
  const p = pooled(Math.ceil(sealed.length / (65536 + 16)), sealed);
  if (p) return p.run('o', key, seq, lastSeq, sealed);
  try {
    return openPackages(nodeCrypto, key, seq, lastSeq, sealed);
  } catch {
    throw authFailure();
  }
}
