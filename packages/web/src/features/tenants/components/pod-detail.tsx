// SPDX-License-Identifier: Apache-2.0
import { Box, Breadcrumbs, Link, Paper, Tab, Tabs, TextField, Typography } from '@mui/material';
import { links } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { LoadingMessage } from '@/shared/ui/loading-message';
import { QueryErrorAlert } from '@/shared/ui/query-error-alert';
import { usePodEvents, usePodLog } from '../api/pods';
import { highlightedLines } from '../lib/tenant-rules';
import { EventsTable } from './events-table';

function PodLogs({ ns, tenant, pod }: { ns: string; tenant: string; pod: string }): ReactElement {
  const log = usePodLog(ns, tenant, pod);
  const [highlight, setHighlight] = useState('');
  if (log.isPending) return <LoadingMessage />;
  if (log.isError) return <QueryErrorAlert error={log.error} onRetry={() => void log.refetch()} />;
  const lines = log.data;
  const hits = highlightedLines(lines, highlight);
  return (
    <Box>
      <TextField
        size="small"
        label="Highlight Line"
        placeholder="Text to highlight"
        value={highlight}
        onChange={(e) => setHighlight(e.target.value)}
        sx={{ mb: 2, width: 320 }}
      />
      <Paper
        variant="outlined"
        role="log"
        aria-label={`Logs of ${pod}`}
        sx={{
          p: 1.5,
          maxHeight: '60vh',
          overflow: 'auto',
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
          fontSize: 12.5,
          bgcolor: 'background.default',
        }}
      >
        {lines.map((line, i) => (
          <Box
            // biome-ignore lint/suspicious/noArrayIndexKey: log lines are positional and never reordered
            key={i}
            data-highlighted={hits.has(i) ? 'true' : undefined}
            sx={{
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-all',
              px: 0.5,
              ...(hits.has(i) ? { bgcolor: 'warning.light', color: 'warning.contrastText' } : {}),
            }}
          >
            {line || '\u00a0'}
          </Box>
        ))}
      </Paper>
    </Box>
  );
}

/** Pod detail (spec 3 §2): breadcrumb Pods > {pod}, tabs Events and Logs (with Highlight Line). */
export function PodDetail({ ns, tenant }: { ns: string; tenant: string }): ReactElement {
  const { podName = '' } = useParams();
  const [tab, setTab] = useState<'events' | 'logs'>('events');
  const events = usePodEvents(ns, tenant, podName);
  return (
    <Box>
      <Breadcrumbs aria-label="Pod breadcrumb" sx={{ mb: 2 }}>
        <Link
          component={RouterLink}
          to={links.tenantDetails(ns, tenant, 'pods')}
          underline="hover"
          color="inherit"
        >
          Pods
        </Link>
        <Typography color="text.primary">{podName}</Typography>
      </Breadcrumbs>
      <Tabs value={tab} onChange={(_e, v) => setTab(v)} aria-label="Pod tabs" sx={{ mb: 2 }}>
        <Tab value="events" label="Events" sx={{ textTransform: 'none' }} />
        <Tab value="logs" label="Logs" sx={{ textTransform: 'none' }} />
      </Tabs>
      {tab === 'events' ? (
        <EventsTable query={events} events={events.data ?? []} label={`Events of ${podName}`} />
      ) : (
        <PodLogs ns={ns} tenant={tenant} pod={podName} />
      )}
    </Box>
  );
}
