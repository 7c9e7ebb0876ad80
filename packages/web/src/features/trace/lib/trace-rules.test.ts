import type { TraceMessage } from '@stowage/contracts';
import { describe, expect, it } from 'vitest';
import {
  defaultTraceFilters,
  formatTraceDuration,
  formatTraceTime,
  traceQueryOf,
  traceSocketUrl,
  withNewest,
} from './trace-rules';

const message = (api: string): TraceMessage => ({
  time: '2026-11-24T10:00:00.000Z',
  api,
  method: 'GET',
  path: '/b/k',
  statusCode: 200,
  statusMsg: 'OK',
  host: 'h:9000',
  client: '127.0.0.1',
  callStats: { duration: 1, rx: 0, tx: 0 },
});

describe('trace rules', () => {
  it('builds the socket query from the filters, leaving out empty ones', () => {
    const r = traceQueryOf({ ...defaultTraceFilters, calls: 's3', onlyErrors: true, path: ' /photos ' });
    expect(r.ok && r.query.toString()).toBe('calls=s3&threshold=0&onlyErrors=yes&path=%2Fphotos');
  });

  it('refuses a negative or fractional threshold and a malformed status code, per field', () => {
    const r = traceQueryOf({ ...defaultTraceFilters, threshold: '-1', statusCode: '20' });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors.threshold).toBe('Threshold must be at least 0');
      expect(r.errors.statusCode).toBe('Status code must be three digits');
    }
    const frac = traceQueryOf({ ...defaultTraceFilters, threshold: '1.5' });
    expect(!frac.ok && frac.errors.threshold).toBe('Threshold must be a whole number of milliseconds');
    const word = traceQueryOf({ ...defaultTraceFilters, threshold: 'soon' });
    expect(!word.ok && word.errors.threshold).toBe('Threshold must be a number');
  });

  it('points the socket at this console, wss under https', () => {
    const q = new URLSearchParams('calls=all');
    expect(traceSocketUrl(q, { protocol: 'http:', host: 'console:9090' })).toBe(
      'ws://console:9090/ws/trace?calls=all',
    );
    expect(traceSocketUrl(q, { protocol: 'https:', host: 'c.example' })).toMatch(/^wss:\/\/c\.example\//);
  });

  it('keeps the newest rows first and at most the cap', () => {
    let rows: TraceMessage[] = [];
    for (let i = 0; i < 5; i++) rows = withNewest(rows, message(`call-${i}`), 3);
    expect(rows.map((r) => r.api)).toEqual(['call-4', 'call-3', 'call-2']);
  });

  it('formats durations and times of day', () => {
    expect(formatTraceDuration(0.85)).toBe('850 µs');
    expect(formatTraceDuration(12.34)).toBe('12 ms');
    expect(formatTraceDuration(4.56)).toBe('4.6 ms');
    expect(formatTraceDuration(1250)).toBe('1.25 s');
    expect(formatTraceTime('not a date')).toBe('-');
    expect(formatTraceTime(new Date(2026, 0, 2, 3, 4, 5, 6).toISOString())).toBe('03:04:05.006');
  });
});
