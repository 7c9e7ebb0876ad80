// SPDX-License-Identifier: Apache-2.0
import os from 'node:os';

/**
 * Sizing (spec 3 §5, §7): parity choices and memory per node. The erasure set size follows MinIO's rule
 * for `nodes × drives` drives: all of them when they are 16 or fewer, else the largest size from 16 down
 * to 2 that divides them evenly. Parity goes from half the set down to 2 (1 for sets of 2 or 3).
 */
export function erasureSetSize(totalDrives: number): number | null {
  if (totalDrives < 2) return null;
  if (totalDrives <= 16) return totalDrives;
  for (let size = 16; size >= 2; size--) if (totalDrives % size === 0) return size;
  return null;
}

/** `EC:n` choices for `nodes` servers with `drivesPerServer` drives each, highest first; null = none. */
export function parityChoices(nodes: number, drivesPerServer: number): string[] | null {
  const set = erasureSetSize(nodes * drivesPerServer);
  if (set === null) return null;
  const max = Math.floor(set / 2);
  const min = Math.min(2, max);
  const choices: string[] = [];
  for (let p = max; p >= min; p--) choices.push(`EC:${p}`);
  return choices;
}

/**
 * Memory one node of `nodes` may request: every tenant process of this machine shares its memory, so a
 * node gets the machine's total divided by the node count (what the Kubernetes operator computes from the
 * nodes' allocatable memory), in whole GiB.
 */
export function maxAllocatableMemory(nodes: number, totalMemory = os.totalmem()): number {
  const gi = 2 ** 30;
  return Math.floor(totalMemory / Math.max(1, nodes) / gi) * gi;
}
