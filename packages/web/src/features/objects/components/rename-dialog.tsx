// SPDX-License-Identifier: Apache-2.0
import { TextField } from '@mui/material';
import type { JobConflict } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useCreateJob } from '../api/create-job';
import { renameItem, renameProblem } from '../lib/job-items';
import { entryName, isFolder } from '../lib/object-paths';
import { ConflictChoice } from './conflict-choice';

/** Rename (issue 35): an object or a whole folder in place, as a move job within the bucket. */
export function RenameDialog({
  bucket,
  name,
  onClose,
  onStarted,
}: {
  bucket: string;
  name: string;
  onClose: () => void;
  onStarted: () => void;
}): ReactElement {
  const [value, setValue] = useState(entryName(name));
  const [touched, setTouched] = useState(false);
  const [conflict, setConflict] = useState<JobConflict>('skip');
  const create = useCreateJob();
  const { showMessage, showModalError } = useSnackbar();
  const problem = renameProblem(name, value);
  const submit = (): void => {
    setTouched(true);
    if (problem !== null) return;
    create.mutate(
      {
        kind: 'move',
        source_bucket: bucket,
        target_bucket: bucket,
        items: [renameItem(name, value)],
        conflict,
      },
      {
        onSuccess: (job) => {
          showMessage(`${job.title} started.`);
          onStarted();
        },
        onError: showModalError,
      },
    );
  };
  return (
    <FormDialog
      open
      title={`Rename ${entryName(name)}`}
      onClose={onClose}
      onSubmit={submit}
      busy={create.isPending}
      submitLabel="Rename"
      maxWidth="xs"
    >
      <TextField
        autoFocus
        fullWidth
        margin="dense"
        label={isFolder(name) ? 'New folder name' : 'New name'}
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setTouched(true);
        }}
        error={touched && problem !== null}
        helperText={touched && problem !== null ? problem : ' '}
      />
      <ConflictChoice value={conflict} onChange={setConflict} />
    </FormDialog>
  );
}
