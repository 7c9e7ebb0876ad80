// SPDX-License-Identifier: Apache-2.0
import { Box, TextField } from '@mui/material';
import type { RgwUser } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useCreateRgwUser } from '../api/rgw-user-writes';
import { rgwUserFormProblems } from '../lib/rgw-user-form';

/**
 * Create RGW User: user id, display name, email and max buckets; RGW generates the first S3 key pair,
 * which `onCreated` receives to show.
 */
export function CreateRgwUserDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (user: RgwUser) => void;
}): ReactElement {
  const [uid, setUid] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [email, setEmail] = useState('');
  const [maxBuckets, setMaxBuckets] = useState('1000');
  const [submitted, setSubmitted] = useState(false);
  const create = useCreateRgwUser();
  const { showMessage, showModalError } = useSnackbar();
  const problems = rgwUserFormProblems({ uid, displayName, email, maxBuckets });
  const shown = submitted ? problems : {};

  const close = (): void => {
    setUid('');
    setDisplayName('');
    setEmail('');
    setMaxBuckets('1000');
    setSubmitted(false);
    onClose();
  };
  const submit = (): void => {
    setSubmitted(true);
    if (Object.keys(problems).length > 0) return;
    create.mutate(
      {
        uid: uid.trim(),
        displayName: displayName.trim(),
        ...(email.trim() === '' ? {} : { email: email.trim() }),
        maxBuckets: Number(maxBuckets),
      },
      {
        onSuccess: (user) => {
          showMessage(`RGW user ${user.uid} created.`);
          close();
          onCreated(user);
        },
        onError: showModalError,
      },
    );
  };

  return (
    <FormDialog
      open={open}
      title="Create RGW User"
      onClose={close}
      onSubmit={submit}
      busy={create.isPending}
      maxWidth="sm"
      submitLabel="Save"
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' }, pt: 1 }}>
        <TextField
          label="User ID"
          value={uid}
          onChange={(e) => setUid(e.target.value)}
          required
          autoFocus
          autoComplete="off"
          error={shown.uid !== undefined}
          helperText={shown.uid ?? 'tenant$user names a tenant’s user'}
        />
        <TextField
          label="Display Name"
          value={displayName}
          onChange={(e) => setDisplayName(e.target.value)}
          required
          autoComplete="off"
          error={shown.displayName !== undefined}
          helperText={shown.displayName ?? ' '}
        />
        <TextField
          label="Email"
          slotProps={{ htmlInput: { inputMode: 'email' } }}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoComplete="off"
          error={shown.email !== undefined}
          helperText={shown.email ?? 'Optional'}
        />
        <TextField
          label="Max Buckets"
          type="number"
          value={maxBuckets}
          onChange={(e) => setMaxBuckets(e.target.value)}
          error={shown.maxBuckets !== undefined}
          helperText={shown.maxBuckets ?? '-1: none may be created; 0: no limit'}
          slotProps={{ htmlInput: { min: -1 } }}
        />
      </Box>
    </FormDialog>
  );
}
