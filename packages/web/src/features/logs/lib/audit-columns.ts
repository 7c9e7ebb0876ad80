// SPDX-License-Identifier: Apache-2.0
import type { AuditLogRecord } from '@stowage/contracts';
import { formatBytes } from '@/shared/format/format-bytes';

export type AuditColumnKey = Exclude<keyof AuditLogRecord, 'time' | 'record' | 'response_status_code'>;

export interface AuditColumn {
  key: AuditColumnKey;
  label: string;
  /** The column's share of the table's width, relative to the other columns shown. */
  share: number;
  /** Shown until the user chooses otherwise (spec 3 §9's default columns). */
  byDefault: boolean;
  text: (r: AuditLogRecord) => string;
}

const plain =
  (key: AuditColumnKey) =>
  (r: AuditLogRecord): string =>
    String(r[key]);

/** Every column of the audit table after Time (always shown), in their order. */
export const auditColumns: readonly AuditColumn[] = [
  { key: 'api_name', label: 'API Name', share: 16, byDefault: true, text: plain('api_name') },
  { key: 'bucket', label: 'Bucket', share: 10, byDefault: true, text: plain('bucket') },
  { key: 'object', label: 'Object', share: 15, byDefault: true, text: plain('object') },
  { key: 'remote_host', label: 'Remote Host', share: 12, byDefault: true, text: plain('remote_host') },
  { key: 'request_id', label: 'Request ID', share: 13, byDefault: true, text: plain('request_id') },
  { key: 'user_agent', label: 'User Agent', share: 11, byDefault: true, text: plain('user_agent') },
  {
    key: 'response_status',
    label: 'Status',
    share: 9,
    byDefault: true,
    text: (r) => `${r.response_status_code} ${r.response_status}`,
  },
  {
    key: 'request_content_length',
    label: 'Request Size',
    share: 9,
    byDefault: false,
    text: (r) => formatBytes(r.request_content_length),
  },
  {
    key: 'response_content_length',
    label: 'Response Size',
    share: 9,
    byDefault: false,
    text: (r) => formatBytes(r.response_content_length),
  },
  {
    key: 'time_to_response_ns',
    label: 'Time to Response',
    share: 10,
    byDefault: false,
    text: (r) => `${(r.time_to_response_ns / 1e6).toFixed(1)} ms`,
  },
];

/** The Time column's share (always shown, first); it wraps to two lines where it is narrow. */
const TIME_SHARE = 14;

/**
 * The width of Time and of each shown column as a percentage of the table, so the table fills its card
 * and never grows past it with the default columns (cells truncate with the whole text as their title).
 */
export function auditColumnPercents(shown: readonly AuditColumn[]): { time: string; columns: string[] } {
  const total = TIME_SHARE + shown.reduce((sum, c) => sum + c.share, 0);
  const pct = (share: number): string => `${((share / total) * 100).toFixed(2)}%`;
  return { time: pct(TIME_SHARE), columns: shown.map((c) => pct(c.share)) };
}

/** The keys shown when the user has chosen nothing. */
export const defaultAuditColumns: readonly AuditColumnKey[] = auditColumns
  .filter((c) => c.byDefault)
  .map((c) => c.key);

/** The columns to show for the remembered choice, in the table's order; unknown keys are ignored. */
export function shownAuditColumns(chosen: readonly string[]): AuditColumn[] {
  const set = new Set(chosen);
  return auditColumns.filter((c) => set.has(c.key));
}

/** The choice after the user ticks or unticks `key` (kept in the table's order). */
export function toggleAuditColumn(
  chosen: readonly string[],
  key: AuditColumnKey,
  on: boolean,
): AuditColumnKey[] {
  const set = new Set(chosen);
  if (on) set.add(key);
  else set.delete(key);
  return auditColumns.filter((c) => set.has(c.key)).map((c) => c.key);
}
