// SPDX-License-Identifier: Apache-2.0
import { Box, TextField } from '@mui/material';
import type { RgwUser } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useUpdateRgwUser } from '../api/rgw-user-writes';
import { rgwUserFormProblems } from '../lib/rgw-user-form';

/** Edit RGW User: display name, email and max buckets (sent only when changed). */
export function EditRgwUserDialog({ user, onClose }: { user: RgwUser; onClose: () => void }): ReactElement {
  const [displayName, setDisplayName] = useState(user.displayName);
  const [email, setEmail] = useState(user.email);
  const [maxBuckets, setMaxBuckets] = useState(String(user.maxBuckets));
  const update = useUpdateRgwUser(user.uid);
  const { showMessage, showModalError } = useSnackbar();
  const problems = rgwUserFormProblems({ uid: user.uid, displayName, email, maxBuckets });
  const changes = {
    ...(displayName.trim() === user.displayName ? {} : { displayName: displayName.trim() }),
    ...(email.trim() === user.email || email.trim() === '' ? {} : { email: email.trim() }),
    ...(Number(maxBuckets) === user.maxBuckets ? {} : { maxBuckets: Number(maxBuckets) }),
  };
  const save = (): void => {
    if (Object.keys(problems).length > 0 || Object.keys(changes).length === 0) return;
    update.mutate(changes, {
      onSuccess: () => {
        showMessage(`RGW user ${user.uid} saved.`);
        onClose();
      },
      onError: showModalError,
    });
  };
  return (
    <FormDialog
      open
      title={`Edit ${user.uid}`}
      onClose={onClose}
      onSubmit={save}
      busy={update.isPending}
      submitLabel="Save"
      submitDisabled={Object.keys(problems).length > 0 || Object.keys(changes).length === 0}
    >
      <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
        <TextField
          label="Display Name"
          value={displayName}
          onChange={(e) => setDisplayName(e.target.value)}
          error={problems.displayName !== undefined}
          helperText={problems.displayName ?? ' '}
        />
        <TextField
          label="Email"
          slotProps={{ htmlInput: { inputMode: 'email' } }}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={problems.email !== undefined}
          helperText={problems.email ?? ' '}
        />
        <TextField
          label="Max Buckets"
          type="number"
          value={maxBuckets}
          onChange={(e) => setMaxBuckets(e.target.value)}
          error={problems.maxBuckets !== undefined}
          helperText={problems.maxBuckets ?? '-1: none may be created; 0: no limit'}
        />
      </Box>
    </FormDialog>
  );
}
