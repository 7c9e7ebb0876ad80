// SPDX-License-Identifier: Apache-2.0
import { DialogContentText, TextField } from '@mui/material';
import { type ReactElement, useState } from 'react';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useSnackbar } from '@/shared/ui/snackbar';
import { retypedNameProblem } from '../lib/tenant-rules';

/**
 * A delete that needs the exact name retyped (spec 3 §4: tenants and pods); a mismatch says 'Tenant name
 * is incorrect.' and nothing is deleted.
 */
export function RetypeNameDialog({
  open,
  kind,
  name,
  busy,
  onConfirm,
  onClose,
  children,
}: {
  open: boolean;
  /** 'Tenant' or 'Pod'. */
  kind: string;
  name: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactElement;
}): ReactElement {
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const { showModalError } = useSnackbar();
  const close = (): void => {
    setTyped('');
    setProblem(undefined);
    onClose();
  };
  const submit = (): void => {
    const p = retypedNameProblem(name, typed);
    setProblem(p);
    if (p) {
      showModalError(new Error(p));
      return;
    }
    onConfirm();
  };
  return (
    <FormDialog
      open={open}
      title={`Delete ${kind}`}
      onClose={close}
      onSubmit={submit}
      busy={busy}
      maxWidth="xs"
      submitLabel="Delete"
      submitDisabled={typed === ''}
      danger
    >
      <DialogContentText component="div" sx={{ mb: 2 }}>
        To continue please type <strong>{name}</strong> in the box.
        {children}
      </DialogContentText>
      <TextField
        autoFocus
        fullWidth
        size="small"
        label={`${kind} name`}
        value={typed}
        error={problem !== undefined}
        helperText={problem}
        onChange={(e) => {
          setTyped(e.target.value);
          setProblem(undefined);
        }}
      />
    </FormDialog>
  );
}
