// SPDX-License-Identifier: Apache-2.0
import { Alert, Box, FormControlLabel, Switch } from '@mui/material';
import type { EntityStatus } from '@stowage/contracts';
import { type ReactElement, useEffect, useState } from 'react';
import { useUsers } from '@/shared/identity/list-users';
import { FormDialog } from '@/shared/ui/form-dialog';
import { LoadingMessage } from '@/shared/ui/loading-message';
import { NameChecklist } from '@/shared/ui/name-checklist';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useGroup } from '../api/get-group';
import { useUpdateGroup } from '../api/update-group';

/** Edit group (spec 2 §2, §4): members and status, both applied on save. */
export function EditGroupDialog({
  group,
  onClose,
}: {
  group: string | null;
  onClose: () => void;
}): ReactElement {
  const current = useGroup(group);
  const users = useUsers(group !== null);
  const update = useUpdateGroup();
  const { showMessage, showModalError } = useSnackbar();
  const [members, setMembers] = useState<string[]>([]);
  const [status, setStatus] = useState<EntityStatus>('enabled');
  useEffect(() => {
    if (current.data) {
      setMembers(current.data.members);
      setStatus(current.data.status);
    }
  }, [current.data]);

  const save = (): void => {
    if (group === null) return;
    update.mutate(
      { name: group, body: { members, status } },
      {
        onSuccess: () => {
          showMessage(`Group ${group} saved.`);
          onClose();
        },
        onError: showModalError,
      },
    );
  };
  return (
    <FormDialog
      open={group !== null}
      title={`Edit Group ${group ?? ''}`}
      onClose={onClose}
      onSubmit={save}
      busy={update.isPending}
      submitLabel="Save"
      submitDisabled={!current.data}
    >
      {current.isPending ? (
        <LoadingMessage />
      ) : current.isError ? (
        <Alert severity="error">{current.error.message}</Alert>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <FormControlLabel
            control={
              <Switch
                checked={status === 'enabled'}
                onChange={(e) => setStatus(e.target.checked ? 'enabled' : 'disabled')}
              />
            }
            label={`Status: ${status === 'enabled' ? 'Enabled' : 'Disabled'}`}
          />
          <NameChecklist
            label="Members"
            names={(users.data?.users ?? []).map((u) => u.accessKey)}
            selected={members}
            onChange={setMembers}
            loading={users.isPending}
            emptyText="There are no users yet."
          />
        </Box>
      )}
    </FormDialog>
  );
}
