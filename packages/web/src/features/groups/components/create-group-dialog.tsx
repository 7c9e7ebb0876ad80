import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { type ReactElement, useState } from 'react';
import { useUsers } from '@/shared/identity/list-users';
import { NameChecklist } from '@/shared/ui/name-checklist';
import { ModalSnackbar, useSnackbar } from '@/shared/ui/snackbar';
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
    <Dialog open={open} onClose={create.isPending ? undefined : close} maxWidth="sm" fullWidth>
      <ModalSnackbar />
      <DialogTitle>Create Group</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          id="create-group-form"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
          sx={{ display: 'grid', gap: 2, pt: 1 }}
        >
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
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={create.isPending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          type="submit"
          form="create-group-form"
          disabled={create.isPending || name.trim() === ''}
        >
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
