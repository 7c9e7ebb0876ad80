// SPDX-License-Identifier: Apache-2.0
import { Box, TextField } from '@mui/material';
import { MIN_PASSWORD_LENGTH, passwordTooShortMessage } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useCreateUser } from '../api/create-user';
import { GroupsAndPoliciesFields } from './groups-and-policies-fields';

/**
 * Create User (spec 2 §2): access key (non-blank), secret key (≥ 8, 'Passwords must be at least 8
 * characters long', checked on submit, §5), groups and policies.
 */
export function CreateUserDialog({ open, onClose }: { open: boolean; onClose: () => void }): ReactElement {
  const [accessKey, setAccessKey] = useState('');
  const [secretKey, setSecretKey] = useState('');
  const [groups, setGroups] = useState<string[]>([]);
  const [policies, setPolicies] = useState<string[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const create = useCreateUser();
  const { showMessage, showModalError } = useSnackbar();

  const secretProblem = submitted && secretKey.length < MIN_PASSWORD_LENGTH ? passwordTooShortMessage : null;
  const reset = (): void => {
    setAccessKey('');
    setSecretKey('');
    setGroups([]);
    setPolicies([]);
    setSubmitted(false);
  };
  const submit = (): void => {
    setSubmitted(true);
    if (accessKey.trim() === '' || secretKey.length < MIN_PASSWORD_LENGTH) return;
    create.mutate(
      { accessKey: accessKey.trim(), secretKey, groups, policies },
      {
        onSuccess: (user) => {
          showMessage(`User ${user.accessKey} created.`);
          reset();
          onClose();
        },
        onError: showModalError,
      },
    );
  };

  return (
    <FormDialog
      open={open}
      title="Create User"
      onClose={onClose}
      onCancel={() => {
        reset();
        onClose();
      }}
      onSubmit={submit}
      busy={create.isPending}
      maxWidth="md"
      submitLabel="Save"
      nativeValidation
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' }, pt: 1 }}>
        <TextField
          label="Access Key"
          value={accessKey}
          onChange={(e) => setAccessKey(e.target.value)}
          required
          autoFocus
          autoComplete="off"
          error={submitted && accessKey.trim() === ''}
          helperText={submitted && accessKey.trim() === '' ? 'Access key is required' : ' '}
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
        <GroupsAndPoliciesFields
          open={open}
          groups={groups}
          onGroups={setGroups}
          policies={policies}
          onPolicies={setPolicies}
        />
      </Box>
    </FormDialog>
  );
}
