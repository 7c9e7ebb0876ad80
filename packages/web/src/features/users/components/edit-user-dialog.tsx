// SPDX-License-Identifier: Apache-2.0
import { Box, FormControlLabel, Switch } from '@mui/material';
import type { EntityStatus, User } from '@stowage/contracts';
import { type ReactElement, useEffect, useState } from 'react';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useUpdateUser } from '../api/update-user';
import { GroupsAndPoliciesFields } from './groups-and-policies-fields';

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
    <FormDialog
      open={open}
      title={`Edit User ${user.accessKey}`}
      onClose={onClose}
      onSubmit={save}
      busy={update.isPending}
      maxWidth="md"
      submitLabel="Save"
    >
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
