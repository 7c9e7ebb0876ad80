// SPDX-License-Identifier: Apache-2.0
import type { Timings } from '@stowage/madmin';

/** The figures of a set of request durations (nanoseconds), as madmin-go's `TimeDurations.Measure`. */
export function measureTimings(durationsNs: readonly number[]): Timings {
  const n = durationsNs.length;
  if (n === 0) {
    return {
      avg: 0,
      p50: 0,
      p75: 0,
      p95: 0,
      p99: 0,
      p999: 0,
      l5p: 0,
      s5p: 0,
      max: 0,
      min: 0,
      sdev: 0,
      range: 0,
    };
  }
  const sorted = [...durationsNs].sort((a, b) => a - b);
  const sum = sorted.reduce((s, d) => s + d, 0);
  const avg = sum / n;
  const at = (q: number): number => sorted[Math.min(n - 1, Math.floor(n * q))] as number;
  const tail = Math.max(1, Math.floor(n * 0.05));
  const mean = (xs: number[]): number => xs.reduce((s, d) => s + d, 0) / xs.length;
  const variance = sorted.reduce((s, d) => s + (d - avg) ** 2, 0) / n;
  const min = sorted[0] as number;
  const max = sorted[n - 1] as number;
  return {
    avg: Math.round(avg),
    p50: at(0.5),
    p75: at(0.75),
    p95: at(0.95),
    p99: at(0.99),
    p999: at(0.999),
    l5p: Math.round(mean(sorted.slice(n - tail))),
    s5p: Math.round(mean(sorted.slice(0, tail))),
    max,
    min,
    sdev: Math.round(Math.sqrt(variance)),
    range: max - min,
  };
}
