// SPDX-License-Identifier: Apache-2.0
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import StopOutlined from '@mui/icons-material/StopOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  LinearProgress,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { speedtestMessageSchema } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { saveJson } from '@/shared/api/download';
import { useLiveSocket } from '@/shared/hooks/use-live-socket';
import { Metric } from '@/shared/ui/metric';
import { PageHeader } from '@/shared/ui/page-header';
import {
  type DriveFigures,
  defaultSpeedtestForm,
  formatNs,
  formatRate,
  type ObjectFigures,
  type SpeedtestForm,
  speedtestFigures,
  speedtestFormErrors,
  speedtestSocketPath,
  speedtestState,
} from '../lib/speedtest-rules';

function ObjectResults({ figures, final }: { figures: ObjectFigures; final: boolean }): ReactElement {
  const servers = figures.put.servers.map((s, i) => ({ put: s, get: figures.get.servers[i] }));
  return (
    <Card component="section" aria-label="Object results" sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {final ? 'Object speedtest' : 'Object speedtest (running)'}
        </Typography>
        <Box component="dl" sx={{ display: 'flex', gap: 4, flexWrap: 'wrap', m: 0 }}>
          <Metric label="PUT">{formatRate(figures.put.throughputPerSec)}</Metric>
          <Metric label="PUT objects/s">{figures.put.objectsPerSec}</Metric>
          <Metric label="GET">{formatRate(figures.get.throughputPerSec)}</Metric>
          <Metric label="GET objects/s">{figures.get.objectsPerSec}</Metric>
          <Metric label="Concurrency">{figures.concurrent}</Metric>
          <Metric label="Servers / drives">
            {figures.servers} / {figures.disks}
          </Metric>
          <Metric label="PUT latency p50">{formatNs(figures.put.latencyP50Ns)}</Metric>
          <Metric label="GET first byte p50">{formatNs(figures.get.ttfbP50Ns)}</Metric>
        </Box>
        <Table size="small" aria-label="Throughput per server" sx={{ mt: 2 }}>
          <TableHead>
            <TableRow>
              <TableCell>Server</TableCell>
              <TableCell align="right">PUT</TableCell>
              <TableCell align="right">PUT objects/s</TableCell>
              <TableCell align="right">GET</TableCell>
              <TableCell align="right">GET objects/s</TableCell>
              <TableCell>Error</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {servers.map(({ put, get }) => (
              <TableRow key={put.endpoint}>
                <TableCell>{put.endpoint}</TableCell>
                <TableCell align="right">{formatRate(put.throughputPerSec)}</TableCell>
                <TableCell align="right">{put.objectsPerSec}</TableCell>
                <TableCell align="right">{get ? formatRate(get.throughputPerSec) : '—'}</TableCell>
                <TableCell align="right">{get?.objectsPerSec ?? '—'}</TableCell>
                <TableCell>{put.err || get?.err || ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

function DriveResults({ results }: { results: DriveFigures[] }): ReactElement {
  return (
    <Card component="section" aria-label="Drive results" sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Drives
        </Typography>
        <Table size="small" aria-label="Throughput per drive">
          <TableHead>
            <TableRow>
              <TableCell>Server</TableCell>
              <TableCell>Drive</TableCell>
              <TableCell align="right">Write</TableCell>
              <TableCell align="right">Read</TableCell>
              <TableCell>Error</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {results.flatMap((r) =>
              r.drives.map((d) => (
                <TableRow key={`${r.endpoint} ${d.path}`}>
                  <TableCell>{r.endpoint}</TableCell>
                  <TableCell>{d.path}</TableCell>
                  <TableCell align="right">{formatRate(d.writeThroughput)}</TableCell>
                  <TableCell align="right">{formatRate(d.readThroughput)}</TableCell>
                  <TableCell>{d.error ?? ''}</TableCell>
                </TableRow>
              )),
            )}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

/**
 * /speedtest, Tools → Performance (issue 38, as the community console's): the server's object speedtest
 * (PUT then GET of objects of one size by a number of concurrent requests for a duration; autotune raises
 * the concurrency until throughput stops rising) and its drive test, with figures as they come over a
 * WebSocket, the results per server and per drive, and the whole run as speedtest.json.
 */
export function SpeedtestPage(): ReactElement {
  const live = useLiveSocket(speedtestMessageSchema);
  const [form, setForm] = useState<SpeedtestForm>(defaultSpeedtestForm);
  const errors = speedtestFormErrors(form);
  const state = speedtestState(live.everStarted, live.state, live.closeCode);
  const { object, drives, steps } = speedtestFigures(live.rows);
  const running = state === 'running';
  const set = (patch: Partial<SpeedtestForm>): void => setForm((f) => ({ ...f, ...patch }));

  return (
    <Box>
      <PageHeader
        title="Performance"
        subtitle="Measure object PUT and GET throughput and each drive's speed. The test data is deleted afterwards."
        actions={
          <Box sx={{ display: 'flex', gap: 1 }}>
            {running ? (
              <Button variant="outlined" color="warning" startIcon={<StopOutlined />} onClick={live.stop}>
                Stop
              </Button>
            ) : (
              <Button
                variant="contained"
                startIcon={<PlayArrowOutlined />}
                disabled={Object.keys(errors).length > 0}
                onClick={() => live.start(speedtestSocketPath(form))}
              >
                Start
              </Button>
            )}
            <Button
              variant="outlined"
              startIcon={<DownloadOutlined />}
              disabled={state !== 'done' || object === null}
              onClick={() => saveJson({ form, object, drives }, 'speedtest.json')}
            >
              Download JSON
            </Button>
          </Box>
        }
      />
      <Card component="section" aria-label="Speedtest settings">
        <CardContent sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <TextField
            label="Object size (MiB)"
            value={form.sizeMiB}
            onChange={(e) => set({ sizeMiB: e.target.value })}
            error={errors.sizeMiB !== undefined}
            helperText={errors.sizeMiB ?? ' '}
            disabled={running}
            size="small"
          />
          <TextField
            label="Duration (seconds)"
            value={form.durationSec}
            onChange={(e) => set({ durationSec: e.target.value })}
            error={errors.durationSec !== undefined}
            helperText={errors.durationSec ?? 'Of the PUT phase, and again of the GET phase'}
            disabled={running}
            size="small"
          />
          <TextField
            label="Concurrency"
            value={form.concurrent}
            onChange={(e) => set({ concurrent: e.target.value })}
            error={errors.concurrent !== undefined}
            helperText={errors.concurrent ?? (form.autotune ? 'Autotune starts here or lower' : ' ')}
            disabled={running}
            size="small"
          />
          <FormControlLabel
            control={<Switch checked={form.autotune} onChange={(e) => set({ autotune: e.target.checked })} />}
            label="Autotune"
            disabled={running}
          />
          <FormControlLabel
            control={<Switch checked={form.drive} onChange={(e) => set({ drive: e.target.checked })} />}
            label="Test drives"
            disabled={running}
          />
        </CardContent>
      </Card>
      {running && (
        <Box sx={{ mt: 2 }}>
          <Alert severity="info">
            {object === null
              ? 'Speedtest started: writing the first objects…'
              : `Measuring at concurrency ${object.concurrent}${form.autotune ? ` (step ${steps})` : ''}…`}
          </Alert>
          <LinearProgress sx={{ mt: 1 }} aria-label="Speedtest in progress" />
        </Box>
      )}
      {state === 'done' && (
        <Alert severity="success" sx={{ mt: 2 }}>
          The speedtest is complete.
        </Alert>
      )}
      {state === 'failed' && (
        <Alert severity="error" sx={{ mt: 2 }}>
          The speedtest failed: {live.closedWith}
        </Alert>
      )}
      {object && <ObjectResults figures={object} final={state === 'done'} />}
      {drives.length > 0 && <DriveResults results={drives} />}
    </Box>
  );
}
