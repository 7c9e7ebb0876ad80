// SPDX-License-Identifier: Apache-2.0
import { Worker } from 'node:worker_threads';

/**
 * The catalogs' WAL checkpoints (./catalog.ts) run on a worker thread with connections of its own:
 * a PASSIVE checkpoint copies the WAL into the database and flushes both, which took 60–80 ms for the
 * ~11 MiB of WAL that 5 s of 4 KiB PUTs leave per drive (measured with 4,500 rows of 2 KiB) — on the
 * main thread a stall of every request, four drives' worth when their checkpoints fall due together.
 * In WAL mode a checkpoint from another connection runs alongside the store's writes; PASSIVE never
 * waits for them. The worker checks each file's identity before checkpointing it (a replaced drive
 * folder gets a new connection) and is plain JavaScript (no build step), unref'd.
 */

const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { DatabaseSync } = require('node:sqlite');
const fs = require('node:fs');
const dbs = new Map();
const drop = (file) => {
  const e = dbs.get(file);
  dbs.delete(file);
  try { if (e) e.db.close(); } catch {}
};
parentPort.on('message', (m) => {
  if (m.close) { for (const f of [...dbs.keys()]) drop(f); parentPort.postMessage({ id: m.id }); return; }
  try {
    const s = fs.statSync(m.file);
    const ident = s.dev + ':' + s.ino;
    let e = dbs.get(m.file);
    if (e && e.ident !== ident) { drop(m.file); e = undefined; }
    if (!e) {
      e = { db: new DatabaseSync(m.file), ident };
      e.db.exec('PRAGMA synchronous=NORMAL');
      dbs.set(m.file, e);
    }
    e.db.exec('PRAGMA wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ id: m.id });
  } catch (err) {
    drop(m.file);
    parentPort.postMessage({ id: m.id, err: String((err && err.message) || err) });
  }
});
`;

export class WalCheckpointer {
  private worker: Worker | null = null;
  private seq = 0;
  private readonly waiting = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();

  private get(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(WORKER_SOURCE, { eval: true });
    w.unref();
    w.on('message', (m: { id: number; err?: string }) => {
      const p = this.waiting.get(m.id);
      this.waiting.delete(m.id);
      if (m.err) p?.reject(new Error(m.err));
      else p?.resolve();
    });
    w.on('error', (err) => this.fail(err));
    w.on('exit', () => this.fail(new Error('checkpoint worker exited')));
    this.worker = w;
    return w;
  }

  private fail(err: Error): void {
    this.worker = null;
    for (const p of this.waiting.values()) p.reject(err);
    this.waiting.clear();
  }

  private send(msg: { file?: string; close?: boolean }): Promise<void> {
    const id = ++this.seq;
    return new Promise<void>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.get().postMessage({ id, ...msg });
    });
  }

  /** Checkpoint the catalog database `file` (PASSIVE) on the worker. */
  checkpoint(file: string): Promise<void> {
    return this.send({ file });
  }

  /** Close the worker's connections and the worker. */
  async close(): Promise<void> {
    const w = this.worker;
    if (!w) return;
    await this.send({ close: true }).catch(() => undefined);
    this.worker = null;
    await w.terminate();
  }
}
