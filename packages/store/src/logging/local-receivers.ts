// SPDX-License-Identifier: Apache-2.0
import type { AuditEntryFields } from '@stowage/madmin';

/** One record handed to a receiver in this process. */
export interface LocalRecord {
  /** The record's JSON, as the queue keeps it and an HTTP endpoint would receive it. */
  json: Buffer;
  /**
   * An audit record's searchable fields, when this process produced the record (records an earlier run
   * left in the queue, and logger records, have none: their JSON is all there is).
   */
  audit?: AuditEntryFields;
}

/** Takes a batch in order; throws (or rejects) when it did not keep it, so the queue sends it again. */
export type LocalReceiver = (records: LocalRecord[]) => Promise<void>;

export interface LocalReceiverOptions {
  /**
   * The receiver has kept what it takes when it resolves (a commit that survives this process's crash):
   * records then go to it without passing through the target's durable queue first (./direct-delivery.ts).
   */
  durable?: boolean;
}

/**
 * Webhook endpoints served in this process: a webhook target whose endpoint and auth token are a
 * registered receiver's hands its batches to the receiver instead of POSTing them (the console that
 * embeds the store takes its audit records so — no loopback HTTP, no JSON parse). Everything else is the
 * target's as before: the durable queue, the order, the retries, the acknowledgement after each batch.
 */
export class LocalReceivers {
  readonly #receivers = new Map<string, { authToken: string; receiver: LocalReceiver; durable: boolean }>();

  /** Serves `endpoint` (with `authToken`) in this process; returns how to stop. */
  register(
    endpoint: string,
    authToken: string,
    receiver: LocalReceiver,
    opts: LocalReceiverOptions = {},
  ): () => void {
    const entry = { authToken, receiver, durable: opts.durable === true };
    this.#receivers.set(endpoint, entry);
    return () => {
      if (this.#receivers.get(endpoint) === entry) this.#receivers.delete(endpoint);
    };
  }

  /** The receiver of a target's endpoint, if it is served here and the target sends its token. */
  find(endpoint: string, authToken: string): LocalReceiver | undefined {
    const entry = this.#receivers.get(endpoint);
    return entry && entry.authToken === authToken ? entry.receiver : undefined;
  }

  /** The receiver of a target's endpoint when it is served here, the token matches and it is durable. */
  findDurable(endpoint: string, authToken: string): LocalReceiver | undefined {
    const entry = this.#receivers.get(endpoint);
    return entry?.durable && entry.authToken === authToken ? entry.receiver : undefined;
  }
}
