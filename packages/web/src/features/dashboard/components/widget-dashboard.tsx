// SPDX-License-Identifier: Apache-2.0
import SyncOutlined from '@mui/icons-material/SyncOutlined';
import { Box, Button, Stack, Tab, Tabs, TextField } from '@mui/material';
import type { DashboardWidget, WidgetTab } from '@stowage/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactElement, useState } from 'react';
import { dashboardKeys } from '../api/get-admin-info';
import { widgetQuery, widgetRows } from '../lib/widget-values';
import { WidgetCard } from './widget-card';

const TABS: Array<{ value: WidgetTab; label: string }> = [
  { value: 'summary', label: 'Summary' },
  { value: 'traffic', label: 'Traffic' },
  { value: 'resources', label: 'Resources' },
];

/** `datetime-local` text ↔ Date (local time), '' for none. */
function parseLocal(text: string): Date | null {
  if (!text) return null;
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** A date and time picker (local time); the helper line is kept so the bar does not jump. */
function TimePicker({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  error?: string | undefined;
}): ReactElement {
  return (
    <TextField
      label={label}
      type="datetime-local"
      size="small"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error !== undefined}
      helperText={error ?? ' '}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}

/**
 * The widget dashboard (spec 2 §2): Start Time / End Time pickers and Sync (reloads every widget), tabs
 * Summary, Traffic and Resources, widgets in rows by id. Without both times the last hour is shown.
 */
export function WidgetDashboard({ widgets }: { widgets: readonly DashboardWidget[] }): ReactElement {
  const [tab, setTab] = useState<WidgetTab>('summary');
  const [startText, setStartText] = useState('');
  const [endText, setEndText] = useState('');
  // "Now" for an End Time in the future: the page's opening, then each Sync (a stable query key between).
  const [syncedAt, setSyncedAt] = useState(() => new Date());
  const queryClient = useQueryClient();
  const start = parseLocal(startText);
  const end = parseLocal(endText);
  const badRange = start !== null && end !== null && end <= start;
  // Query keys are compared by value: a new object with the same times is the same query.
  const range = badRange ? {} : widgetQuery(start, end, syncedAt);
  const rows = widgetRows(widgets.filter((w) => w.tab === tab));

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, alignItems: { sm: 'flex-start' } }}
      >
        <TimePicker label="Start Time" value={startText} onChange={setStartText} />
        <TimePicker
          label="End Time"
          value={endText}
          onChange={setEndText}
          error={badRange ? 'The End Time must be after the Start Time.' : undefined}
        />
        <Button
          variant="contained"
          startIcon={<SyncOutlined />}
          onClick={() => {
            setSyncedAt(new Date());
            void queryClient.invalidateQueries({ queryKey: dashboardKeys.widgets() });
          }}
        >
          Sync
        </Button>
      </Stack>
      <Tabs value={tab} onChange={(_, t: WidgetTab) => setTab(t)} sx={{ mb: 2 }}>
        {TABS.map((t) => (
          <Tab key={t.value} value={t.value} label={t.label} />
        ))}
      </Tabs>
      <Stack spacing={2} role="tabpanel" aria-label={TABS.find((t) => t.value === tab)?.label}>
        {rows.map((row) => (
          <Box
            key={row.map((w) => w.id).join('-')}
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: {
                xs: '1fr',
                md: `repeat(${Math.min(row.length, 2)}, minmax(0, 1fr))`,
                lg: `repeat(${row.length}, minmax(0, 1fr))`,
              },
            }}
          >
            {row.map((w) => (
              <WidgetCard key={w.id} widget={w} range={range} />
            ))}
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
