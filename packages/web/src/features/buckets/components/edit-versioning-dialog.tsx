// SPDX-License-Identifier: Apache-2.0
import { Alert, Typography } from '@mui/material';
import type { ReactElement } from 'react';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useSetBucketVersioning } from '../api/set-bucket-versioning';

/**
 * Edit Versioning (spec 1 §4 "Versioning toggle"): confirms enabling or disabling; disabling warns that
 * existing versions are not deleted automatically.
 */
export function EditVersioningDialog({
  bucket,
  enable,
  open,
  onClose,
}: {
  bucket: string;
  /** What the dialog does: true enables, false disables (suspends). */
  enable: boolean;
  open: boolean;
  onClose: () => void;
}): ReactElement {
  const set = useSetBucketVersioning(bucket);
  const { showMessage, showModalError } = useSnackbar();
  return (
    <ConfirmDialog
      open={open}
      title="Edit Versioning"
      confirmLabel={enable ? 'Enable' : 'Disable'}
      danger={!enable}
      busy={set.isPending}
      onClose={onClose}
      onConfirm={() =>
        set.mutate(
          { versioning: enable },
          {
            onSuccess: () => {
              showMessage(`Versioning ${enable ? 'enabled' : 'disabled'}.`);
              onClose();
            },
            onError: showModalError,
          },
        )
      }
    >
      <Typography>
        Are you sure you want to <strong>{enable ? 'enable' : 'disable'}</strong> versioning for{' '}
        <strong>{bucket}</strong>?
      </Typography>
      {!enable && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          File versions will not be deleted automatically: the versions kept so far stay (and count towards
          usage) until you delete them.
        </Alert>
      )}
    </ConfirmDialog>
  );
}
