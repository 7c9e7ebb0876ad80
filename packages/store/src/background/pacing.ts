// SPDX-License-Identifier: Apache-2.0
import { setTimeout as sleep } from 'node:timers/promises';
import { parseGoDuration } from '../config/duration.js';
import { isOn } from '../config/registry.js';
import type { ScannerSpeed } from '../config/sets/scanner.js';

/** A Go duration (a config value) in milliseconds; undefined when it is not one or negative. */
export function durationMs(text: string | undefined): number | undefined {
  const ns = text === undefined ? null : parseGoDuration(text.trim());
  return ns === null || ns < 0 ? undefined : ns / 1e6;
}

/**
 * Pacing of the background work, from the `scanner` and `heal` config sets, as MinIO paces it. The
 * scanner sleeps after each page of objects for `delay` times as long as the page took, at most
 * `maxWaitMs`, and starts a full cycle every `cycleMs`; heal waits between objects while S3 traffic is
 * at or above `max_io` requests in flight, for at most `max_sleep`.
 */
export interface ScannerPacing {
  /** Sleep multiplier: sleep = work time × delay. */
  delay: number;
  /** Upper bound of one sleep. */
  maxWaitMs: number;
  /** Time between full scan cycles. */
  cycleMs: number;
}

/** MinIO's speeds (internal/config/scanner). */
export const SCANNER_SPEED_PACING: Readonly<Record<ScannerSpeed, ScannerPacing>> = {
  fastest: { delay: 0, maxWaitMs: 0, cycleMs: 1000 },
  fast: { delay: 1, maxWaitMs: 100, cycleMs: 60_000 },
  default: { delay: 2, maxWaitMs: 1000, cycleMs: 60_000 },
  slow: { delay: 10, maxWaitMs: 15_000, cycleMs: 60_000 },
  slowest: { delay: 100, maxWaitMs: 15_000, cycleMs: 30 * 60_000 },
};

/**
 * The pacing a resolved `scanner` set asks for. As MinIO: the deprecated `delay`/`max_wait` (and
 * `cycle`, default 1m) count only while `speed` is `default` and both are set.
 */
export function scannerPacing(values: Readonly<Record<string, string>>): ScannerPacing {
  const speed = (values.speed || 'default') as ScannerSpeed;
  const base = SCANNER_SPEED_PACING[speed] ?? SCANNER_SPEED_PACING.default;
  if (speed === 'default' && values.delay && values.max_wait) {
    const delay = Number(values.delay);
    const maxWaitMs = durationMs(values.max_wait);
    const cycleMs = durationMs(values.cycle || '1m');
    if (Number.isFinite(delay) && maxWaitMs !== undefined && cycleMs !== undefined && cycleMs > 0) {
      return { delay, maxWaitMs, cycleMs };
    }
  }
  return base;
}

/** How long to sleep after `workMs` of scanning. */
export function scannerSleepMs(workMs: number, pacing: ScannerPacing): number {
  return Math.min(Math.max(0, workMs) * pacing.delay, pacing.maxWaitMs);
}

export interface HealPacing {
  /** Verify every shard's bitrot checksums (deep scan) in background heal checks. */
  bitrotScan: boolean;
  /** Longest wait before one object. */
  maxSleepMs: number;
  /** S3 requests in flight at or above which heal waits; 0 = never wait. */
  maxIO: number;
}

/** The pacing a resolved `heal` set asks for (MinIO's defaults: off, 1s, 100). */
export function healPacing(values: Readonly<Record<string, string>>): HealPacing {
  const maxIO = Number(values.max_io ?? '100');
  return {
    bitrotScan: isOn(values.bitrotscan),
    maxSleepMs: durationMs(values.max_sleep ?? '1s') ?? 1000,
    maxIO: Number.isInteger(maxIO) && maxIO > 0 ? maxIO : 0,
  };
}

/** MinIO's wait step while traffic is high. */
export const HEAL_WAIT_TICK_MS = 100;

/**
 * Waits before healing one object while `currentIO()` (S3 requests in flight) is at or above
 * `maxIO`, in ticks of 100 ms, for at most `maxSleepMs` in all (MinIO's heal `Wait`). Resolves to the
 * time waited. `pause` is the sleep (injectable for tests).
 */
export async function healWait(
  pacing: HealPacing,
  currentIO: () => number,
  pause: (ms: number) => Promise<unknown> = sleep,
): Promise<number> {
  if (pacing.maxIO <= 0) return 0;
  let left = pacing.maxSleepMs;
  let waited = 0;
  while (left > 0 && currentIO() >= pacing.maxIO) {
    const step = Math.min(HEAL_WAIT_TICK_MS, left);
    await pause(step);
    waited += step;
    left -= step;
  }
  return waited;
}
