// SPDX-License-Identifier: Apache-2.0
/**
 * A notification target: one system events are delivered to (a webhook, a PostgreSQL table, a Redis
 * key, an AMQP exchange, …). Targets only deliver; queueing, ordering, retries and status are the
 * notification system's (one durable queue per target).
 */

/** What the queue keeps per event: the S3 record and what targets key their rows by. */
export interface QueuedEvent {
  /** `s3:ObjectCreated:Put`, … */
  eventName: string;
  /** `<bucket>/<object key>` (not URL-encoded): the row or field of namespace-format targets. */
  key: string;
  /** The S3 event record (`Records[0]` of the message). */
  record: Record<string, unknown>;
}

export interface NotifyTarget {
  /**
   * Delivers events in order. Resolves once the target has them; throws when it does not. Targets that
   * cannot take a batch atomically (`atomicBatch` false) are given one event at a time.
   */
  send(events: readonly QueuedEvent[]): Promise<void>;
  /** Resolves when the target can be reached; rejects with why not. */
  probe(): Promise<void>;
  close(): Promise<void>;
}

/** How a target type is opened from its resolved config values. */
export interface TargetModule {
  /**
   * True when `send` delivers a batch all or nothing (one SQL transaction, one MULTI/EXEC); otherwise
   * the notification system hands it one event at a time and remembers how far a failed batch got.
   */
  readonly atomicBatch: boolean;
  /** A problem with the values in words, or undefined (checked when the target is enabled). */
  validate?(values: Readonly<Record<string, string>>): string | undefined;
  open(values: Readonly<Record<string, string>>): NotifyTarget;
}

/** Whether an event removes the object (namespace-format targets delete its row or field). */
export function isRemoval(eventName: string): boolean {
  return eventName.startsWith('s3:ObjectRemoved:');
}

/** The message MinIO sends to queue-like targets (webhook, AMQP, MQTT, NATS, NSQ, Kafka). */
export function eventMessage(e: QueuedEvent): string {
  return JSON.stringify({ EventName: e.eventName, Key: e.key, Records: [e.record] });
}

/** The document database-like targets store for an object (`{"Records":[…]}`). */
export function recordsDocument(e: QueuedEvent): string {
  return JSON.stringify({ Records: [e.record] });
}

/** The `format` key: `namespace` (one row per object) or `access` (one row per event). */
export function formatOf(values: Readonly<Record<string, string>>): 'namespace' | 'access' {
  return values.format === 'access' ? 'access' : 'namespace';
}

/** Splits `host:port` (IPv6 in brackets) with a default port. */
export function hostPort(address: string, defaultPort: number): { host: string; port: number } {
  const m = /^\[(.*)\](?::(\d+))?$/.exec(address) ?? /^([^:]*)(?::(\d+))?$/.exec(address);
  return { host: m?.[1] || 'localhost', port: Number(m?.[2] ?? defaultPort) };
}

/** Rejects after `ms` with `what` timed out, unless `work` settles first. */
export function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * A connection opened on first use and dropped after any failure, so the next delivery attempt starts
 * from a fresh one (clients' own reconnect-and-buffer is off: a message buffered by a dead connection
 * and then retried by the queue would arrive twice).
 */
export interface LazyConnection<C> {
  /** Runs `use` on the connection (opening it when needed); on failure drops the connection and rethrows. */
  with<T>(use: (c: C) => Promise<T>): Promise<T>;
  /** Drops the current connection. */
  reset(): Promise<void>;
}

export function lazyConnection<C>(
  connect: () => Promise<C>,
  dispose: (c: C) => Promise<unknown> | unknown,
): LazyConnection<C> {
  let current: Promise<C> | undefined;
  const reset = async (): Promise<void> => {
    const c = current;
    current = undefined;
    if (c) await c.then(dispose).catch(() => undefined);
  };
  return {
    async with(use) {
      current ??= connect();
      try {
        return await use(await current);
      } catch (err) {
        await reset();
        throw err;
      }
    },
    reset,
  };
}
