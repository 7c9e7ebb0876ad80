// SPDX-License-Identifier: Apache-2.0
import { Box, Stack, Typography } from '@mui/material';
import type { ReactElement } from 'react';
import { seriesColor } from './series-colors';

export interface Slice {
  label: string;
  value: number;
  text: string;
}

/** A donut of the widget's reduced values (pieChart), with a legend of value per slice. */
export function PieChart({ slices }: { slices: Slice[] }): ReactElement {
  const total = slices.reduce((n, s) => n + Math.max(0, s.value), 0);
  const r = 60;
  const c = 2 * Math.PI * r;
  let offset = 0;
  return (
    <Stack direction="row" spacing={3} sx={{ alignItems: 'center' }}>
      <svg width={160} height={160} viewBox="0 0 160 160" role="img" aria-label="Pie chart">
        <circle
          cx={80}
          cy={80}
          r={r}
          fill="none"
          stroke="currentColor"
          strokeOpacity={0.08}
          strokeWidth={28}
        />
        {total > 0 &&
          slices.map((s, i) => {
            const len = (Math.max(0, s.value) / total) * c;
            const el = (
              <circle
                key={s.label}
                cx={80}
                cy={80}
                r={r}
                fill="none"
                stroke={seriesColor(i)}
                strokeWidth={28}
                strokeDasharray={`${len} ${c - len}`}
                strokeDashoffset={-offset}
                transform="rotate(-90 80 80)"
              />
            );
            offset += len;
            return el;
          })}
      </svg>
      <Legend items={slices} />
    </Stack>
  );
}

/** Vertical bars of the widget's reduced values per category (barChart). */
export function BarChart({ bars }: { bars: Slice[] }): ReactElement {
  const max = Math.max(1, ...bars.map((b) => b.value));
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-end', height: 220, pt: 2 }} role="list">
      {bars.map((b, i) => (
        <Stack
          key={b.label}
          role="listitem"
          aria-label={`${b.label}: ${b.text}`}
          sx={{ flex: 1, alignItems: 'center', height: '100%', justifyContent: 'flex-end', minWidth: 0 }}
        >
          <Typography variant="caption" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
            {b.text}
          </Typography>
          <Box
            sx={{
              width: '70%',
              height: `${Math.max(2, (b.value / max) * 150)}px`,
              bgcolor: seriesColor(i),
              borderRadius: '4px 4px 0 0',
            }}
          />
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ textAlign: 'center', lineHeight: 1.2, mt: 0.5, minHeight: 30, fontSize: 11 }}
          >
            {b.label}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}

/** Colour key and value of each series. */
export function Legend({ items }: { items: Array<{ label: string; text: string }> }): ReactElement {
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
      {items.map((it, i) => (
        <Box
          component="li"
          key={it.label}
          sx={{ display: 'flex', alignItems: 'center', gap: 0.75, fontSize: 13 }}
        >
          <Box sx={{ width: 10, height: 10, borderRadius: '2px', bgcolor: seriesColor(i), flexShrink: 0 }} />
          <Typography component="span" variant="body2" color="text.secondary">
            {it.label}
          </Typography>
          <Typography
            component="span"
            variant="body2"
            sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}
          >
            {it.text}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
