import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import {
  Alert,
  IconButton,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
} from '@mui/material';
import { type ReactElement, useState } from 'react';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { EmptyState } from '../ui/empty-state';
import { LoadingMessage } from '../ui/loading-message';
import { matchesSearch } from '../ui/search-field';
import { useSnackbar } from '../ui/snackbar';
import { useDeleteServiceAccount, useServiceAccounts } from './service-accounts';

/**
 * The service accounts of one owner, filtered by `search`, each deletable after confirmation (spec 2 §2
 * /account, §5). `user` undefined = the signed-in user's own.
 */
export function ServiceAccountList({ user, search }: { user?: string; search: string }): ReactElement {
  const accounts = useServiceAccounts(user);
  const remove = useDeleteServiceAccount();
  const [toDelete, setToDelete] = useState<string | null>(null);
  const { showMessage, showModalError } = useSnackbar();

  if (accounts.isPending) return <LoadingMessage label="Loading service accounts..." />;
  if (accounts.isError) {
    return (
      <Alert severity="error">
        {accounts.error.message}
        {accounts.error.detail ? ` — ${accounts.error.detail}` : ''}
      </Alert>
    );
  }
  const shown = accounts.data.filter((a) => matchesSearch(a, search));
  return (
    <>
      {accounts.data.length === 0 ? (
        <EmptyState icon={<KeyOutlined />} title="No Service Accounts">
          Service accounts are keys for applications; they act with their owner’s rights or fewer.
        </EmptyState>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="Service accounts">
            <TableHead>
              <TableRow>
                <TableCell>Service Account</TableCell>
                <TableCell align="right" sx={{ width: 80 }}>
                  Actions
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={2}>No service account matches the search.</TableCell>
                </TableRow>
              ) : (
                shown.map((name) => (
                  <TableRow key={name} hover>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{name}</TableCell>
                    <TableCell align="right">
                      <Tooltip title="Delete">
                        <IconButton
                          size="small"
                          aria-label={`Delete ${name}`}
                          onClick={() => setToDelete(name)}
                        >
                          <DeleteOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete Service Account"
        busy={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete, {
            onSuccess: () => {
              showMessage(`Service account ${toDelete} deleted.`);
              setToDelete(null);
            },
            onError: showModalError,
          })
        }
      >
        Are you sure you want to delete service account <strong>{toDelete}</strong>? Applications using it
        will stop working.
      </ConfirmDialog>
    </>
  );
}
