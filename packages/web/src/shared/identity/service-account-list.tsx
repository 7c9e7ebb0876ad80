// SPDX-License-Identifier: Apache-2.0
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import { Alert, IconButton, TableCell, Tooltip } from '@mui/material';
import { type ReactElement, useState } from 'react';
import { errorText } from '../api/api-error';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { EmptyState } from '../ui/empty-state';
import { ListTable } from '../ui/list-page';
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
    return <Alert severity="error">{errorText(accounts.error)}</Alert>;
  }
  const shown = accounts.data.filter((a) => matchesSearch(a, search));
  return (
    <>
      {accounts.data.length === 0 ? (
        <EmptyState icon={<KeyOutlined />} title="No Service Accounts">
          Service accounts are keys for applications; they act with their owner’s rights or fewer.
        </EmptyState>
      ) : (
        <ListTable
          label="Service accounts"
          columns={[{ header: 'Service Account' }, { header: 'Actions', align: 'right', width: 80 }]}
          rows={shown}
          rowKey={(name) => name}
          noRows="No service account matches the search."
          cells={(name) => (
            <>
              <TableCell sx={{ fontFamily: 'monospace' }}>{name}</TableCell>
              <TableCell align="right">
                <Tooltip title="Delete">
                  <IconButton size="small" aria-label={`Delete ${name}`} onClick={() => setToDelete(name)}>
                    <DeleteOutlined fontSize="small" />
                  </IconButton>
                </Tooltip>
              </TableCell>
            </>
          )}
        />
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
