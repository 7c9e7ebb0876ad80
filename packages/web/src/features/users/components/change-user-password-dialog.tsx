import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { MIN_PASSWORD_LENGTH, passwordTooShortMessage } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { ModalSnackbar, useSnackbar } from '@/shared/ui/snackbar';
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
    <Dialog open={open} onClose={change.isPending ? undefined : close} maxWidth="xs" fullWidth>
      <ModalSnackbar />
      <DialogTitle>Change User Password</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          id="change-user-password-form"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
          sx={{ display: 'grid', gap: 2, pt: 1 }}
        >
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
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={change.isPending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          type="submit"
          form="change-user-password-form"
          disabled={change.isPending || repeat === '' || repeat !== next}
        >
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
