// SPDX-License-Identifier: Apache-2.0
import type { WidgetSeries } from '@stowage/contracts';
import type { WidgetDefinition, WidgetPanel } from './widgets.js';

/** A Prometheus answer that is not a success, or no answer at all. */
export class PrometheusError extends Error {}

interface MatrixResult {
  metric: Record<string, string>;
  values: Array<[number, string]>;
}

/** The range of a widget call: unix seconds, and the step between points in seconds. */
export interface WidgetRange {
  start: number;
  end: number;
  step: number;
}

/** Default range when the page sets no Start/End Time: the last hour. */
const DEFAULT_RANGE_SECONDS = 3600;

/**
 * Start, end and step of a widget call (spec 2 §7, §9): one point per 60th of the range, so the step is
 * the range in minutes (seconds per point); 15 when the range is under a minute. A step the caller gives
 * wins.
 */
export function widgetRange(
  q: { start?: number | undefined; end?: number | undefined; step?: number | undefined },
  now = Date.now() / 1000,
): WidgetRange {
  const end = Math.floor(q.end ?? now);
  const start = Math.floor(q.start ?? end - DEFAULT_RANGE_SECONDS);
  const periods = Math.floor((end - start) / 60);
  return { start, end, step: q.step ?? (periods < 1 ? 15 : periods) };
}

function seriesLabel(panel: WidgetPanel, metric: Record<string, string>): string {
  if (!panel.labelBy) return panel.panel;
  const raw = metric[panel.labelBy] ?? panel.panel;
  return panel.names?.[raw] ?? raw;
}

function toNumber(text: string): number | null {
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

async function queryRange(
  url: string,
  query: string,
  range: WidgetRange,
  signal?: AbortSignal,
): Promise<MatrixResult[]> {
  const params = new URLSearchParams({
    query,
    start: String(range.start),
    end: String(range.end),
    step: String(range.step),
  });
  let res: Response;
  try {
    res = await fetch(`${url}/api/v1/query_range?${params}`, {
      signal: signal ?? AbortSignal.timeout(15_000),
    });
  } catch (err) {
    throw new PrometheusError(`Prometheus at ${url} did not answer: ${(err as Error).message}`);
  }
  const body = (await res.json().catch(() => null)) as {
    status?: string;
    error?: string;
    data?: { result?: MatrixResult[] };
  } | null;
  if (!res.ok || body?.status !== 'success') {
    throw new PrometheusError(
      `Prometheus at ${url} answered ${res.status}: ${body?.error ?? 'no JSON body'}`,
    );
  }
  return body.data?.result ?? [];
}

/**
 * Runs a widget's queries over the range and fills gaps with null so every series has one point per
 * step (a missing sample is a gap, not a zero).
 */
export async function widgetSeries(
  prometheus: { url: string; jobId: string },
  widget: WidgetDefinition,
  range: WidgetRange,
  signal?: AbortSignal,
): Promise<WidgetSeries[]> {
  const job = `job=${JSON.stringify(prometheus.jobId)}`;
  const times: number[] = [];
  for (let t = range.start; t <= range.end; t += range.step) times.push(t);
  const perPanel = await Promise.all(
    widget.panels.map(async (panel) => {
      const result = await queryRange(prometheus.url, panel.query.replaceAll('$job', job), range, signal);
      return result.map((r): WidgetSeries => {
        const byTime = new Map(r.values.map(([t, v]) => [Math.round(t), toNumber(v)]));
        return {
          panel: panel.panel,
          label: seriesLabel(panel, r.metric),
          points: times.map((t) => [t, byTime.get(t) ?? null]),
        };
      });
    }),
  );
  const series = perPanel.flat();
  const order = widget.panels[0]?.names ? Object.values(widget.panels[0].names) : null;
  if (order) series.sort((a, b) => order.indexOf(a.label) - order.indexOf(b.label));
  return series;
}
