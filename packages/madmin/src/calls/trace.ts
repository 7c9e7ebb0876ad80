// SPDX-License-Identifier: Apache-2.0
// Admin API: live trace (PROTOCOL-NOTES §2, §7; madmin-go trace.go, service-commands.go).
import type { AdminTransport } from '../transport.js';
import { type ServiceTraceOpts, type TraceInfo, traceInfoSchema } from '../types/trace.js';

/**
 * Formats milliseconds the way Go's `time.Duration.String` does (`0s`, `500ms`, `1.5s`, `1m30s`),
 * which is what MinIO parses the `threshold` parameter with.
 */
export function goDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) throw new RangeError('duration must be a non-negative number');
  if (ms === 0) return '0s';
  if (ms < 1000) return `${Number(ms.toFixed(6))}ms`;
  let s = ms / 1000;
  const h = Math.floor(s / 3600);
  s -= h * 3600;
  const m = Math.floor(s / 60);
  s -= m * 60;
  const sec = `${Number(s.toFixed(9))}s`;
  if (h > 0) return `${h}h${m}m${sec}`;
  if (m > 0) return `${m}m${sec}`;
  return sec;
}

/** The query string madmin-go sends for a set of trace options (every flag spelled out). */
export function traceQuery(opts: ServiceTraceOpts): Record<string, string> {
  const flag = (v: boolean | undefined): string => (v ? 'true' : 'false');
  return {
    err: flag(opts.onlyErrors),
    threshold: goDuration(opts.thresholdMs ?? 0),
    s3: flag(opts.s3),
    internal: flag(opts.internal),
    storage: flag(opts.storage),
    os: flag(opts.os),
    scanner: flag(opts.scanner),
    decommission: flag(opts.decommission),
    healing: flag(opts.healing),
    'batch-replication': flag(opts.batchReplication),
    rebalance: flag(opts.rebalance),
    'replication-resync': flag(opts.replicationResync),
    bootstrap: flag(opts.bootstrap),
  };
}

/**
 * `GET /trace?...` as an async iterator of events. It runs until the caller breaks out of the loop or
 * aborts `signal` (then it ends quietly), or the server closes the stream.
 */
export async function* serverTrace(
  t: AdminTransport,
  opts: ServiceTraceOpts = { s3: true },
  signal?: AbortSignal,
): AsyncGenerator<TraceInfo, void, undefined> {
  yield* t.stream(traceInfoSchema, {
    method: 'GET',
    path: '/trace',
    query: traceQuery(opts),
    signal,
  });
}
