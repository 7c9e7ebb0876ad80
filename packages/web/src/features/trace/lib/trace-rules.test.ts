// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { defaultTraceFilters, formatTraceDuration, traceQueryOf } from './trace-rules';

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

  it('formats durations', () => {
    expect(formatTraceDuration(0.85)).toBe('850 µs');
    expect(formatTraceDuration(12.34)).toBe('12 ms');
    expect(formatTraceDuration(4.56)).toBe('4.6 ms');
    expect(formatTraceDuration(1250)).toBe('1.25 s');
  });
});
