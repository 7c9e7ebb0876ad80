// SPDX-License-Identifier: Apache-2.0
import { Box, Checkbox, FormControlLabel } from '@mui/material';
import { type ReactElement, useState } from 'react';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useDeleteRgwUser } from '../api/rgw-user-writes';

/** Delete RGW User; RGW keeps a user who owns buckets unless their data is purged too. */
export function DeleteRgwUserDialog({
  uid,
  onClose,
  onDeleted,
}: {
  uid: string | null;
  onClose: () => void;
  onDeleted?: () => void;
}): ReactElement {
  const [purge, setPurge] = useState(false);
  const remove = useDeleteRgwUser();
  const { showMessage, showModalError } = useSnackbar();
  const close = (): void => {
    setPurge(false);
    onClose();
  };
  return (
    <ConfirmDialog
      open={uid !== null}
      title="Delete RGW User"
      busy={remove.isPending}
      onClose={close}
      onConfirm={() =>
        uid &&
        remove.mutate(
          { uid, purgeData: purge },
          {
            onSuccess: () => {
              showMessage(`RGW user ${uid} deleted.`);
              close();
              onDeleted?.();
            },
            onError: showModalError,
          },
        )
      }
    >
      Are you sure you want to delete RGW user <strong>{uid}</strong>? RGW refuses while the user owns
      buckets, unless their buckets and objects are deleted too.
      <Box sx={{ mt: 1 }}>
        <FormControlLabel
          control={<Checkbox checked={purge} onChange={(e) => setPurge(e.target.checked)} />}
          label="Also delete the user's buckets and objects"
        />
      </Box>
    </ConfirmDialog>
  );
}
