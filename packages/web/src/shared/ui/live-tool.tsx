// SPDX-License-Identifier: Apache-2.0
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import StopOutlined from '@mui/icons-material/StopOutlined';
import { Alert, Box, Button, Card, Chip, Paper, Table, TableContainer } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import type { LiveState } from '../hooks/use-live-socket';
import { EmptyState } from './empty-state';
import { PageHeader } from './page-header';

/** The state of a live tool in its page header: Stopped, Connecting…, or `startedLabel` ('Tracing'). */
export function LiveStateChip({
  state,
  startedLabel,
}: {
  state: LiveState;
  startedLabel: string;
}): ReactElement {
  const started = state === 'started';
  return (
    <Chip
      label={started ? startedLabel : state === 'connecting' ? 'Connecting…' : 'Stopped'}
      color={started ? 'success' : 'default'}
      variant={started ? 'filled' : 'outlined'}
    />
  );
}

/**
 * The page of a live tool (spec 3 "Live tools"): title and state chip; the filters with Start (or Stop
 * while running); why it stopped, when the server closed it; then the rows as a table, or an empty state
 * until the first one arrives.
 */
export function LiveToolPage({
  title,
  subtitle,
  startedLabel,
  state,
  closedWith,
  onDismiss,
  filters,
  canStart,
  onStart,
  onStop,
  tableLabel,
  rowCount,
  empty,
  children,
}: {
  title: string;
  subtitle: string;
  startedLabel: string;
  state: LiveState;
  closedWith: string | null;
  onDismiss: () => void;
  /** The filter inputs; they should be disabled while the state is not 'stopped'. */
  filters: ReactNode;
  canStart: boolean;
  onStart: () => void;
  onStop: () => void;
  tableLabel: string;
  rowCount: number;
  empty: { icon: ReactNode; title: string; hint: string };
  /** The table's head and body. */
  children: ReactNode;
}): ReactElement {
  return (
    <Box>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={<LiveStateChip state={state} startedLabel={startedLabel} />}
      />
      <Card component="section" aria-label={`${title} filters`} sx={{ p: 2, mb: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
          {filters}
          <Box sx={{ flex: 1 }} />
          {state === 'stopped' ? (
            <Button
              variant="contained"
              startIcon={<PlayArrowOutlined />}
              onClick={onStart}
              disabled={!canStart}
            >
              Start
            </Button>
          ) : (
            <Button variant="contained" color="error" startIcon={<StopOutlined />} onClick={onStop}>
              Stop
            </Button>
          )}
        </Box>
      </Card>
      {closedWith !== null && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={onDismiss}>
          {title} stopped: {closedWith}
        </Alert>
      )}
      {rowCount === 0 ? (
        <EmptyState icon={empty.icon} title={empty.title}>
          {empty.hint}
        </EmptyState>
      ) : (
        <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: 'calc(100vh - 290px)' }}>
          <Table
            size="small"
            stickyHeader
            aria-label={tableLabel}
            sx={{ '& th, & td': { whiteSpace: 'nowrap', px: 1.25 } }}
          >
            {children}
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
