// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import {
  axisLabels,
  formatWidgetValue,
  lastValue,
  meanValue,
  reduceSeries,
  widgetQuery,
  widgetRows,
} from './widget-values';

const series = (values: Array<number | null>) => ({
  panel: 'p',
  label: 'l',
  points: values.map((v, i): [number, number | null] => [i, v]),
});

describe('widget values (spec 2 §2, §9)', () => {
  it('reduces to the last non-null value or the mean of the non-null ones', () => {
    expect(lastValue(series([1, 5, null]).points)).toBe(5);
    expect(lastValue(series([null, null]).points)).toBeNull();
    expect(meanValue(series([2, null, 4]).points)).toBe(3);
    expect(reduceSeries({ reduce: 'mean' }, series([1, 2, 3, null]))).toBe(2);
    expect(reduceSeries({ reduce: 'last' }, series([1, 2, 3, null]))).toBe(3);
  });

  it('formats by unit, N/A without data', () => {
    expect(formatWidgetValue('bytes', 2048)).toBe('2 KiB');
    expect(formatWidgetValue('count', 12345)).toBe('12,345');
    expect(formatWidgetValue('seconds', 3700)).toBe('1h 1m');
    expect(formatWidgetValue('perSecond', 0.25)).toBe('0.25/s');
    expect(formatWidgetValue('count', null)).toBe('N/A');
  });

  it('labels axis ticks in the unit, exact figures where rounding would repeat a label', () => {
    expect(axisLabels('count', [0, 50, 100])).toEqual(['0', '50', '100']);
    expect(axisLabels('bytesPerSecond', [60_400, 60_500, 60_600])).toEqual(['60,400', '60,500', '60,600']);
    expect(axisLabels('bytesPerSecond', [68_620.1, 68_620.2])).toEqual(['68,620.1', '68,620.2']);
  });

  it('steps one point per 60th of the range, 15 under a minute, nothing without both times', () => {
    const t = new Date('2026-01-01T00:00:00Z');
    const later = new Date(t.getTime() + 86_400_000);
    expect(widgetQuery(t, new Date(t.getTime() + 3600_000), later)).toEqual({
      start: t.getTime() / 1000,
      end: t.getTime() / 1000 + 3600,
      step: 60,
    });
    expect(widgetQuery(t, new Date(t.getTime() + 30_000), later).step).toBe(15);
    // An End Time after now ends the range now.
    expect(widgetQuery(t, later, new Date(t.getTime() + 600_000))).toMatchObject({
      end: t.getTime() / 1000 + 600,
      step: 10,
    });
    expect(widgetQuery(null, t, later)).toEqual({});
  });

  it('lays widgets out in rows by id: figures four to a row, graphs two', () => {
    const w = (id: number, type: string) => ({ id, type });
    const rows = widgetRows([
      w(3, 'linearGraph'),
      w(1, 'singleValue'),
      w(2, 'singleValue'),
      w(4, 'pieChart'),
      w(5, 'barChart'),
    ]);
    expect(rows.map((r) => r.map((x) => x.id))).toEqual([[1, 2], [3, 4], [5]]);
  });
});
