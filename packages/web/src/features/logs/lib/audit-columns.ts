// SPDX-License-Identifier: Apache-2.0
import type { AuditLogRecord } from '@stowage/contracts';
import { formatBytes } from '@/shared/format/format-bytes';

export type AuditColumnKey = Exclude<keyof AuditLogRecord, 'time' | 'record' | 'response_status_code'>;

export interface AuditColumn {
  key: AuditColumnKey;
  label: string;
  width: number;
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
  { key: 'api_name', label: 'API Name', width: 160, byDefault: true, text: plain('api_name') },
  { key: 'bucket', label: 'Bucket', width: 140, byDefault: true, text: plain('bucket') },
  { key: 'object', label: 'Object', width: 220, byDefault: true, text: plain('object') },
  { key: 'remote_host', label: 'Remote Host', width: 110, byDefault: true, text: plain('remote_host') },
  { key: 'request_id', label: 'Request ID', width: 170, byDefault: true, text: plain('request_id') },
  { key: 'user_agent', label: 'User Agent', width: 140, byDefault: true, text: plain('user_agent') },
  {
    key: 'response_status',
    label: 'Status',
    width: 110,
    byDefault: true,
    text: (r) => `${r.response_status_code} ${r.response_status}`,
  },
  {
    key: 'request_content_length',
    label: 'Request Size',
    width: 110,
    byDefault: false,
    text: (r) => formatBytes(r.request_content_length),
  },
  {
    key: 'response_content_length',
    label: 'Response Size',
    width: 110,
    byDefault: false,
    text: (r) => formatBytes(r.response_content_length),
  },
  {
    key: 'time_to_response_ns',
    label: 'Time to Response',
    width: 130,
    byDefault: false,
    text: (r) => `${(r.time_to_response_ns / 1e6).toFixed(1)} ms`,
  },
];

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
