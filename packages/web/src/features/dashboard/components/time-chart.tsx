// SPDX-License-Identifier: Apache-2.0
import { Box, useColorScheme } from '@mui/material';
import type { WidgetSeries, WidgetUnit } from '@stowage/contracts';
import { type ReactElement, useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { axisLabels, formatWidgetValue } from '../lib/widget-values';
import { seriesColor } from './series-colors';

/**
 * A time-series chart (uPlot, loaded with this module only when a graph widget first shows): lines, or
 * filled areas, gaps where Prometheus had no sample. `compact` draws a bare sparkline (singleRep).
 */
export default function TimeChart({
  series,
  unit,
  area = false,
  compact = false,
  height = 220,
}: {
  series: WidgetSeries[];
  unit: WidgetUnit;
  area?: boolean;
  compact?: boolean;
  height?: number;
}): ReactElement {
  const ref = useRef<HTMLDivElement>(null);
  // The canvas cannot use the theme's CSS variables: the axes take the colours the box computes.
  const { mode, systemMode } = useColorScheme();
  const scheme = mode === 'system' ? systemMode : mode;

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // Redrawn when the colour scheme changes; the computed colours follow it.
    el.dataset.scheme = scheme ?? 'light';
    const xs = series[0]?.points.map((p) => p[0]) ?? [];
    const data: uPlot.AlignedData = [xs, ...series.map((s) => s.points.map((p) => p[1]))];
    const style = getComputedStyle(el);
    const axisColor = style.color;
    const gridColor = style.borderTopColor;
    const opts: uPlot.Options = {
      width: Math.max(120, el.clientWidth),
      height,
      legend: { show: false },
      cursor: { show: !compact },
      padding: compact ? [4, 0, 0, 0] : [12, 12, 0, 0],
      series: [
        {},
        ...series.map((s, i) => ({
          label: s.label,
          stroke: seriesColor(i),
          width: 2,
          spanGaps: false,
          // Isolated samples (a fresh server, a long range) show as dots.
          points: { show: true, size: compact ? 3 : 5 },
          ...(area || compact ? { fill: `${seriesColor(i)}33` } : {}),
          value: (_u: uPlot, v: number | null) => formatWidgetValue(unit, v),
        })),
      ],
      axes: compact
        ? [{ show: false }, { show: false }]
        : [
            { stroke: axisColor, grid: { stroke: gridColor, width: 1 }, ticks: { stroke: gridColor } },
            {
              stroke: axisColor,
              size: 80,
              grid: { stroke: gridColor, width: 1 },
              ticks: { stroke: gridColor },
              values: (_u, vals) => axisLabels(unit, vals),
            },
          ],
    };
    const chart = new uPlot(opts, data, el);
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(120, el.clientWidth), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [series, unit, area, compact, height, scheme]);

  return (
    <Box
      ref={ref}
      sx={{ width: '100%', minHeight: height, color: 'text.secondary', borderTopColor: 'divider' }}
    />
  );
}
