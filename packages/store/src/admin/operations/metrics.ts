// SPDX-License-Identifier: Apache-2.0
import { PassThrough } from 'node:stream';
import { parseGoDuration } from '../../config/duration.js';
import type { IlmProgress } from '../../core/ilm-progress.js';
import { serverEndpoint } from '../backend-info.js';
import type { AdminCall, AdminOperation } from '../call.js';

/** madmin-go's metric type bits (metrics.go): the scanner is bit 0; 0 asks for all. */
const METRICS_SCANNER = 1;
const GO_ZERO_TIME = '0001-01-01T00:00:00Z';

/** madmin's ScannerMetrics of the lifecycle pass. */
function scannerMetrics(p: IlmProgress): Record<string, unknown> {
  return {
    collected: new Date().toISOString(),
    current_cycle: p.cycles + (p.currentStarted !== null ? 1 : 0),
    current_started: p.currentStarted !== null ? new Date(p.currentStarted).toISOString() : GO_ZERO_TIME,
    cycle_complete_times: p.completed.map((t) => new Date(t).toISOString()),
    ...(Object.keys(p.ops).length > 0 ? { ilm_ops: p.ops } : {}),
    last_minute: {},
  };
}

function sample(call: AdminCall, types: number, final: boolean): Record<string, unknown> {
  const progress = call.ctx.ilm?.progress();
  const wantScanner = types === 0 || (types & METRICS_SCANNER) !== 0;
  return {
    hosts: [serverEndpoint(call.ctx)],
    aggregated: wantScanner && progress ? { scanner: scannerMetrics(progress) } : {},
    final,
  };
}

/**
 * Admin API: Metrics — `GET /metrics?types=&n=&interval=` streams madmin's RealtimeMetrics: the
 * scanner's lifecycle progress (cycles, ILM operations by MinIO's action names), `n` samples
 * `interval` apart, the last marked final (n=0: until the client goes away). Other metric types are
 * not collected by this store and come back empty.
 */
export const metrics: AdminOperation = async (call) => {
  const types = Number(call.query.get('types') ?? '0') || 0;
  const n = Math.max(0, Number(call.query.get('n') ?? '0') || 0);
  const ns = parseGoDuration(call.query.get('interval') ?? '1s');
  const intervalMs = Math.max(1000, ns === null ? 1000 : ns / 1e6);
  const out = new PassThrough();
  let sent = 0;
  let timer: NodeJS.Timeout | undefined;
  const stop = (): void => {
    clearTimeout(timer);
    if (!out.writableEnded) out.end();
  };
  const tick = (): void => {
    if (out.writableEnded) return;
    sent++;
    const final = n > 0 && sent >= n;
    out.write(`${JSON.stringify(sample(call, types, final))}\n`);
    if (final) stop();
    else timer = setTimeout(tick, intervalMs);
  };
  call.req.signal.addEventListener('abort', stop, { once: true });
  call.ctx.shutdown.addEventListener('abort', stop, { once: true });
  out.on('close', stop);
  tick();
  return { status: 200, headers: { 'content-type': 'application/json' }, body: out };
};
