import { Box, Button, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { type ReactElement, useState } from 'react';
import { formatDateTime } from '@/shared/format/format-date';
import { FormDialog } from '@/shared/ui/form-dialog';
import { LoadingMessage } from '@/shared/ui/loading-message';
import { QueryErrorAlert } from '@/shared/ui/query-error-alert';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useConfigHistory, useReplaceConfig } from '../api/config-file';

/** The configuration history (`mc admin config history`): each saved change, newest first, with Restore. */
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
            {history.data.entries.map((e) => (
              <TableRow key={e.restoreId} hover>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.createTime)}</TableCell>
                <TableCell>
                  <Box
                    component="code"
                    sx={{ fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all', display: 'block' }}
                  >
                    {e.data.length > 300 ? `${e.data.slice(0, 300)}…` : e.data}
                  </Box>
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
