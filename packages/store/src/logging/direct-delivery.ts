// SPDX-License-Identifier: Apache-2.0

/**
 * Delivery straight to a durable receiver in this process, without the target's durable queue.
 *
 * A receiver that has kept what it takes when it resolves (the console's audit log search: an SQLite
 * commit in its write-ahead log, or a PostgreSQL commit) is itself the place records survive a restart,
 * so writing every record to the queue first, syncing it, reading it back and writing an
 * acknowledgement only to hand it on repeats that work. Records are gathered for `lingerMs` (the queue's
 * own append linger: what a hard crash may lose either way) or until `maxGroup` wait, then handed on as
 * one batch; batches go one after the other, in order.
 *
 * A batch the receiver refuses is `spill`ed into the durable queue, which retries it as it retries any
 * batch; while the queue holds records (`queued()`), every later batch is spilled behind them, so order
 * is kept and nothing is dropped. `close()` hands on or spills what waits.
 */
export interface DirectDeliveryOptions {
  lingerMs: number;
  maxGroup: number;
  /** Hands a batch to the receiver; rejects when the receiver did not keep it. */
  deliver: (records: Buffer[]) => Promise<void>;
  /** Puts records into the durable queue, in order (the queue reports its own refusals). */
  spill: (records: Buffer[]) => void;
  /** Records the durable queue holds or is writing. */
  queued: () => number;
  /** Told of a refused batch (before it is spilled). */
  onRefused: (err: unknown) => void;
}

export class DirectDelivery {
  readonly #opts: DirectDeliveryOptions;
  #group: Buffer[] = [];
  #timer: NodeJS.Timeout | undefined;
  #chain: Promise<void> = Promise.resolve();
  #handing = 0;

  constructor(opts: DirectDeliveryOptions) {
    this.#opts = opts;
  }

  /** Records gathered or being handed on. */
  get pending(): number {
    return this.#group.length + this.#handing;
  }

  add(record: Buffer): void {
    this.#group.push(record);
    if (this.#group.length >= this.#opts.maxGroup) this.#flush();
    else if (this.#group.length === 1) this.#timer = setTimeout(() => this.#flush(), this.#opts.lingerMs);
  }

  #flush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const group = this.#group;
    if (group.length === 0) return;
    this.#group = [];
    this.#handing += group.length;
    this.#chain = this.#chain.then(async () => {
      try {
        // Records wait in the queue (an earlier batch was refused): this one goes behind them.
        if (this.#opts.queued() > 0) {
          this.#opts.spill(group);
          return;
        }
        try {
          await this.#opts.deliver(group);
        } catch (err) {
          this.#opts.onRefused(err);
          this.#opts.spill(group);
        }
      } finally {
        this.#handing -= group.length;
      }
    });
  }

  /** Hands on (or spills) what was gathered and waits for every batch. */
  async close(): Promise<void> {
    this.#flush();
    await this.#chain;
  }
}
