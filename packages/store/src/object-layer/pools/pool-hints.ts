// SPDX-License-Identifier: Apache-2.0

/** Most keys whose pool is remembered (~100 bytes each). */
const MAX_HINTS = 100_000;

/**
 * Which pool held a key when this process last found or wrote it, so a read asks that pool first
 * instead of every pool. A hint is only ever a first guess: a key lives in one pool (writes go to the
 * pool that holds it), so the pool that answers with the key holds its newest version; a pool that
 * answers NoSuchKey/NoSuchVersion (the key moved, was deleted and placed anew, or the hint is stale)
 * sends the read to every pool as before. Keys being moved by a decommission get no hints (the target
 * pool holds only some of their versions meanwhile). The oldest hints go first beyond MAX_HINTS.
 */
export class PoolHints {
  readonly #pools = new Map<string, number>();
  readonly #max: number;

  constructor(max = MAX_HINTS) {
    this.#max = max;
  }

  get(name: string): number | undefined {
    return this.#pools.get(name);
  }

  set(name: string, pool: number): void {
    if (this.#pools.get(name) === pool) return;
    this.#pools.delete(name);
    if (this.#pools.size >= this.#max) {
      const oldest = this.#pools.keys().next();
      if (!oldest.done) this.#pools.delete(oldest.value);
    }
    this.#pools.set(name, pool);
  }

  delete(name: string): void {
    this.#pools.delete(name);
  }

  clear(): void {
    this.#pools.clear();
  }

  get size(): number {
    return this.#pools.size;
  }
}
