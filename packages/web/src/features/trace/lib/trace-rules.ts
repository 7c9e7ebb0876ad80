// SPDX-License-Identifier: Apache-2.0
import { type TraceQuery, traceQuerySchema } from '@stowage/contracts';

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

/** A duration in milliseconds, readable: '850 µs', '12.3 ms', '1.25 s'. */
export function formatTraceDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '-';
  if (ms < 1) return `${Math.round(ms * 1000)} µs`;
  if (ms < 1000) return `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}
