// SPDX-License-Identifier: Apache-2.0
import { TextField, Typography } from '@mui/material';
import { type ReactElement, useState } from 'react';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useRestoreObject } from '../api/restore-object';
import { baseName } from '../lib/detail-rules';

/** Restore (issue 19): a temporary local copy of a transitioned object, for whole days. */
export function RestoreObjectDialog({
  bucket,
  object,
  onClose,
}: {
  bucket: string;
  object: { name: string; version_id?: string | undefined; storage_class?: string | undefined };
  onClose: () => void;
}): ReactElement {
  const [days, setDays] = useState('1');
  const restore = useRestoreObject(bucket, object);
  const { showMessage, showModalError } = useSnackbar();
  const valid = /^\d+$/.test(days) && Number(days) >= 1 && Number(days) <= 3650;
  const save = (): void => {
    if (!valid || restore.isPending) return;
    restore.mutate(
      { days: Number(days) },
      {
        onSuccess: () => {
          showMessage(`${baseName(object.name)} restored for ${days} day${days === '1' ? '' : 's'}.`);
          onClose();
        },
        onError: showModalError,
      },
    );
  };
  return (
    <FormDialog
      open
      title="Restore Object"
      onClose={onClose}
      onSubmit={save}
      busy={restore.isPending}
      maxWidth="xs"
      submitLabel="Restore"
      submitDisabled={!valid}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        <strong>{baseName(object.name)}</strong> is on the tier <strong>{object.storage_class}</strong>. Reads
        already stream from the tier; a restore keeps a local copy for the days you choose.
      </Typography>
      <TextField
        fullWidth
        type="number"
        label="Days"
        value={days}
        onChange={(e) => setDays(e.target.value)}
        slotProps={{ htmlInput: { min: 1, max: 3650, 'aria-label': 'Days' } }}
      />
    </FormDialog>
  );
}
