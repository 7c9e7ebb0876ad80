// SPDX-License-Identifier: Apache-2.0
import { SegmentLog } from './segment-log.js';

/**
 * The one durable queue (DESIGN "Data services"): persist before acknowledging, deliver in order with
 * retries, survive restarts, bounded size. Logger and audit webhooks use it today; notification and
 * replication targets are meant to use it the same way. See ../../docs/queue.md.
 *
 * - `append(record)` resolves once the record is on disk (fdatasync'd). Concurrent appends are grouped:
 *   one write and one sync per group.
 * - One delivery loop per queue hands records to `send` in append order, up to `batchSize` at a time.
 *   A failed send is retried (backoff from `retryMinMs` doubling up to `retryMaxMs`) until it succeeds;
 *   nothing is skipped. After each delivered batch the acknowledged position is persisted atomically, so
 *   a restart resumes after the last delivered batch.
 * - Delivery is at least once. The only duplicate possible is the batch that was in flight when the
 *   process died (sent, but its acknowledgement not yet written): it is sent again after the restart.
 *   `close()` waits for an in-flight batch and writes its acknowledgement, so a clean restart sends
 *   nothing twice.
 * - At most `limit` records wait; `append` beyond that rejects with `QueueFullError` (the caller reports
 *   it — records are never dropped silently).
 */

export class QueueFullError extends Error {
  constructor(readonly limit: number) {
    super(`The queue is full (${limit} records waiting for delivery)`);
    this.name = 'QueueFullError';
  }
}

export interface DurableQueueOptions {
  /** Folder of this queue's segments and acknowledgement (created when missing). */
  dir: string;
  /** Most records waiting for delivery; appends beyond it are refused. */
  limit: number;
  /** Most records per `send` call. */
  batchSize: number;
  /** Delivers a batch in order; throws (or rejects) when the target did not take it. */
  send: (records: Buffer[]) => Promise<void>;
  /**
   * Optional reachability check used while the target is offline and nothing waits: resolves when the
   * target answers (it comes back online), rejects otherwise.
   */
  probe?: () => Promise<void>;
  /** Told when the target goes online or offline (with the failure that took it offline). */
  onStatus?: (online: boolean, err?: unknown) => void;
  /** First retry delay (default 250 ms). */
  retryMinMs?: number;
  /** Longest retry delay (default 3 s, MinIO's `retry_interval`). */
  retryMaxMs?: number;
  /** Segment file size before a new one starts (default 4 MiB). */
  segmentBytes?: number;
  /**
   * While fewer than `batchSize` records wait, the delivery loop waits this long for more before it
   * sends (default 0: send what waits at once). Fuller batches mean fewer sends and acknowledgements
   * per record; records are on disk meanwhile, so nothing is lost by waiting.
   */
  lingerMs?: number;
  /**
   * An append waits up to this long for others to join its group before the group is written and
   * synced (default 0: write at once). For callers that do not wait on `append` (audit records): one
   * write and one fdatasync per batch. An append still resolves only once its record is on disk, and
   * `close()` writes what waits.
   */
  appendLingerMs?: number;
}

interface Waiting {
  record: Buffer;
  resolve: () => void;
  reject: (err: unknown) => void;
}

export class DurableQueue {
  readonly #opts: DurableQueueOptions;
  readonly #log: SegmentLog;
  #waiting: Waiting[] = [];
  /** Records of the group being written. */
  #writing = 0;
  #flushing: Promise<void> | undefined;
  #closed = false;
  #online: boolean | undefined;
  #wake: (() => void) | undefined;
  #loop: Promise<void> | undefined;
  #lastError: string | undefined;

  private constructor(opts: DurableQueueOptions, log: SegmentLog) {
    this.#opts = opts;
    this.#log = log;
  }

  /** Opens the queue on its folder (resuming what an earlier run left) and starts delivering. */
  static async open(opts: DurableQueueOptions): Promise<DurableQueue> {
    const log = await SegmentLog.open(opts.dir, { segmentBytes: opts.segmentBytes });
    const q = new DurableQueue(opts, log);
    q.#loop = q.#deliver();
    return q;
  }

