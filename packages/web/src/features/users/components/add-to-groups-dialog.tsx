// SPDX-License-Identifier: Apache-2.0
import { Alert, Box, Button, Typography } from '@mui/material';
import { type ReactElement, useState } from 'react';
import { useGroups } from '@/shared/identity/list-groups';
import { FormDialog } from '@/shared/ui/form-dialog';
import { NameChecklist } from '@/shared/ui/name-checklist';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useBulkAddToGroups } from '../api/bulk-add-to-groups';

/**
 * Bulk add to group (spec 2 §2, §4, §5): pick groups for the checked users; at least one group is needed
 * ('You need to select at least one group to assign.'); on success the dialog switches to a confirmation
 * view listing the groups and users.
 */
export function AddToGroupsDialog({
  open,
  users,
  onClose,
}: {
  open: boolean;
  users: readonly string[];
  onClose: () => void;
}): ReactElement {
  const groupList = useGroups(open);
  const [groups, setGroups] = useState<string[]>([]);
  const [done, setDone] = useState<{ groups: string[]; users: string[] } | null>(null);
  const [noGroup, setNoGroup] = useState(false);
  const add = useBulkAddToGroups();
  const { showModalError } = useSnackbar();

  const close = (): void => {
    setGroups([]);
    setDone(null);
    setNoGroup(false);
    onClose();
  };
  const submit = (): void => {
    if (groups.length === 0) {
      setNoGroup(true);
      return;
    }
    add.mutate(
      { groups, users: [...users] },
      { onSuccess: () => setDone({ groups, users: [...users] }), onError: showModalError },
    );
  };

  return (
    <FormDialog
      open={open}
      title="Add Users to Groups"
      onClose={close}
      onSubmit={submit}
      busy={add.isPending}
      submitLabel="Save"
      actions={
        done ? (
          <Button variant="contained" onClick={close}>
            Done
          </Button>
        ) : undefined
      }
    >
      {done ? (
        <Box aria-label="Assignment summary">
          <Alert severity="success" sx={{ mb: 2 }}>
            The users were added to the groups.
          </Alert>
          <Typography variant="subtitle2">Groups</Typography>
          <Typography sx={{ mb: 2 }}>{done.groups.join(', ')}</Typography>
          <Typography variant="subtitle2">Users</Typography>
          <Typography>{done.users.join(', ')}</Typography>
        </Box>
      ) : (
        <>
          <Typography sx={{ mb: 2 }} color="text.secondary">
            Selected users: {users.join(', ')}
          </Typography>
          <NameChecklist
            label="Groups"
            names={groupList.data?.groups ?? []}
            selected={groups}
            onChange={(next) => {
              setGroups(next);
              setNoGroup(false);
            }}
            loading={groupList.isPending}
            emptyText="There are no groups yet. Create one on the Groups page."
          />
          {noGroup && (
            <Alert severity="error" sx={{ mt: 2 }}>
              You need to select at least one group to assign.
            </Alert>
          )}
        </>
      )}
    </FormDialog>
  );
}
