// SPDX-License-Identifier: Apache-2.0
import { DialogContentText, TextField } from '@mui/material';
import { type ReactElement, useState } from 'react';
import { FormDialog } from '@/shared/ui/form-dialog';
import { newFolderPath } from '../lib/object-paths';

/**
 * 'Choose or create a new path' (spec 1 §2.6): asks a folder path, relative to the current folder (or
 * from the bucket root with a leading '/'), and hands the folder path to `onGo`. The folder exists in the
 * store once something is uploaded into it.
 */
export function NewPathDialog({
  open,
  currentPrefix,
  onGo,
  onClose,
}: {
  open: boolean;
  currentPrefix: string;
  onGo: (folder: string) => void;
  onClose: () => void;
}): ReactElement {
  const [value, setValue] = useState('');
  const target = newFolderPath(currentPrefix, value);
  const close = (): void => {
    setValue('');
    onClose();
  };
  return (
    <FormDialog
      open={open}
      title="Choose or create a new path"
      onClose={close}
      onSubmit={() => {
        if (target) {
          setValue('');
          onGo(target);
        }
      }}
      submitLabel="Create"
      submitDisabled={!target}
      nativeValidation
    >
      <DialogContentText sx={{ mb: 2 }}>
        Current path: <strong>/{currentPrefix}</strong>. Start with “/” to begin at the bucket root.
      </DialogContentText>
      <TextField
        autoFocus
        fullWidth
        label="New Folder Path"
        placeholder="Enter the new Folder Path"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        helperText={target ? `Opens /${target}` : ' '}
      />
    </FormDialog>
  );
}
