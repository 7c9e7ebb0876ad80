import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import StopOutlined from '@mui/icons-material/StopOutlined';
import TimelineOutlined from '@mui/icons-material/TimelineOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  FormControlLabel,
  MenuItem,
  Paper,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import { type TraceMessage, traceCallKinds, traceMessageSchema } from '@stowage/contracts';
import { type ReactElement, useEffect, useRef, useState } from 'react';
import { formatBytes } from '@/shared/format/format-bytes';
import { EmptyState } from '@/shared/ui/empty-state';
import { PageHeader } from '@/shared/ui/page-header';
import {
  defaultTraceFilters,
  formatTraceDuration,
  formatTraceTime,
  type TraceFilters,
  traceQueryOf,
  traceSocketUrl,
  withNewest,
} from '../lib/trace-rules';

type TraceState = 'stopped' | 'connecting' | 'started';

/** A received message and its arrival number, the row's stable key. */
interface TracedCall {
  id: number;
  call: TraceMessage;
}

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
  const [state, setState] = useState<TraceState>('stopped');
  const [rows, setRows] = useState<TracedCall[]>([]);
  const received = useRef(0);
  const [everStarted, setEverStarted] = useState(false);
  const [closedWith, setClosedWith] = useState<string | null>(null);
  const socket = useRef<WebSocket | null>(null);

  useEffect(() => () => socket.current?.close(), []);

  const checked = traceQueryOf(filters);
  const errors = checked.ok ? {} : checked.errors;
  const locked = state !== 'stopped';
  const set = <K extends keyof TraceFilters>(key: K, value: TraceFilters[K]): void =>
    setFilters((f) => ({ ...f, [key]: value }));

  const start = (): void => {
    if (!checked.ok) return;
    setRows([]);
    setClosedWith(null);
    setEverStarted(true);
    setState('connecting');
    const ws = new WebSocket(traceSocketUrl(checked.query, window.location));
    socket.current = ws;
    ws.onopen = () => setState('started');
    ws.onmessage = (event) => {
      const parsed = traceMessageSchema.safeParse(JSON.parse(String(event.data)));
      if (!parsed.success) return;
      const row = { id: ++received.current, call: parsed.data };
      setRows((r) => withNewest(r, row));
    };
    ws.onclose = (event) => {
      if (socket.current !== ws) return;
      socket.current = null;
      setState('stopped');
      if (event.code !== 1000 && event.code !== 1005) {
        setClosedWith(event.reason || 'The trace could not be started or was cut off.');
      }
    };
  };
  const stop = (): void => {
    const ws = socket.current;
    socket.current = null;
    ws?.close(1000);
    setState('stopped');
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
    <Box>
      <PageHeader
        title="Trace"
        subtitle="Calls the server handles, live, as they finish"
        actions={
          <Chip
            label={state === 'started' ? 'Tracing' : state === 'connecting' ? 'Connecting…' : 'Stopped'}
            color={state === 'started' ? 'success' : 'default'}
            variant={state === 'started' ? 'filled' : 'outlined'}
          />
        }
      />
      <Card component="section" aria-label="Trace filters" sx={{ p: 2, mb: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
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
          <Box sx={{ flex: 1 }} />
          {locked ? (
            <Button variant="contained" color="error" startIcon={<StopOutlined />} onClick={stop}>
              Stop
            </Button>
          ) : (
            <Button
              variant="contained"
              startIcon={<PlayArrowOutlined />}
              onClick={start}
              disabled={!checked.ok}
            >
              Start
            </Button>
          )}
        </Box>
      </Card>
      {closedWith && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setClosedWith(null)}>
          Trace stopped: {closedWith}
        </Alert>
      )}
      {rows.length === 0 ? (
        <EmptyState
          icon={<TimelineOutlined />}
          title={everStarted ? 'No Traced elements received yet' : 'Trace is not started yet'}
        >
          {everStarted
            ? 'Calls show here as the server finishes them.'
            : 'Choose what to follow and press Start.'}
        </EmptyState>
      ) : (
        <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: 'calc(100vh - 290px)' }}>
          <Table
            size="small"
            stickyHeader
            aria-label="Traced calls"
            sx={{ '& th, & td': { whiteSpace: 'nowrap', px: 1.25 } }}
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
              {rows.map(({ id, call: r }) => (
                <TableRow key={id} hover>
                  <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{formatTraceTime(r.time)}</TableCell>
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
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
