// SPDX-License-Identifier: Apache-2.0
import { RateLimiterMemory } from 'rate-limiter-flexible';

/**
 * Brute-force guard for POST /api/v1/login: counts *failed* sign-ins per client address in a fixed window
 * (rate-limiter-flexible's memory limiter). Successful sign-ins cost nothing, so an office behind one NAT
 * address, or a script that signs in often, is never refused; an address that has failed `max` times in the
 * window is refused, right password or not, until the window ends.
 */
export class LoginThrottle {
  readonly #failures: RateLimiterMemory;
  readonly #max: number;

  constructor(max: number, windowMs: number) {
    this.#max = max;
    this.#failures = new RateLimiterMemory({ points: max, duration: Math.ceil(windowMs / 1000) });
  }

  /** Milliseconds until `address` may try again, or 0 when it may try now. */
  async waitMs(address: string): Promise<number> {
    const state = await this.#failures.get(address);
    return state && state.consumedPoints >= this.#max ? Math.max(1, state.msBeforeNext) : 0;
  }

  /** Counts one failed sign-in from `address`. */
  async failed(address: string): Promise<void> {
    await this.#failures.penalty(address, 1);
  }
}
