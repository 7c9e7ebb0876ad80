// SPDX-License-Identifier: Apache-2.0
import TimelineOutlined from '@mui/icons-material/TimelineOutlined';
import {
  Box,
  FormControlLabel,
  MenuItem,
  Switch,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import { traceCallKinds, traceMessageSchema, wsPaths } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { formatBytes } from '@/shared/format/format-bytes';
import { formatTimeOfDay } from '@/shared/format/format-date';
import { useLiveSocket } from '@/shared/hooks/use-live-socket';
import { LiveToolPage } from '@/shared/ui/live-tool';
import {
  defaultTraceFilters,
  formatTraceDuration,
  type TraceFilters,
  traceQueryOf,
} from '../lib/trace-rules';

const callLabels: Record<TraceFilters['calls'], string> = {
  all: 'All',
  s3: 'S3',
  internal: 'Internal',
  storage: 'Storage',
  os: 'OS',
};
const methods = ['', 'GET', 'PUT', 'POST', 'DELETE', 'HEAD'] as const;

/**
 * /trace (spec 3 "Live tools", §4 "Trace"): filters, Start/Stop and the calls the server handles as they
 * finish, newest first. Start opens the trace socket; the state becomes started when it opens and stopped
 * again on Stop or when the server closes it (its reason is shown). Filters are locked while started.
 */
export function TracePage(): ReactElement {
  const [filters, setFilters] = useState<TraceFilters>(defaultTraceFilters);
  const live = useLiveSocket(traceMessageSchema);
  const { state, rows, everStarted, closedWith } = live;

  const checked = traceQueryOf(filters);
  const errors = checked.ok ? {} : checked.errors;
  const locked = state !== 'stopped';
  const set = <K extends keyof TraceFilters>(key: K, value: TraceFilters[K]): void =>
    setFilters((f) => ({ ...f, [key]: value }));

  const start = (): void => {
    if (checked.ok) live.start(`${wsPaths.trace}?${checked.query}`);
  };

  const text = (key: 'threshold' | 'statusCode' | 'funcname' | 'path', label: string, width: number) => (
    <TextField
      size="small"
      label={label}
      value={filters[key]}
      onChange={(e) => set(key, e.target.value)}
      disabled={locked}
      error={errors[key] !== undefined}
      helperText={errors[key]}
      sx={{ width }}
    />
  );

  return (
    <LiveToolPage
      title="Trace"
      subtitle="Calls the server handles, live, as they finish"
      startedLabel="Tracing"
      state={state}
      closedWith={closedWith}
      onDismiss={live.dismiss}
      canStart={checked.ok}
      onStart={start}
      onStop={live.stop}
      tableLabel="Traced calls"
      rowCount={rows.length}
      empty={{
        icon: <TimelineOutlined />,
        title: everStarted ? 'No Traced elements received yet' : 'Trace is not started yet',
        hint: everStarted
          ? 'Calls show here as the server finishes them.'
          : 'Choose what to follow and press Start.',
      }}
      filters={
        <>
          <TextField
            select
            size="small"
            label="Calls"
            value={filters.calls}
            onChange={(e) => set('calls', e.target.value as TraceFilters['calls'])}
            disabled={locked}
            sx={{ width: 130 }}
          >
            {traceCallKinds.map((k) => (
              <MenuItem key={k} value={k}>
                {callLabels[k]}
              </MenuItem>
            ))}
          </TextField>
          {text('threshold', 'Threshold (ms)', 140)}
          {text('statusCode', 'Status code', 120)}
          <TextField
            select
            size="small"
            label="Method"
            value={filters.method}
            onChange={(e) => set('method', e.target.value)}
            disabled={locked}
            sx={{ width: 120 }}
          >
            {methods.map((m) => (
              <MenuItem key={m} value={m}>
                {m === '' ? 'Any' : m}
              </MenuItem>
            ))}
          </TextField>
          {text('funcname', 'Function name', 180)}
          {text('path', 'Path', 200)}
          <FormControlLabel
            control={
              <Switch
                checked={filters.onlyErrors}
                onChange={(e) => set('onlyErrors', e.target.checked)}
                disabled={locked}
              />
            }
            label="Only errors"
            sx={{ mt: 0.5 }}
          />
        </>
      }
    >
      <TableHead>
        <TableRow>
          <TableCell>Time</TableCell>
          <TableCell>Name</TableCell>
          <TableCell>Call</TableCell>
          <TableCell>Status</TableCell>
          <TableCell>Location</TableCell>
          <TableCell align="right">Load Time</TableCell>
          <TableCell align="right">Upload</TableCell>
          <TableCell align="right">Download</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map(({ id, message: r }) => (
          <TableRow key={id} hover>
            <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{formatTimeOfDay(r.time)}</TableCell>
            <TableCell sx={{ fontWeight: 600 }}>{r.api}</TableCell>
            <TableCell sx={{ maxWidth: 340 }} title={`${r.method} ${r.path} from ${r.client}`}>
              <Box sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                {r.method} {r.path}
              </Box>
              <Box component="span" sx={{ color: 'text.secondary', fontSize: 12 }}>
                from {r.client}
              </Box>
            </TableCell>
            <TableCell sx={{ color: r.statusCode >= 400 ? 'error.main' : undefined }}>
              {r.statusCode} {r.statusMsg}
            </TableCell>
            <TableCell>{r.host}</TableCell>
            <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatTraceDuration(r.callStats.duration)}
            </TableCell>
            <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatBytes(r.callStats.rx)}
            </TableCell>
            <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatBytes(r.callStats.tx)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </LiveToolPage>
  );
}
