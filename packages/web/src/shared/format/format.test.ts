// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes';
import { formatDateTime, formatTimeOfDay } from './format-date';
import { formatCount } from './format-number';

describe('formatters (spec 1 §9)', () => {
  it('formats sizes in binary units', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1024)).toBe('1 KiB');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5 GiB');
    expect(formatBytes(123 * 1024 ** 4)).toBe('123 TiB');
    expect(formatBytes(2 * 1024 ** 5)).toBe('2 PiB');
    expect(formatBytes(-1)).toBe('-');
  });

  it('groups counts with commas', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(1234567)).toBe('1,234,567');
  });

  it("shows '-' for Go's zero time and garbage", () => {
    expect(formatDateTime('0001-01-01T00:00:00Z')).toBe('-');
    expect(formatDateTime('not a date')).toBe('-');
    expect(formatDateTime('2025-03-04T05:06:07Z')).toMatch(/2025/);
  });

  it('formats a time of day with milliseconds for live tools', () => {
    expect(formatTimeOfDay('not a date')).toBe('-');
    expect(formatTimeOfDay(new Date(2026, 0, 2, 3, 4, 5, 6).toISOString())).toBe('03:04:05.006');
  });
});
