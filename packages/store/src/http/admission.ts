// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../core/errors.js';

/**
 * S3 request admission (the `api` set's `requests_max` and `requests_deadline`), as MinIO throttles:
 * at most `max` S3 requests run at once; more wait in a first-come queue for a slot, and one still
 * waiting after `deadlineMs` is answered S3's `503 SlowDown`. `max` 0 admits every request at once (no
 * limit: Node serves many connections cheaply, so this store has no memory-derived automatic limit).
 * A change applies to requests already waiting: raising the limit admits them.
 */
export interface AdmissionSettings {
  /** Requests allowed in flight; 0 = unlimited. */
  max: number;
  /** How long a request may wait for a slot. */
  deadlineMs: number;
}

interface Waiter {
  admit: () => void;
  timer: NodeJS.Timeout;
}

export const SLOW_DOWN_MESSAGE =
  'A timeout exceeded while waiting to proceed with the request, please reduce your request rate';

export class RequestAdmission {
  #max = 0;
  #deadlineMs = 10_000;
  #active = 0;
  readonly #queue: Waiter[] = [];

  configure(settings: AdmissionSettings): void {
    this.#max = Math.max(0, Math.floor(settings.max));
    this.#deadlineMs = Math.max(0, settings.deadlineMs);
    this.#drain();
  }

  /** Requests holding a slot (S3 requests in flight) — heal's `max_io` pacing reads it too. */
  get active(): number {
    return this.#active;
  }

  /** Requests waiting for a slot. */
  get waiting(): number {
    return this.#queue.length;
  }

  /**
   * Waits for a slot; resolves to its release (call once, when the request is done). Rejects with
   * SlowDown after the deadline, or when `signal` aborts (the client went away) while waiting.
   */
  acquire(signal?: AbortSignal): Promise<() => void> {
    if (this.#max === 0 || (this.#active < this.#max && this.#queue.length === 0)) {
      this.#active++;
      return Promise.resolve(this.#releaser());
    }
    return new Promise((resolve, reject) => {
      const onAbort = (): void => {
        remove();
        reject(new S3Error('SlowDown', SLOW_DOWN_MESSAGE));
      };
      const remove = (): void => {
        clearTimeout(waiter.timer);
        signal?.removeEventListener('abort', onAbort);
        const i = this.#queue.indexOf(waiter);
        if (i >= 0) this.#queue.splice(i, 1);
      };
      const waiter: Waiter = {
        admit: () => {
          remove();
          this.#active++;
          resolve(this.#releaser());
        },
        timer: setTimeout(onAbort, this.#deadlineMs),
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#queue.push(waiter);
    });
  }

  #releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#active--;
      this.#drain();
    };
  }

  /** Admits waiters while slots are free (all of them when unlimited). */
  #drain(): void {
    while (this.#queue.length > 0 && (this.#max === 0 || this.#active < this.#max)) {
      this.#queue[0]?.admit();
    }
  }
}
