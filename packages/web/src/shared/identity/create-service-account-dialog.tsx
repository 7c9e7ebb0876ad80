// SPDX-License-Identifier: Apache-2.0
import { Box, DialogContentText, FormControlLabel, Switch, TextField } from '@mui/material';
import type { ServiceAccountCredentials } from '@stowage/contracts';
import { MIN_PASSWORD_LENGTH, passwordTooShortMessage, policyJsonProblem } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { FormDialog } from '../ui/form-dialog';
import { useSnackbar } from '../ui/snackbar';
import { CredentialsDialog } from './credentials-dialog';
import { PolicyEditor } from './policy-editor';
import { useCreateServiceAccount } from './service-accounts';

/**
 * Create service account (spec 2 §2 /account, user detail tab; §5): an optional policy JSON that narrows
 * the owner's rights and cannot be changed later, and optionally custom keys. On success the one-time
 * credentials dialog follows (§4). `user` undefined = for the signed-in user.
 */
export function CreateServiceAccountDialog({
  open,
  user,
  onClose,
}: {
  open: boolean;
  user?: string;
  onClose: () => void;
}): ReactElement {
  const [policy, setPolicy] = useState('');
  const [custom, setCustom] = useState(false);
  const [accessKey, setAccessKey] = useState('');
  const [secretKey, setSecretKey] = useState('');
  const [created, setCreated] = useState<ServiceAccountCredentials | null>(null);
  const create = useCreateServiceAccount(user);
  const { showModalError } = useSnackbar();

  const policyProblem = policy.trim() === '' ? null : policyJsonProblem(policy);
  const secretProblem =
    custom && secretKey !== '' && secretKey.length < MIN_PASSWORD_LENGTH ? passwordTooShortMessage : null;
  const canSave =
    !create.isPending &&
    policyProblem === null &&
    (!custom || (accessKey.trim() !== '' && secretKey.length >= MIN_PASSWORD_LENGTH));

  const reset = (): void => {
    setPolicy('');
    setCustom(false);
    setAccessKey('');
    setSecretKey('');
  };
  const submit = (): void => {
    create.mutate(
      { policy, ...(custom ? { custom: { accessKey: accessKey.trim(), secretKey } } : {}) },
      {
        onSuccess: (creds) => {
          reset();
          setCreated(creds);
          onClose();
        },
        onError: showModalError,
      },
    );
  };

  return (
    <>
      <FormDialog
        open={open}
        title={`Create Service Account${user ? ` for ${user}` : ''}`}
        onClose={onClose}
        onSubmit={() => canSave && submit()}
        busy={create.isPending}
        maxWidth="md"
        submitLabel="Create"
        submitDisabled={!canSave}
      >
        <DialogContentText sx={{ mb: 2 }}>
          A service account acts with its owner’s rights. A policy here can only narrow them, and cannot be
          changed after saving.
        </DialogContentText>
        <PolicyEditor
          label="Restrict with a policy (optional)"
          value={policy}
          onChange={setPolicy}
          optional
          minHeight={160}
        />
        <FormControlLabel
          control={<Switch checked={custom} onChange={(e) => setCustom(e.target.checked)} />}
          label="Customize credentials"
        />
        {custom && (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' }, mt: 1 }}>
            <TextField
              label="Access Key"
              value={accessKey}
              onChange={(e) => setAccessKey(e.target.value)}
              required
              autoComplete="off"
            />
            <TextField
              label="Secret Key"
              type="password"
              value={secretKey}
              onChange={(e) => setSecretKey(e.target.value)}
              required
              autoComplete="new-password"
              error={secretProblem !== null}
              helperText={secretProblem ?? ' '}
            />
          </Box>
        )}
      </FormDialog>
      <CredentialsDialog credentials={created} onClose={() => setCreated(null)} />
    </>
  );
}
