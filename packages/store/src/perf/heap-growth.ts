// SPDX-License-Identifier: Apache-2.0
/**
 * How far V8 lets the JavaScript heap grow past what a full garbage collection left alive before it
 * starts the next one (V8's `--heap-growing-percent`), set by `startStore` for the whole process.
 *
 * Why: Node's HTTP parser hands each request-body chunk to JavaScript as a fresh Buffer, and V8 counts
 * the memory of Buffers not yet collected against the old generation's limit. With V8's own factor
 * (about 1.5× the live heap here) a large PUT ran a full mark-compact every ~25 MiB of body — 35 of them
 * in 896 MiB, each marking the whole heap on V8's helper threads: ~1.5 ms of CPU per MiB written, a
 * fifth of the store's. At 200 % (the limit is 3× what survived) there were 15, and the store spent
 * 6.0 instead of 7.0 ms of CPU per MiB (packages/store/docs/performance.md, "PUT, third pass").
 * The price is memory: the heap may hold up to twice its live size in garbage (+27 MB peak RSS on the
 * bench's bare store). 4 KiB requests are not affected (they run a full collection every few thousand).
 *
 * `STOWAGE_HEAP_GROWING_PERCENT` overrides it: 0 leaves V8's own heuristic (for hosts short of memory),
 * up to 1000. V8 reads the flag each time it sets a new limit, so setting it once the process runs works
 * (checked by the measurement above; Node documents runtime V8 flags as use-at-your-own-risk).
 */
import v8 from 'node:v8';
import { CliError } from '../cli/cli-error.js';

export const HEAP_GROWING_ENV = 'STOWAGE_HEAP_GROWING_PERCENT';
export const DEFAULT_HEAP_GROWING_PERCENT = 200;
const MAX_PERCENT = 1000;

/**
 * The percentage the environment asks for (the default when unset). An invalid value is a CliError: both
 * commands (`stowage server`, the console) print its one line and exit 1.
 */
export function heapGrowingPercent(env: Readonly<Record<string, string | undefined>>): number {
  const raw = env[HEAP_GROWING_ENV]?.trim();
  if (raw === undefined || raw === '') return DEFAULT_HEAP_GROWING_PERCENT;
  if (!/^\d+$/.test(raw) || Number(raw) > MAX_PERCENT) {
    throw new CliError(
      `${HEAP_GROWING_ENV} must be a whole number from 0 (V8's own heuristic) to ${MAX_PERCENT}; got "${raw}"`,
    );
  }
  return Number(raw);
}

let applied = false;

/** Sets V8's heap growing factor for this process (once; a second store in the process changes nothing). */
export function applyHeapGrowth(env: Readonly<Record<string, string | undefined>>): void {
  const percent = heapGrowingPercent(env);
  if (applied) return;
  applied = true;
  v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
}
