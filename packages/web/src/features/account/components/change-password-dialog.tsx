// SPDX-License-Identifier: Apache-2.0
import { Box, TextField } from '@mui/material';
import { MIN_PASSWORD_LENGTH, passwordTooShortMessage } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useChangePassword } from '../api/change-password';

/**
 * Change Password (spec 2 §2 /account, §5): Save is enabled only when current, new and repeat are all
 * filled; new and repeat must match ('New passwords don't match') and be at least 8 characters.
 */
export function ChangePasswordDialog({
  open,
  onClose,
}: {
  open: boolean;
  onClose: () => void;
}): ReactElement {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const change = useChangePassword();
  const { showMessage, showModalError } = useSnackbar();
  const close = (): void => {
    setCurrent('');
    setNext('');
    setRepeat('');
    setProblem(null);
    onClose();
  };
  const submit = (): void => {
    if (next !== repeat) {
      setProblem("New passwords don't match");
      return;
    }
    if (next.length < MIN_PASSWORD_LENGTH) {
      setProblem(passwordTooShortMessage);
      return;
    }
    change.mutate(
      { current_secret_key: current, new_secret_key: next },
      {
        onSuccess: () => {
          showMessage('Password changed.');
          close();
        },
        onError: showModalError,
      },
    );
  };
  return (
    <FormDialog
      open={open}
      title="Change Password"
      onClose={close}
      onSubmit={submit}
      busy={change.isPending}
      maxWidth="xs"
      submitLabel="Save"
      submitDisabled={current === '' || next === '' || repeat === ''}
      nativeValidation
    >
      <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
        <TextField
          label="Current Password"
          type="password"
          value={current}
          autoComplete="current-password"
          onChange={(e) => setCurrent(e.target.value)}
          autoFocus
        />
        <TextField
          label="New Password"
          type="password"
          value={next}
          autoComplete="new-password"
          onChange={(e) => {
            setNext(e.target.value);
            setProblem(null);
          }}
        />
        <TextField
          label="Type New Password Again"
          type="password"
          value={repeat}
          autoComplete="new-password"
          onChange={(e) => {
            setRepeat(e.target.value);
            setProblem(null);
          }}
          error={problem !== null}
          helperText={problem ?? ' '}
        />
      </Box>
    </FormDialog>
  );
}
