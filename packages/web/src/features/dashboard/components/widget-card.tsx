// SPDX-License-Identifier: Apache-2.0
import { Alert, Box, Card, Skeleton, Stack, Typography } from '@mui/material';
import type { DashboardWidget, WidgetDataResponse } from '@stowage/contracts';
import { lazy, type ReactElement, type ReactNode, Suspense } from 'react';
import { toApiError } from '@/shared/api/api-error';
import { useWidget } from '../api/get-widget';
import { formatWidgetValue, reduceSeries, type WidgetRangeQuery } from '../lib/widget-values';
import { BarChart, Legend, PieChart } from './category-charts';

// The chart library loads with the first graph, not with the app (bundle budget).
const TimeChart = lazy(() => import('./time-chart'));

/** Spec 2 §8. */
export const WIDGET_ERROR_TEXT = 'Widget information could not be retrieved at this time. Please try again.';

const big = { fontSize: 28, fontWeight: 700, fontVariantNumeric: 'tabular-nums', lineHeight: 1.2 } as const;

function reduced(data: WidgetDataResponse) {
  return data.series.map((s) => {
    const value = reduceSeries(data, s);
    return { label: s.label, panel: s.panel, value: value ?? 0, text: formatWidgetValue(data.unit, value) };
  });
}

function chartFallback(height: number): ReactElement {
  return <Skeleton variant="rounded" height={height} />;
}

/** The body of a widget by its type (spec 2 §2: the seven widget types). */
function WidgetBody({ data }: { data: WidgetDataResponse }): ReactElement {
  const values = reduced(data);
  if (data.series.length === 0) {
    return (
      <Typography color="text.secondary" variant="body2">
        No data in this time range.
      </Typography>
    );
  }
  switch (data.type) {
    case 'singleValue':
      return <Typography sx={big}>{values[0]?.text}</Typography>;
    case 'simpleWidget':
      // A merged widget: one figure per panel (e.g. Online and Offline) in one card.
      return (
        <Stack direction="row" spacing={4}>
          {values.map((v) => (
            <Box key={v.panel}>
              <Typography
                variant="caption"
                color="text.secondary"
                sx={{ textTransform: 'uppercase', fontWeight: 600 }}
              >
                {v.panel}
              </Typography>
              <Typography sx={big}>{v.text}</Typography>
            </Box>
          ))}
        </Stack>
      );
    case 'singleRep':
      return (
        <Box>
          <Typography sx={big}>{values[0]?.text}</Typography>
          <Suspense fallback={chartFallback(60)}>
            <TimeChart series={data.series} unit={data.unit} compact height={60} />
          </Suspense>
        </Box>
      );
    case 'pieChart':
      return <PieChart slices={values} />;
    case 'barChart':
      return <BarChart bars={values} />;
    default:
      return (
        <Stack spacing={1.5}>
          <Suspense fallback={chartFallback(220)}>
            <TimeChart series={data.series} unit={data.unit} area={data.type === 'areaGraph'} />
          </Suspense>
          <Legend items={values} />
        </Stack>
      );
  }
}

/** One widget: its title, then its data over the range, or the spec's error text with the reason. */
export function WidgetCard({
  widget,
  range,
}: {
  widget: DashboardWidget;
  range: WidgetRangeQuery;
}): ReactElement {
  const q = useWidget(widget.id, range);
  let body: ReactNode;
  if (q.isPending) body = <Skeleton variant="rounded" height={widget.type.endsWith('Graph') ? 220 : 48} />;
  else if (q.isError) {
    const err = toApiError(q.error);
    body = (
      <Alert severity="warning" variant="outlined">
        {WIDGET_ERROR_TEXT}
        {err.detail && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {err.detail}
          </Typography>
        )}
      </Alert>
    );
  } else body = <WidgetBody data={q.data} />;
  return (
    <Card
      component="section"
      aria-label={widget.title}
      data-widget-type={widget.type}
      data-series={q.data?.series.length ?? 0}
      data-points={q.data?.series.reduce((n, s) => n + s.points.filter((p) => p[1] !== null).length, 0) ?? 0}
      sx={{ p: 2.5, minWidth: 0, height: '100%' }}
    >
      <Typography
        component="h2"
        color="text.secondary"
        sx={{ fontSize: 12, fontWeight: 600, letterSpacing: '0.06em', textTransform: 'uppercase', mb: 1.5 }}
      >
        {widget.title}
      </Typography>
      {body}
    </Card>
  );
}
