// SPDX-License-Identifier: Apache-2.0
import { createHash, type Hash, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * MD5 (the S3 ETag) of large uploads computed on a worker thread, so it runs in parallel with the
 * erasure coding and checksums on the main thread (MD5 measured ~400–650 MiB/s here, about the cost
 * of encoding a 2+2 block). Small bodies are hashed in place: a round trip would cost more.
 *
 * Blocks travel through a small SharedArrayBuffer ring per upload (copied in, hashed in place,
 * slot handed back by an ack), so no per-block garbage piles up in either thread and memory stays
 * bounded (SLOTS blocks per upload). The worker is plain JavaScript (no build step) and unref'd.
 */

/** Blocks a session may have in flight to the worker before the writer waits. */
const SLOTS = 4;

// Each session's work runs in order on a promise chain: a session with an extra hasher (hash-wasm,
// instantiated asynchronously; idle instances are kept) starts hashing once it exists. A session whose
// extra hasher cannot be made answers its digest with an error rather than without it.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const sessions = new Map();
const idle = new Map();
const extraHasher = async (x) => {
  const name = x.factory + ':' + x.args.join(',');
  const list = idle.get(name) ?? [];
  idle.set(name, list);
  const h = list.pop() ?? (await require(workerData.hashWasm)[x.factory](...x.args));
  h.init();
  return { h, release: () => { if (list.length < 8) list.push(h); } };
};
parentPort.on('message', (m) => {
  if (m.t === 's') {
    const s = { h: createHash('md5'), sab: m.sab, size: m.size, x: null, err: null, q: Promise.resolve() };
    if (m.x) s.q = extraHasher(m.x).then((x) => { s.x = x; }, (e) => { s.err = String(e); });
    sessions.set(m.id, s);
  } else if (m.t === 'u') {
    const s = sessions.get(m.id);
    const ack = () => parentPort.postMessage({ id: m.id, slot: m.slot });
    if (!s) return ack();
    s.q = s.q.then(() => {
      const v = new Uint8Array(s.sab, m.slot * s.size, m.len);
      s.h.update(v);
      if (s.x) s.x.h.update(v);
      ack();
    });
  } else if (m.t === 'd') {
    const s = sessions.get(m.id);
    sessions.delete(m.id);
    if (!s) return parentPort.postMessage({ id: m.id, d: createHash('md5').digest() });
    s.q.then(() => {
      if (s.err) return parentPort.postMessage({ id: m.id, e: s.err });
      const x = s.x ? Buffer.from(s.x.h.digest('binary')) : undefined;
      s.x?.release();
      parentPort.postMessage({ id: m.id, d: s.h.digest(), x });
    });
  } else if (m.t === 'x') {
    const s = sessions.get(m.id);
    sessions.delete(m.id);
    s?.q.then(() => s.x?.release());
  }
});
`;

/** A hash-wasm hasher the worker runs beside the MD5 (BodyTap.offload). */
export interface ExtraHash {
  factory: string;
  args: string[];
}

export interface Md5Session {
  /** Add the next bytes; after the first block, call only once `ready()` has resolved. */
  update(data: Uint8Array): void;
  /** Resolves when the session can take another block (bounded memory). */
  ready(): Promise<void>;
  digest(): Promise<Buffer>;
  /** Drop the session (failed upload). */
  abort(): void;
  /**
   * Only on a session opened with an extra hasher that runs it: its digest, once `digest()` has
   * resolved. A session without it leaves the extra hash to the caller.
   */
  extraDigest?(): Buffer;
}

/** In-thread session (also the fallback when the worker is unavailable). */
export function localMd5(): Md5Session {
  const h: Hash = createHash('md5');
  return {
    update: (d) => {
      h.update(d);
    },
    ready: async () => undefined,
    digest: async () => h.digest(),
    abort: () => undefined,
  };
}

interface SessionState {
  free: boolean[];
  waiters: (() => void)[];
  digest?: { resolve: (b: Buffer) => void; reject: (e: Error) => void };
  extra?: Buffer;
}

/** Where the worker loads hash-wasm from (it runs as eval'd CommonJS, outside this module's resolution). */
const HASH_WASM = createRequire(import.meta.url).resolve('hash-wasm');

export class Md5Worker {
  private worker: Worker | null = null;
  private readonly sessions = new Map<string, SessionState>();

  private get(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(WORKER_SOURCE, { eval: true, workerData: { hashWasm: HASH_WASM } });
    w.unref();
    w.on('message', (m: { id: string; slot?: number; d?: Uint8Array; x?: Uint8Array; e?: string }) => {
      const s = this.sessions.get(m.id);
      if (!s) return;
      if (m.slot !== undefined) {
        s.free[m.slot] = true;
        s.waiters.shift()?.();
        return;
      }
      if (m.e !== undefined) {
        this.sessions.delete(m.id);
        s.digest?.reject(new Error(`hashing worker: ${m.e}`));
      } else if (m.d) {
        this.sessions.delete(m.id);
        if (m.x) s.extra = Buffer.from(m.x.buffer, m.x.byteOffset, m.x.byteLength);
        s.digest?.resolve(Buffer.from(m.d.buffer, m.d.byteOffset, m.d.byteLength));
      }
    });
    const fail = (err: Error): void => {
      if (this.worker === w) this.worker = null;
      for (const s of this.sessions.values()) {
        s.digest?.reject(err);
        for (const wake of s.waiters.splice(0)) wake();
      }
      this.sessions.clear();
    };
    w.on('error', fail);
    w.on('exit', () => fail(new Error('md5 worker exited')));
    this.worker = w;
    return w;
  }

  /** A session for blocks of at most `maxBlock` bytes (hashed with `extra` too, when given). */
  session(maxBlock: number, extra?: ExtraHash): Md5Session {
    const id = randomUUID();
    const w = this.get();
    const sab = new SharedArrayBuffer(maxBlock * SLOTS);
    const state: SessionState = { free: new Array(SLOTS).fill(true), waiters: [] };
    this.sessions.set(id, state);
    w.postMessage({ t: 's', id, sab, size: maxBlock, ...(extra ? { x: extra } : {}) });
    const extraDigest = (): Buffer => {
      if (!state.extra) throw new Error('hashing worker: no extra digest');
      return state.extra;
    };
    return {
      ...(extra ? { extraDigest } : {}),
      update: (d) => {
        const slot = state.free.indexOf(true);
        if (slot < 0 || d.length > maxBlock) throw new Error('md5 session: no free slot (await ready())');
        state.free[slot] = false;
        new Uint8Array(sab, slot * maxBlock, d.length).set(d);
        w.postMessage({ t: 'u', id, slot, len: d.length });
      },
      ready: () =>
        state.free.includes(true) || !this.sessions.has(id)
          ? Promise.resolve()
          : new Promise<void>((resolve) => state.waiters.push(resolve)),
      digest: () =>
        new Promise<Buffer>((resolve, reject) => {
          if (!this.sessions.has(id)) {
            reject(new Error('md5 worker exited'));
            return;
          }
          state.digest = { resolve, reject };
          w.postMessage({ t: 'd', id });
        }),
      abort: () => {
        this.sessions.delete(id);
        w.postMessage({ t: 'x', id });
      },
    };
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }
}
