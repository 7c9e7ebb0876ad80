// SPDX-License-Identifier: Apache-2.0
import type { AuditLogRecord } from '@stowage/contracts';
import { describe, expect, it } from 'vitest';
import {
  auditColumnPercents,
  defaultAuditColumns,
  shownAuditColumns,
  toggleAuditColumn,
} from './audit-columns';

const record: AuditLogRecord = {
  time: '2026-01-01T00:00:00Z',
  api_name: 'PutObject',
  bucket: 'b',
  object: 'o',
  remote_host: '127.0.0.1',
  request_id: 'r1',
  user_agent: 'ua',
  response_status: 'OK',
  response_status_code: 200,
  request_content_length: 2048,
  response_content_length: 0,
  time_to_response_ns: 1_250_000,
  record: {},
};

describe('audit columns', () => {
  it("defaults to spec 3's columns after Time", () => {
    expect(defaultAuditColumns).toEqual([
      'api_name',
      'bucket',
      'object',
      'remote_host',
      'request_id',
      'user_agent',
      'response_status',
    ]);
  });

  it('adds and removes columns, keeping the table order and dropping unknown keys', () => {
    const withSize = toggleAuditColumn(['bucket', 'api_name'], 'request_content_length', true);
    expect(withSize).toEqual(['api_name', 'bucket', 'request_content_length']);
    expect(toggleAuditColumn(withSize, 'bucket', false)).toEqual(['api_name', 'request_content_length']);
    expect(shownAuditColumns(['gone', 'time_to_response_ns']).map((c) => c.label)).toEqual([
      'Time to Response',
    ]);
  });

  it('shows each column as text', () => {
    const text = Object.fromEntries(
      shownAuditColumns(toggleAuditColumn(defaultAuditColumns, 'time_to_response_ns', true)).map((c) => [
        c.key,
        c.text(record),
      ]),
    );
    expect(text.response_status).toBe('200 OK');
    expect(text.time_to_response_ns).toBe('1.3 ms');
    expect(shownAuditColumns(['request_content_length'])[0]?.text(record)).toBe('2 KiB');
  });

  it('shares the whole table width between Time and the shown columns', () => {
    const sum = (p: { time: string; columns: string[] }): number =>
      [p.time, ...p.columns].reduce((t, x) => t + Number.parseFloat(x), 0);
    const all = auditColumnPercents(shownAuditColumns(defaultAuditColumns));
    expect(all.columns).toHaveLength(defaultAuditColumns.length);
    expect(sum(all)).toBeCloseTo(100, 1);
    // Fewer columns: each gets more of the width, still 100% together.
    const two = auditColumnPercents(shownAuditColumns(['api_name', 'object']));
    expect(sum(two)).toBeCloseTo(100, 1);
    expect(Number.parseFloat(two.columns[1] ?? '0')).toBeGreaterThan(
      Number.parseFloat(all.columns[2] ?? '0'),
    );
    expect(auditColumnPercents([])).toEqual({ time: '100.00%', columns: [] });
  });
});
