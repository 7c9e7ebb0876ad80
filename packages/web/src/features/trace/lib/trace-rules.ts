import { type TraceQuery, traceQuerySchema, wsPaths } from '@stowage/contracts';
import { withBasePath } from '@/shared/api/base-path';

/** The trace table keeps the newest calls; older ones drop off the end so a busy server cannot fill memory. */
export const maxTraceRows = 1000;

/** The filter form as typed: every field a string, as the inputs hold them. */
export interface TraceFilters {
  calls: NonNullable<TraceQuery['calls']>;
  threshold: string;
  onlyErrors: boolean;
  statusCode: string;
  method: string;
  funcname: string;
  path: string;
}

export const defaultTraceFilters: TraceFilters = {
  calls: 'all',
  threshold: '0',
  onlyErrors: false,
  statusCode: '',
  method: '',
  funcname: '',
  path: '',
};

/** The query for `/ws/trace`, or the first problem per field (spec 3 §5: threshold at least 0). */
export function traceQueryOf(
  f: TraceFilters,
): { ok: true; query: URLSearchParams } | { ok: false; errors: Partial<Record<keyof TraceFilters, string>> } {
  const input = {
    calls: f.calls,
    threshold: f.threshold.trim() === '' ? '0' : f.threshold.trim(),
    onlyErrors: f.onlyErrors ? 'yes' : 'no',
    statusCode: f.statusCode,
    method: f.method,
    funcname: f.funcname,
    path: f.path,
  };
  const parsed = traceQuerySchema.safeParse(input);
  if (!parsed.success) {
    const errors: Partial<Record<keyof TraceFilters, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof TraceFilters;
      errors[field] ??= issue.message;
    }
    return { ok: false, errors };
  }
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(input)) if (v.trim() !== '') query.set(k, v.trim());
  return { ok: true, query };
}

/** ws:// or wss:// URL of the trace socket on this console, under its base path. */
export function traceSocketUrl(
  query: URLSearchParams,
  location: Pick<Location, 'protocol' | 'host'>,
): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${withBasePath(wsPaths.trace)}?${query}`;
}

/** The newest row first, at most `max` kept. */
export function withNewest<T>(rows: readonly T[], row: T, max = maxTraceRows): T[] {
  return [row, ...rows.slice(0, max - 1)];
}

/** A call's time of day with milliseconds, e.g. '14:03:07.125'. */
export function formatTraceTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '-';
  const pad = (n: number, w = 2): string => String(n).padStart(w, '0');
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}

/** A duration in milliseconds, readable: '850 µs', '12.3 ms', '1.25 s'. */
export function formatTraceDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '-';
  if (ms < 1) return `${Math.round(ms * 1000)} µs`;
  if (ms < 1000) return `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}
