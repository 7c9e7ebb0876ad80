// SPDX-License-Identifier: Apache-2.0
/**
 * The one source of "now" for time-based data services (lifecycle expiry and transition, restore
 * expiry). The store reads the system clock; tests pass a {@link ManualClock} to `startStore` and move
 * it forward, so the same code path runs in both.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that starts at the system time and only moves when told to. */
export class ManualClock implements Clock {
  #offsetMs = 0;

  now(): number {
    return Date.now() + this.#offsetMs;
  }

  /** Moves the clock forward by `ms`. */
  advance(ms: number): void {
    if (!(ms >= 0)) throw new RangeError('A clock only moves forward');
    this.#offsetMs += ms;
  }

  /** Moves the clock forward by whole days. */
  advanceDays(days: number): void {
    this.advance(days * DAY_MS);
  }
}

export const DAY_MS = 24 * 3600 * 1000;
