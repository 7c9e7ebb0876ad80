// SPDX-License-Identifier: Apache-2.0
import { Box, Button, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { type ReactElement, useState } from 'react';
import { formatDateTime } from '@/shared/format/format-date';
import { FormDialog } from '@/shared/ui/form-dialog';
import { LoadingMessage } from '@/shared/ui/loading-message';
import { QueryErrorAlert } from '@/shared/ui/query-error-alert';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useConfigHistory, useReplaceConfig } from '../api/config-file';
import { historyView } from '../lib/config-change';

const codeSx = { fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all', display: 'block' } as const;

/** Lines of configuration text, each prefixed and coloured (`color` a palette path, or inherited). */
function Lines({
  lines,
  prefix = '',
  color,
}: {
  lines: string[];
  prefix?: string;
  color?: string;
}): ReactElement {
  return (
    <>
      {lines.map((l) => (
        <Box component="code" key={l} sx={{ ...codeSx, color }}>
          {prefix + l}
        </Box>
      ))}
    </>
  );
}

/**
 * An entry's change (../lib/config-change.ts): against the entry saved before it, the lines that went (−)
 * and came (+); else the settings it was saved with. "Show configuration" opens the entry's whole text.
 */
function ChangeCell({ text, before }: { text: string; before: string | null }): ReactElement {
  const [open, setOpen] = useState(false);
  const view = historyView(text, before);
  return (
    <>
      {view.kind === 'lines' ? (
        <Box role="group" aria-label="Saved settings">
          <Lines lines={view.lines} />
        </Box>
      ) : view.kind === 'whole' ? (
        <Typography variant="body2" color="text.secondary">
          A whole configuration, as it was saved.
        </Typography>
      ) : view.removed.length + view.added.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Saved again with no setting changed.
        </Typography>
      ) : (
        <Box role="group" aria-label="Changed settings">
          <Lines lines={view.removed} prefix="− " color="error.main" />
          <Lines lines={view.added} prefix="+ " color="success.main" />
        </Box>
      )}
      {view.kind !== 'lines' && (
        <>
          <Button
            size="small"
            sx={{ px: 0, minWidth: 0 }}
            aria-expanded={open}
            onClick={() => setOpen(!open)}
          >
            {open ? 'Hide configuration' : 'Show configuration'}
          </Button>
          {open && (
            <Box component="code" sx={{ ...codeSx, maxHeight: 240, overflow: 'auto' }}>
              {text}
            </Box>
          )}
        </>
      )}
    </>
  );
}

/**
 * The configuration history (`mc admin config history`): each saved change, newest first, shown as what
 * it changed or the settings it was saved with, with Restore.
 */
export function HistoryDialog({ open, onClose }: { open: boolean; onClose: () => void }): ReactElement {
  const history = useConfigHistory(open);
  const restore = useReplaceConfig();
  const [restoring, setRestoring] = useState<string | null>(null);
  const { showMessage, showModalError } = useSnackbar();
  return (
    <FormDialog
      open={open}
      title="Configuration History"
      onClose={onClose}
      busy={restore.isPending}
      maxWidth="md"
      actions={<Button onClick={onClose}>Close</Button>}
    >
      {history.isPending ? (
        <LoadingMessage />
      ) : history.isError ? (
        <QueryErrorAlert error={history.error} onRetry={() => history.refetch()} />
      ) : history.data.entries.length === 0 ? (
        <Typography color="text.secondary">No configuration changes have been saved yet.</Typography>
      ) : (
        <Table size="small" aria-label="Configuration history">
          <TableHead>
            <TableRow>
              <TableCell>Saved</TableCell>
              <TableCell>Change</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {history.data.entries.map((e, i, all) => (
              <TableRow key={e.restoreId} hover>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.createTime)}</TableCell>
                <TableCell>
                  <ChangeCell text={e.data} before={all[i + 1]?.data ?? null} />
                </TableCell>
                <TableCell align="right">
                  <Button
                    size="small"
                    aria-label={`Restore ${e.restoreId}`}
                    disabled={restore.isPending}
                    onClick={() => {
                      setRestoring(e.restoreId);
                      restore.mutate(
                        { restoreId: e.restoreId },
                        {
                          onSuccess: () => {
                            showMessage('Configuration restored. Restart the server to apply it.');
                            onClose();
                          },
                          onError: showModalError,
                          onSettled: () => setRestoring(null),
                        },
                      );
                    }}
                  >
                    {restoring === e.restoreId ? 'Restoring…' : 'Restore'}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </FormDialog>
  );
}
