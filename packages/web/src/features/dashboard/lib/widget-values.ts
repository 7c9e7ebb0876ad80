// SPDX-License-Identifier: Apache-2.0
import type { WidgetDataResponse, WidgetSeries, WidgetUnit } from '@stowage/contracts';
import { formatBytes } from '@/shared/format/format-bytes';
import { formatCount } from '@/shared/format/format-number';
import { formatUptime } from './dashboard-rules';

/** The last non-null value of a series (null when it has none). */
export function lastValue(points: WidgetSeries['points']): number | null {
  for (let i = points.length - 1; i >= 0; i--) {
    const v = points[i]?.[1];
    if (v !== null && v !== undefined) return v;
  }
  return null;
}

/** The mean of a series' non-null values (null when it has none). */
export function meanValue(points: WidgetSeries['points']): number | null {
  const values = points.map((p) => p[1]).filter((v): v is number => v !== null);
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
}

/** A series reduced as its widget says (spec 2 §2: the last non-null value or the mean). */
export function reduceSeries(widget: Pick<WidgetDataResponse, 'reduce'>, s: WidgetSeries): number | null {
  return widget.reduce === 'mean' ? meanValue(s.points) : lastValue(s.points);
}

/** A widget's value in its unit, for cards, legends and axes. */
export function formatWidgetValue(unit: WidgetUnit, value: number | null): string {
  if (value === null) return 'N/A';
  switch (unit) {
    case 'bytes':
      return formatBytes(value);
    case 'bytesPerSecond':
      return `${formatBytes(value)}/s`;
    case 'seconds':
      return formatUptime(value);
    case 'perSecond':
      return `${formatRate(value)}/s`;
    case 'cores':
      return `${formatRate(value * 100)} %`;
    default:
      return formatCount(Math.round(value));
  }
}

/**
 * Axis tick labels in the widget's unit; where rounding makes neighbours read the same (a narrow band of
 * byte rates), the plain figures with as many significant digits as it takes to tell them apart.
 */
export function axisLabels(unit: WidgetUnit, ticks: readonly number[]): string[] {
  const labels = ticks.map((v) => formatWidgetValue(unit, v));
  const distinct = (l: string[]): boolean => new Set(l).size === l.length;
  if (distinct(labels)) return labels;
  let plain: string[] = [];
  for (let digits = 4; digits <= 15; digits++) {
    plain = ticks.map((v) =>
      Number(v.toPrecision(digits)).toLocaleString('en-US', { maximumFractionDigits: 10 }),
    );
    if (distinct(plain)) break;
  }
  return plain;
}

function formatRate(v: number): string {
  if (v === 0) return '0';
  if (Math.abs(v) >= 100) return formatCount(Math.round(v));
  return v.toPrecision(3).replace(/\.?0+$/, '');
}

/** The range the pickers ask for, as the widget call's query (spec 2 §7, §9). */
export interface WidgetRangeQuery {
  start?: number;
  end?: number;
  step?: number;
}

/**
 * `start`/`end` in unix seconds and the step: the range in minutes (one point per 60th of the range), 15
 * when the range is under a minute (spec 2 §9); an End Time in the future ends the range now. Without both times, the console's default range (the
 * last hour) applies.
 */
export function widgetQuery(start: Date | null, end: Date | null, now: Date): WidgetRangeQuery {
  if (start === null || end === null) return {};
  const s = Math.floor(start.getTime() / 1000);
  // No samples exist after now: a later End Time ends the range now (Prometheus would repeat the last one).
  const e = Math.floor(Math.min(end.getTime(), now.getTime()) / 1000);
  const periods = Math.floor((e - s) / 60);
  return { start: s, end: e, step: periods < 1 ? 15 : periods };
}

/** Groups widgets into rows in id order: graphs take a row of two, figures a row of four. */
export function widgetRows<T extends { id: number; type: string }>(widgets: readonly T[]): T[][] {
  const small = new Set(['singleValue', 'simpleWidget', 'singleRep']);
  const rows: T[][] = [];
  for (const w of [...widgets].sort((a, b) => a.id - b.id)) {
    const last = rows.at(-1);
    const size = small.has(w.type) ? 4 : 2;
    const lastSmall = last?.[0] !== undefined && small.has(last[0].type);
    if (last && lastSmall === small.has(w.type) && last.length < size) last.push(w);
    else rows.push([w]);
  }
  return rows;
}