  /** Records waiting for delivery (on disk, or being written). */
  get pending(): number {
    return this.#log.pending + this.#writing + this.#waiting.length;
  }

  /** True after a delivery or probe succeeded, false after one failed, undefined before either. */
  get online(): boolean | undefined {
    return this.#online;
  }

  /** The last delivery failure while offline, for people. */
  get lastError(): string | undefined {
    return this.#online === false ? this.#lastError : undefined;
  }

  /** Persists one record; resolves once it is on disk. Rejects with QueueFullError beyond the limit. */
  append(record: Buffer): Promise<void> {
    if (this.#closed) return Promise.reject(new Error('The queue is closed'));
    if (this.pending >= this.#opts.limit) return Promise.reject(new QueueFullError(this.#opts.limit));
    return new Promise<void>((resolve, reject) => {
      this.#waiting.push({ record, resolve, reject });
      this.#flushing ??= this.#flush();
    });
  }

  async #flush(): Promise<void> {
    try {
      const linger = this.#opts.appendLingerMs ?? 0;
      if (linger > 0 && !this.#closed) await new Promise((r) => setTimeout(r, linger));
      while (this.#waiting.length > 0) {
        const group = this.#waiting;
        this.#waiting = [];
        this.#writing = group.length;
        try {
          await this.#log.append(group.map((w) => w.record));
          this.#writing = 0;
          for (const w of group) w.resolve();
        } catch (err) {
          this.#writing = 0;
          for (const w of group) w.reject(err);
        }
        this.#wake?.();
      }
    } finally {
      this.#flushing = undefined;
    }
  }

  #setOnline(online: boolean, err?: unknown): void {
    if (!online) this.#lastError = err instanceof Error ? err.message : String(err);
    if (this.#online === online) return;
    this.#online = online;
    this.#opts.onStatus?.(online, err);
  }

  /** Waits `ms`, or less when woken (an append, or close). */
  #sleep(ms: number, wakeOnAppend: boolean): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = ms === Number.POSITIVE_INFINITY ? undefined : setTimeout(done, ms);
      function done(): void {
        if (timer) clearTimeout(timer);
        resolve();
      }
      this.#wake = wakeOnAppend || ms === Number.POSITIVE_INFINITY ? done : undefined;
      this.#closeWaiter = done;
    });
  }

  #closeWaiter: (() => void) | undefined;

  async #deliver(): Promise<void> {
    const min = this.#opts.retryMinMs ?? 250;
    const max = Math.max(min, this.#opts.retryMaxMs ?? 3000);
    let delay = min;
    const failed = async (err: unknown, wakeOnAppend: boolean): Promise<void> => {
      this.#setOnline(false, err);
      if (this.#closed) return;
      await this.#sleep(delay, wakeOnAppend);
      delay = Math.min(delay * 2, max);
    };
    while (!this.#closed) {
      if (this.#log.pending === 0) {
        if (this.#online !== true && this.#opts.probe) {
          try {
            await this.#opts.probe();
            this.#setOnline(true);
            delay = min;
          } catch (err) {
            await failed(err, true);
          }
          continue;
        }
        // No await between the check above and here: an append cannot slip in unseen.
        await this.#sleep(Number.POSITIVE_INFINITY, true);
        continue;
      }
      const linger = this.#opts.lingerMs ?? 0;
      if (linger > 0 && this.pending < this.#opts.batchSize) {
        await this.#sleep(linger, false);
        if (this.#closed) break;
      }
      let batch: Awaited<ReturnType<SegmentLog['read']>>;
      try {
        batch = await this.#log.read(this.#opts.batchSize);
        await this.#opts.send(batch.records);
      } catch (err) {
        await failed(err, false);
        continue;
      }
      delay = min;
      this.#setOnline(true);
      try {
        await this.#log.ack(batch.next);
      } catch (err) {
        // The batch was delivered but its acknowledgement not written: it will be sent again.
        await failed(err, false);
      }
    }
  }

  /**
   * Stops delivering: waits for a batch in flight (and writes its acknowledgement) and for appends
   * being written, then closes the files. Records not yet delivered stay for the next open.
   */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#closeWaiter?.();
    await this.#loop?.catch(() => undefined);
    await this.#flushing;
    await this.#log.close();
  }
}
