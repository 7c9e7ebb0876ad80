import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Switch,
} from '@mui/material';
import type { EntityStatus, User } from '@stowage/contracts';
import { type ReactElement, useEffect, useState } from 'react';
import { useGroups } from '@/shared/identity/list-groups';
import { usePolicies } from '@/shared/identity/list-policies';
import { NameChecklist } from '@/shared/ui/name-checklist';
import { ModalSnackbar, useSnackbar } from '@/shared/ui/snackbar';
import { useUpdateUser } from '../api/update-user';

/**
 * Edit user (spec 2 §2 dialogs, §4): groups, policies and status, all applied on save in one
 * PUT /api/v1/user call. Disabling yourself is not offered (the backend refuses it too).
 */
export function EditUserDialog({
  open,
  user,
  isSelf,
  onClose,
}: {
  open: boolean;
  user: User;
  isSelf: boolean;
  onClose: () => void;
}): ReactElement {
  const [status, setStatus] = useState<EntityStatus>(user.status);
  const [groups, setGroups] = useState<string[]>(user.memberOf);
  const [policies, setPolicies] = useState<string[]>(user.policy);
  const groupList = useGroups(open);
  const policyList = usePolicies(open);
  const update = useUpdateUser(user.accessKey);
  const { showMessage, showModalError } = useSnackbar();
  // biome-ignore lint/correctness/useExhaustiveDependencies: start from the saved user each time it opens
  useEffect(() => {
    if (!open) return;
    setStatus(user.status);
    setGroups(user.memberOf);
    setPolicies(user.policy);
  }, [open]);

  const save = (): void =>
    update.mutate(
      { status, groups, policies },
      {
        onSuccess: () => {
          showMessage(`User ${user.accessKey} saved.`);
          onClose();
        },
        onError: showModalError,
      },
    );

  return (
    <Dialog open={open} onClose={update.isPending ? undefined : onClose} maxWidth="md" fullWidth>
      <ModalSnackbar />
      <DialogTitle>Edit User {user.accessKey}</DialogTitle>
      <DialogContent>
        <FormControlLabel
          control={
            <Switch
              checked={status === 'enabled'}
              disabled={isSelf}
              onChange={(e) => setStatus(e.target.checked ? 'enabled' : 'disabled')}
            />
          }
          label={`Status: ${status === 'enabled' ? 'Enabled' : 'Disabled'}`}
          sx={{ mb: 2 }}
        />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
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
        <Button onClick={onClose} disabled={update.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={save} disabled={update.isPending}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
