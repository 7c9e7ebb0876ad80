// SPDX-License-Identifier: Apache-2.0
import { TextField } from '@mui/material';
import { type ReactElement, useState } from 'react';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useCreateKmsKey } from '../api/kms';

const KEY_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$/;

/** Create Key: a name of letters, digits, '.', '_' and '-' (as MinIO's KMS takes). */
export function CreateKeyDialog({ open, onClose }: { open: boolean; onClose: () => void }): ReactElement {
  const [name, setName] = useState('');
  const create = useCreateKmsKey();
  const { showMessage, showModalError } = useSnackbar();
  const valid = KEY_NAME.test(name);
  const save = (): void => {
    if (!valid || create.isPending) return;
    create.mutate(
      { key: name },
      {
        onSuccess: () => {
          showMessage(`Key ${name} created.`);
          onClose();
        },
        onError: showModalError,
      },
    );
  };
  return (
    <FormDialog
      open={open}
      title="Create Key"
      onClose={onClose}
      onSubmit={save}
      busy={create.isPending}
      submitLabel="Create"
      submitDisabled={!valid}
    >
      <TextField
        autoFocus
        fullWidth
        size="small"
        label="Key Name"
        value={name}
        error={name !== '' && !valid}
        helperText="Letters, digits, '.', '_' and '-'; at most 80 characters."
        onChange={(e) => setName(e.target.value)}
        slotProps={{ htmlInput: { 'aria-label': 'Key Name' } }}
      />
    </FormDialog>
  );
}
