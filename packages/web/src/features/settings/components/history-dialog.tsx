import { Box, Button, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { type ReactElement, useState } from 'react';
import { formatDateTime } from '@/shared/format/format-date';
import { FormDialog } from '@/shared/ui/form-dialog';
import { LoadingMessage } from '@/shared/ui/loading-message';
import { QueryErrorAlert } from '@/shared/ui/query-error-alert';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useConfigHistory, useReplaceConfig } from '../api/config-file';
import { configChange } from '../lib/config-change';

const codeSx = { fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all', display: 'block' } as const;

/**
 * An entry's change against the entry saved before it (`before` null: none is listed): the lines that
 * went (−) and came (+); "Show configuration" opens the whole saved text.
 */
function ChangeCell({ before, after }: { before: string | null; after: string }): ReactElement {
  const [whole, setWhole] = useState(false);
  const change = before === null ? null : configChange(before, after);
  return (
    <>
      {change === null ? (
        <Typography variant="body2" color="text.secondary">
          The oldest entry listed: the whole configuration as it was saved.
        </Typography>
      ) : change.removed.length + change.added.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Saved again with no setting changed.
        </Typography>
      ) : (
        <Box role="group" aria-label="Changed settings">
          {change.removed.map((l) => (
            <Box component="code" key={`-${l}`} sx={{ ...codeSx, color: 'error.main' }}>
              {`− ${l}`}
            </Box>
          ))}
          {change.added.map((l) => (
            <Box component="code" key={`+${l}`} sx={{ ...codeSx, color: 'success.main' }}>
              {`+ ${l}`}
            </Box>
          ))}
        </Box>
      )}
      <Button size="small" sx={{ px: 0, minWidth: 0 }} aria-expanded={whole} onClick={() => setWhole(!whole)}>
        {whole ? 'Hide configuration' : 'Show configuration'}
      </Button>
      {whole && (
        <Box component="code" sx={{ ...codeSx, maxHeight: 240, overflow: 'auto' }}>
          {after}
        </Box>
      )}
    </>
  );
}

/**
 * The configuration history (`mc admin config history`): each saved change, newest first, shown as what
 * it changed, with Restore.
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
                  <ChangeCell before={all[i + 1]?.data ?? null} after={e.data} />
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
