// SPDX-License-Identifier: Apache-2.0
import { Box, TextField } from '@mui/material';
import { MIN_PASSWORD_LENGTH, passwordTooShortMessage } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useChangeUserPassword } from '../api/change-user-password';

/**
 * Change user password (spec 2 §2, §5): Save is enabled only when the repeat is filled and equals the new
 * one; shorter than 8 fails with 'Passwords must be at least 8 characters long'.
 */
export function ChangeUserPasswordDialog({
  open,
  user,
  onClose,
}: {
  open: boolean;
  user: string;
  onClose: () => void;
}): ReactElement {
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const change = useChangeUserPassword();
  const { showMessage, showModalError } = useSnackbar();
  const close = (): void => {
    setNext('');
    setRepeat('');
    setTooShort(false);
    onClose();
  };
  const submit = (): void => {
    if (next.length < MIN_PASSWORD_LENGTH) {
      setTooShort(true);
      return;
    }
    change.mutate(
      { selectedUser: user, newSecretKey: next },
      {
        onSuccess: () => {
          showMessage(`Password of ${user} changed.`);
          close();
        },
        onError: showModalError,
      },
    );
  };
  return (
    <FormDialog
      open={open}
      title="Change User Password"
      onClose={close}
      onSubmit={submit}
      busy={change.isPending}
      maxWidth="xs"
      submitLabel="Save"
      submitDisabled={repeat === '' || repeat !== next}
      nativeValidation
    >
      <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
        <TextField label="User" value={user} disabled />
        <TextField
          label="New Password"
          type="password"
          value={next}
          autoComplete="new-password"
          onChange={(e) => {
            setNext(e.target.value);
            setTooShort(false);
          }}
          error={tooShort}
          helperText={tooShort ? passwordTooShortMessage : ' '}
        />
        <TextField
          label="Type New Password Again"
          type="password"
          value={repeat}
          autoComplete="new-password"
          onChange={(e) => setRepeat(e.target.value)}
        />
      </Box>
    </FormDialog>
  );
}
