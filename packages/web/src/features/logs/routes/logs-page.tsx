// SPDX-License-Identifier: Apache-2.0
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import {
  Box,
  Card,
  Chip,
  List,
  ListItemButton,
  ListItemText,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { type ConsoleLogMessage, consoleLogMessageSchema, wsPaths } from '@stowage/contracts';
import { type ReactElement, useEffect, useState } from 'react';
import { formatDateTime, formatTimeOfDay } from '@/shared/format/format-date';
import { type LiveRow, useLiveSocket } from '@/shared/hooks/use-live-socket';
import { useSession } from '@/shared/session/get-session';
import { EmptyState } from '@/shared/ui/empty-state';
import { LiveStateChip } from '@/shared/ui/live-tool';
import { PageHeader } from '@/shared/ui/page-header';
import { AuditLogs } from '../components/audit-logs';

const levelColor = (level: string): 'error' | 'warning' | 'info' =>
  level === 'ERROR' ? 'error' : level === 'WARNING' ? 'warning' : 'info';

function matches(m: ConsoleLogMessage, needle: string): boolean {
  if (needle === '') return true;
  const n = needle.toLowerCase();
  return [m.ConsoleMsg, m.error?.message ?? '', m.api?.name ?? '', m.host ?? '', m.level].some((t) =>
    t.toLowerCase().includes(n),
  );
}

function LogEntry({ m }: { m: ConsoleLogMessage }): ReactElement {
  return (
    <Box component="li" sx={{ listStyle: 'none', px: 2, py: 1.25, borderBottom: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip
          size="small"
          color={levelColor(m.level)}
          label={m.level}
          sx={{ fontWeight: 600, minWidth: 76 }}
        />
        <Typography
          variant="body2"
          color="text.secondary"
          title={formatDateTime(m.time)}
          sx={{ fontVariantNumeric: 'tabular-nums' }}
        >
          {formatTimeOfDay(m.time)}
        </Typography>
        {m.host && (
          <Typography variant="body2" color="text.secondary">
            {m.host}
          </Typography>
        )}
        {m.api && <Chip size="small" variant="outlined" label={m.api.name} />}
      </Box>
      <Typography sx={{ mt: 0.5, fontWeight: 500, wordBreak: 'break-word' }}>{m.ConsoleMsg}</Typography>
      {m.error && m.error.message !== m.ConsoleMsg && (
        <Typography variant="body2" color="error" sx={{ wordBreak: 'break-word' }}>
          {m.error.message}
        </Typography>
      )}
      {m.error && m.error.source.length > 0 && (
        <Box
          component="pre"
          sx={{
            m: 0,
            mt: 0.5,
            fontSize: 12,
            color: 'text.secondary',
            whiteSpace: 'pre-wrap',
            overflowX: 'auto',
          }}
        >
          {m.error.source.join('\n')}
        </Box>
      )}
    </Box>
  );
}

/**
 * /logs (spec 3 "Live tools"): a side menu with Error Logs and Audit Logs. Error Logs follows the server's
 * log from the moment the page opens (its last 100 entries first), newest first, with a filter. Audit Logs
 * needs the log search service, which the session lists as the 'log-search' feature; without it the entry
 * is disabled.
 */
export function LogsPage(): ReactElement {
  const session = useSession();
  const logSearch = session.data?.features.includes('log-search') ?? false;
  const live = useLiveSocket(consoleLogMessageSchema);
  const { start, stop } = live;
  const [filter, setFilter] = useState('');
  const [view, setView] = useState<'error' | 'audit'>('error');

  useEffect(() => {
    start(wsPaths.console);
    return stop;
  }, [start, stop]);

  const shown = live.rows.filter((r: LiveRow<ConsoleLogMessage>) => matches(r.message, filter.trim()));

  return (
    <Box>
      <PageHeader
        title="Logs"
        subtitle={
          view === 'audit'
            ? 'Every request to the server, searchable'
            : 'What the server reports about itself, live'
        }
      />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: { xs: 'wrap', md: 'nowrap' } }}>
        <Card component="nav" aria-label="Log kinds" sx={{ width: { xs: '100%', md: 220 }, flexShrink: 0 }}>
          <List dense disablePadding>
            <ListItemButton selected={view === 'error'} onClick={() => setView('error')}>
              <ListItemText primary="Error Logs" />
            </ListItemButton>
            <ListItemButton
              disabled={!logSearch}
              selected={view === 'audit'}
              onClick={() => setView('audit')}
            >
              <ListItemText
                primary="Audit Logs"
                secondary={logSearch ? undefined : 'Needs the log search service'}
              />
            </ListItemButton>
          </List>
        </Card>
        {view === 'audit' && logSearch ? (
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <AuditLogs />
          </Box>
        ) : (
          <Stack spacing={2} sx={{ flex: 1, minWidth: 0 }}>
            <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
              <TextField
                size="small"
                label="Filter"
                value={filter}
                onChange={(e) => setFilter(e.target.value)}
                sx={{ width: 320 }}
              />
              <Box sx={{ flex: 1 }} />
              <LiveStateChip state={live.state} startedLabel="Following" />
            </Box>
            {live.closedWith !== null && (
              <Typography color="error" role="alert">
                Error Logs stopped: {live.closedWith}
              </Typography>
            )}
            {shown.length === 0 ? (
              <EmptyState icon={<ReportProblemOutlined />} title="No log entries">
                {live.rows.length === 0
                  ? 'The server has logged nothing yet. Drive failures and internal errors show here as they happen.'
                  : `No entry contains “${filter.trim()}”.`}
              </EmptyState>
            ) : (
              <Paper variant="outlined" sx={{ maxHeight: 'calc(100vh - 230px)', overflowY: 'auto' }}>
                <Box component="ul" aria-label="Error log" sx={{ m: 0, p: 0 }}>
                  {shown.map((r) => (
                    <LogEntry key={r.id} m={r.message} />
                  ))}
                </Box>
              </Paper>
            )}
          </Stack>
        )}
      </Box>
    </Box>
  );
}
