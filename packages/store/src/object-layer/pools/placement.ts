// SPDX-License-Identifier: Apache-2.0
import type { StorageInfo } from '../types.js';

/**
 * Where a new object goes among server pools, as MinIO chooses (`getAvailablePoolIdx`): every pool
 * that takes new objects and can hold this one counts with its free space (the sum over its online
 * drives); one is drawn at random, weighted by that space, so the emptier pool gets most new objects
 * without all of them going to one pool. A pool that is suspended (decommissioning) counts as 0, and
 * so does a pool where a drive that must take a shard has less free space than its shard needs.
 */

/** Bytes assumed for a body of unknown size (a streamed upload without a length). */
export const UNKNOWN_SIZE_ASSUMED = 64 * 1024 * 1024;

/** Free bytes of a pool for an object of `size` bytes, or 0 when it cannot hold it. */
export function poolSpaceFor(info: StorageInfo, size: number): number {
  const online = info.drives.filter((d) => d.state === 'ok');
  if (online.length === 0) return 0;
  const bytes = size < 0 ? UNKNOWN_SIZE_ASSUMED : size;
  // Each drive takes one shard: the object's share of the data shards (parity shards are as large).
  const shard = Math.ceil(bytes / Math.max(1, info.dataShards));
  let available = 0;
  for (const d of online) {
    if (d.availSpace <= shard) return 0;
    available += d.availSpace;
  }
  return available;
}

/**
 * Index of the pool drawn for a new object (weights: each pool's free space for it), or -1 when none
 * can hold it. `random` returns a number in [0, 1).
 */
export function choosePool(spaces: readonly number[], random: () => number = Math.random): number {
  const total = spaces.reduce((n, s) => n + s, 0);
  if (total <= 0) return -1;
  const choose = random() * total;
  let at = 0;
  for (let i = 0; i < spaces.length; i++) {
    const s = spaces[i] as number;
    at += s;
    if (s > 0 && at > choose) return i;
  }
  // Rounding at the very end of the range: the last pool with space.
  for (let i = spaces.length - 1; i >= 0; i--) if ((spaces[i] as number) > 0) return i;
  return -1;
}
