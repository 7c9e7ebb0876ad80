// SPDX-License-Identifier: Apache-2.0
import { Box, TextField } from '@mui/material';
import { type ReactElement, useState } from 'react';
import { useUsers } from '@/shared/identity/list-users';
import { FormDialog } from '@/shared/ui/form-dialog';
import { NameChecklist } from '@/shared/ui/name-checklist';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useCreateGroup } from '../api/create-group';

/** Create Group (spec 2 §2): a non-blank name (§5) and members. */
export function CreateGroupDialog({ open, onClose }: { open: boolean; onClose: () => void }): ReactElement {
  const [name, setName] = useState('');
  const [members, setMembers] = useState<string[]>([]);
  const users = useUsers(open);
  const create = useCreateGroup();
  const { showMessage, showModalError } = useSnackbar();
  const close = (): void => {
    setName('');
    setMembers([]);
    onClose();
  };
  const submit = (): void => {
    if (name.trim() === '') return;
    create.mutate(
      { group: name.trim(), members },
      {
        onSuccess: (g) => {
          showMessage(`Group ${g.name} created.`);
          close();
        },
        onError: showModalError,
      },
    );
  };
  return (
    <FormDialog
      open={open}
      title="Create Group"
      onClose={close}
      onSubmit={submit}
      busy={create.isPending}
      submitLabel="Save"
      submitDisabled={name.trim() === ''}
      nativeValidation
    >
      <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
        <TextField
          label="Group Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          autoFocus
          autoComplete="off"
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
    </FormDialog>
  );
}
