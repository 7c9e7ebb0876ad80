// SPDX-License-Identifier: Apache-2.0
// Admin API: realtime metrics (PROTOCOL-NOTES §2; madmin-go metrics.go).
import { MadminError } from '../errors.js';
import type { AdminTransport } from '../transport.js';
import { realtimeMetricsSchema, type ScannerMetrics } from '../types/metrics.js';

/** madmin-go's MetricType bit of the scanner. */
const METRICS_SCANNER = 1;

/**
 * `GET /metrics?types=1&n=1` — one sample of the scanner's metrics (its cycle counter, the times its
 * recent cycles completed, ILM operations by action).
 */
export async function scannerMetrics(t: AdminTransport, signal?: AbortSignal): Promise<ScannerMetrics> {
  for await (const sample of t.stream(realtimeMetricsSchema, {
    method: 'GET',
    path: '/metrics',
    query: { types: String(METRICS_SCANNER), n: '1', interval: '1s' },
    signal,
  })) {
    return sample.aggregated?.scanner ?? {};
  }
  throw new MadminError({ code: 'XMinioAdminBadResponse', message: 'empty answer to /metrics', status: 200 });
}
