// SPDX-License-Identifier: Apache-2.0
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import RadioButtonUncheckedOutlined from '@mui/icons-material/RadioButtonUncheckedOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  LinearProgress,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
} from '@mui/material';
import { diagnosticMessageSchema, wsPaths } from '@stowage/contracts';
import type { ReactElement } from 'react';
import { saveJson } from '@/shared/api/download';
import { formatDateTime } from '@/shared/format/format-date';
import { useLiveSocket } from '@/shared/hooks/use-live-socket';
import { PageHeader } from '@/shared/ui/page-header';
import { diagnosticMessages, diagnosticState, reportParts } from '../lib/diagnostic-rules';

/**
 * /health-info, "Diagnostic" (spec 3 "Live tools", §4): Start asks the server for its health report
 * (system, drives with a short read/write probe, the configuration with secrets redacted, server info)
 * over a WebSocket; the report grows as the server gathers it. A normal close makes it ready, and
 * Download saves it as diagnostic.json; a failed connection or a close with 1011, 1008 or 1006 is an
 * error.
 */
export function HealthInfoPage(): ReactElement {
  const live = useLiveSocket(diagnosticMessageSchema);
  const state = diagnosticState(live.everStarted, live.state, live.closeCode);
  const latest = live.rows[0]?.message;
  const report = latest?.serverHealthInfo ?? {};

  return (
    <Box>
      <PageHeader
        title="Diagnostic"
        subtitle="A health report of the server: system, drives, configuration (secrets redacted)"
        actions={
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button
              variant="contained"
              startIcon={<PlayArrowOutlined />}
              disabled={state === 'inProgress'}
              onClick={() => live.start(`${wsPaths.healthInfo}?deadline=1h`)}
            >
              Start
            </Button>
            <Button
              variant="outlined"
              startIcon={<DownloadOutlined />}
              disabled={state !== 'success' || latest === undefined}
              onClick={() => saveJson(latest, 'diagnostic.json')}
            >
              Download
            </Button>
          </Box>
        }
      />
      {state === 'inProgress' && <Alert severity="info">{diagnosticMessages.started}</Alert>}
      {state === 'success' && <Alert severity="success">{diagnosticMessages.ready}</Alert>}
      {state === 'error' && (
        <Alert severity="error">
          {diagnosticMessages.failed} {live.closedWith}
        </Alert>
      )}
      {state === 'inProgress' && <LinearProgress sx={{ mt: 1 }} aria-label="Diagnostic in progress" />}
      <Card component="section" aria-label="Report parts" sx={{ mt: 2 }}>
        <List dense>
          {reportParts.map((part) => {
            const done = part.present(report);
            return (
              <ListItem key={part.label}>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  {done ? (
                    <CheckCircleOutlined color="success" fontSize="small" />
                  ) : (
                    <RadioButtonUncheckedOutlined color="disabled" fontSize="small" />
                  )}
                </ListItemIcon>
                <ListItemText
                  primary={part.label}
                  secondary={done ? 'Gathered' : state === 'idle' ? 'Not started' : 'Waiting'}
                />
              </ListItem>
            );
          })}
        </List>
        {latest && (
          <Box sx={{ px: 2, pb: 2, color: 'text.secondary', fontSize: 14 }}>
            Report of {formatDateTime(latest.timestamp)}
          </Box>
        )}
      </Card>
    </Box>
  );
}
