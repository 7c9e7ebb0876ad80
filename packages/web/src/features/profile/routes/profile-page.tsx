// SPDX-License-Identifier: Apache-2.0
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import StopOutlined from '@mui/icons-material/StopOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  LinearProgress,
  Typography,
} from '@mui/material';
import type { ProfilerTypeName } from '@stowage/contracts';
import { useMutation } from '@tanstack/react-query';
import { type ReactElement, useState } from 'react';
import { errorText, toApiError } from '@/shared/api/api-error';
import { PageHeader } from '@/shared/ui/page-header';
import { startProfile, stopProfile } from '../api/profile';

const TYPES: { type: ProfilerTypeName; label: string; file: string }[] = [
  { type: 'cpu', label: 'CPU profile', file: '.cpuprofile — DevTools Performance' },
  {
    type: 'mem',
    label: 'Heap profile (allocations while profiling)',
    file: '.heapprofile — DevTools Memory',
  },
  { type: 'heap', label: 'Heap snapshot (taken at Stop)', file: '.heapsnapshot — DevTools Memory' },
];

/**
 * /profile, Tools → Profile (issue 38, as the community console's): choose what to profile, Start, let
 * the server work, Stop — the server's zip of the profiles downloads as `profile.zip`, each file one that
 * Chrome DevTools opens. The profiling runs in the server, not in this page (the server stops a profiling
 * left running after an hour and keeps it for the next Stop).
 */
export function ProfilePage(): ReactElement {
  const [types, setTypes] = useState<ProfilerTypeName[]>(['cpu']);
  const [since, setSince] = useState<Date | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: () => startProfile(types),
    onMutate: () => {
      setSaved(null);
      stop.reset();
    },
    onSuccess: (answer) => {
      if (answer.nodes.every((n) => n.success)) setSince(new Date());
    },
  });
  const stop = useMutation({
    mutationFn: stopProfile,
    onSuccess: (name) => {
      setSince(null);
      setSaved(name);
    },
  });
  const failed = start.data?.nodes.filter((n) => !n.success) ?? [];
  const toggle = (type: ProfilerTypeName, on: boolean): void =>
    setTypes((ts) => (on ? [...ts, type] : ts.filter((t) => t !== type)));
  const running = since !== null;
  const busy = start.isPending || stop.isPending;

  return (
    <Box>
      <PageHeader title="Profile" subtitle="Profile the server process's CPU and memory for support" />
      <Card component="section" aria-label="Profile">
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 640 }}>
          <FormControl component="fieldset" error={types.length === 0} disabled={running}>
            <FormLabel component="legend">Profile types</FormLabel>
            <FormGroup>
              {TYPES.map((t) => (
                <FormControlLabel
                  key={t.type}
                  control={
                    <Checkbox
                      checked={types.includes(t.type)}
                      onChange={(e) => toggle(t.type, e.target.checked)}
                    />
                  }
                  label={
                    <span>
                      {t.label}{' '}
                      <Typography component="span" variant="body2" color="text.secondary">
                        ({t.file})
                      </Typography>
                    </span>
                  }
                />
              ))}
            </FormGroup>
            {types.length === 0 && <FormHelperText>Choose at least one profile type</FormHelperText>}
          </FormControl>
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button
              variant="contained"
              startIcon={<PlayArrowOutlined />}
              disabled={running || busy || types.length === 0}
              onClick={() => start.mutate()}
            >
              Start
            </Button>
            <Button
              variant="outlined"
              startIcon={<StopOutlined />}
              disabled={!running || busy}
              onClick={() => stop.mutate()}
            >
              {stop.isPending ? 'Collecting…' : 'Stop and download'}
            </Button>
          </Box>
          {running && (
            <Box>
              <LinearProgress aria-label="Profiling in progress" />
              <Typography variant="body2" sx={{ mt: 1 }}>
                Profiling since {since.toLocaleTimeString()}. Let the server do the work you want to see, then
                Stop.
              </Typography>
            </Box>
          )}
          {failed.map((n) => (
            <Alert key={n.nodeName} severity="error" role="alert">
              {n.nodeName}: {n.error || 'the profilers did not start'}
            </Alert>
          ))}
          {(start.isError || stop.isError) && (
            <Alert severity="error" role="alert">
              {errorText(toApiError(start.error ?? stop.error))}
            </Alert>
          )}
          {saved && (
            <Alert severity="success">
              {saved} has been downloaded. Open its .cpuprofile files in Chrome DevTools' Performance panel
              and the heap files in its Memory panel.
            </Alert>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
