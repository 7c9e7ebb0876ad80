// SPDX-License-Identifier: Apache-2.0
import { Box, Button, LinearProgress, List, ListItem, Typography } from '@mui/material';
import type { Job, JobAction } from '@stowage/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactElement, useEffect, useRef, useState } from 'react';
import { formatBytes } from '@/shared/format/format-bytes';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useJobs } from '../api/list-jobs';
import { objectKeys } from '../api/object-keys';
import { useUpdateJob } from '../api/update-job';
import { jobStatusLine, shownJobs } from '../lib/job-status';
import { DockPanel } from './dock-panel';

function JobRow({ job }: { job: Job }): ReactElement {
  const update = useUpdateJob();
  const { showError } = useSnackbar();
  const [showFailures, setShowFailures] = useState(false);
  const act = (action: JobAction): void => update.mutate({ id: job.id, action }, { onError: showError });
  const active = job.state === 'running' || job.state === 'paused';
  return (
    <ListItem divider aria-label={job.title} data-state={job.state} sx={{ display: 'block', py: 1, px: 2 }}>
      <Typography variant="body2" title={job.title} sx={{ fontWeight: 500, wordBreak: 'break-word' }}>
        {job.title}
      </Typography>
      <LinearProgress
        variant={job.state === 'running' ? 'indeterminate' : 'determinate'}
        value={100}
        color={
          job.state === 'failed'
            ? 'error'
            : job.state === 'completed'
              ? job.progress.failed > 0
                ? 'warning'
                : 'success'
              : 'primary'
        }
        aria-label={`Progress of ${job.title}`}
        sx={{ my: 0.75, height: 6, borderRadius: 3, opacity: job.state === 'paused' ? 0.4 : 1 }}
      />
      <Typography variant="caption" color="text.secondary" component="p" role="status">
        {jobStatusLine(job, formatBytes)}
      </Typography>
      {job.progress.current_key !== undefined && job.state !== 'completed' && (
        <Typography
          variant="caption"
          color="text.secondary"
          component="p"
          noWrap
          title={job.progress.current_key}
        >
          {job.state === 'running' ? 'Now: ' : 'At: '}
          {job.progress.current_key}
        </Typography>
      )}
      {(job.paused_reason ?? job.error) !== undefined && (
        <Typography variant="caption" color={job.error ? 'error' : 'warning.main'} component="p">
          {job.paused_reason ?? job.error}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, mt: 0.5, flexWrap: 'wrap' }}>
        {job.state === 'running' && (
          <Button size="small" disabled={update.isPending} onClick={() => act('pause')}>
            Pause
          </Button>
        )}
        {job.state === 'paused' && (
          <Button size="small" disabled={update.isPending} onClick={() => act('resume')}>
            Resume
          </Button>
        )}
        {active && (
          <Button size="small" color="error" disabled={update.isPending} onClick={() => act('cancel')}>
            Cancel
          </Button>
        )}
        {job.failures.length > 0 && (
          <Button size="small" onClick={() => setShowFailures(!showFailures)}>
            {showFailures
              ? 'Hide failures'
              : `Show failures (${job.progress.failed.toLocaleString('en-US')})`}
          </Button>
        )}
      </Box>
      {showFailures && (
        <List
          dense
          disablePadding
          aria-label={`Failures of ${job.title}`}
          sx={{ maxHeight: 160, overflowY: 'auto' }}
        >
          {job.failures.map((f) => (
            <ListItem key={f.key} disableGutters sx={{ display: 'block', py: 0.25 }}>
              <Typography variant="caption" component="p" sx={{ fontWeight: 600, wordBreak: 'break-all' }}>
                {f.key}
              </Typography>
              <Typography variant="caption" color="error" component="p">
                {f.reason}
              </Typography>
            </ListItem>
          ))}
        </List>
      )}
    </ListItem>
  );
}

/**
 * The jobs panel (issue 35), the dock's upper panel (`object-dock.tsx`): the account's background jobs — copies, moves, renames, big deletes — with
 * their progress (objects, bytes, current key), Pause / Resume / Cancel and the failures with reasons.
 * When a job ends, the listings of its buckets are reloaded.
 */
export function JobsPanel(): ReactElement | null {
  const jobs = useJobs();
  const queryClient = useQueryClient();
  const seen = useRef(new Map<string, Job['state']>());
  const list = jobs.data?.jobs;

  useEffect(() => {
    for (const j of list ?? []) {
      const before = seen.current.get(j.id);
      if (before === 'running' && j.state !== 'running') {
        for (const b of [j.source_bucket, j.target_bucket])
          if (b !== undefined) void queryClient.invalidateQueries({ queryKey: objectKeys.bucket(b) });
      }
      seen.current.set(j.id, j.state);
    }
  }, [list, queryClient]);

  const shown = shownJobs(list ?? [], Date.now());
  if (shown.length === 0) return null;
  const running = shown.filter((j) => j.state === 'running').length;
  return (
    <DockPanel title="Jobs" noun="jobs" status={running > 0 ? `${running} running` : 'None running'}>
      {shown.map((j) => (
        <JobRow key={j.id} job={j} />
      ))}
    </DockPanel>
  );
}
