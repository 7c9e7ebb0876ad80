import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { MIN_PASSWORD_LENGTH, passwordTooShortMessage } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { useGroups } from '@/shared/identity/list-groups';
import { usePolicies } from '@/shared/identity/list-policies';
import { NameChecklist } from '@/shared/ui/name-checklist';
import { ModalSnackbar, useSnackbar } from '@/shared/ui/snackbar';
import { useCreateUser } from '../api/create-user';

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
  const groupList = useGroups(open);
  const policyList = usePolicies(open);
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
    <Dialog open={open} onClose={create.isPending ? undefined : onClose} maxWidth="md" fullWidth>
      <ModalSnackbar />
      <DialogTitle>Create User</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          id="create-user-form"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' }, pt: 1 }}
        >
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
          <NameChecklist
            label="Groups"
            names={groupList.data?.groups ?? []}
            selected={groups}
            onChange={setGroups}
            loading={groupList.isPending}
            emptyText="There are no groups yet."
          />
          <NameChecklist
            label="Policies"
            names={(policyList.data?.policies ?? []).map((p) => p.name)}
            selected={policies}
            onChange={setPolicies}
            loading={policyList.isPending}
            emptyText="There are no policies yet."
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button
          onClick={() => {
            reset();
            onClose();
          }}
          disabled={create.isPending}
        >
          Cancel
        </Button>
        <Button variant="contained" type="submit" form="create-user-form" disabled={create.isPending}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
