import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { type ReactElement, useEffect, useState } from 'react';
import { NameChecklist } from '@/shared/ui/name-checklist';
import { ModalSnackbar } from '@/shared/ui/snackbar';

/**
 * A dialog that edits a set of names (a user's groups, a user's policies; spec 2 §2 "Add to Groups",
 * "Assign Policies"). Starts from `initial` each time it opens; `onSave` receives the full new set.
 */
export function PickNamesDialog({
  open,
  title,
  label,
  names,
  loading,
  initial,
  emptyText,
  busy,
  onSave,
  onClose,
}: {
  open: boolean;
  title: string;
  label: string;
  names: readonly string[];
  loading: boolean;
  initial: readonly string[];
  emptyText: string;
  busy: boolean;
  onSave: (selected: string[]) => void;
  onClose: () => void;
}): ReactElement {
  const [selected, setSelected] = useState<string[]>([...initial]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useEffect(() => {
    if (open) setSelected([...initial]);
  }, [open]);
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth>
      <ModalSnackbar />
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <NameChecklist
          label={label}
          names={names}
          selected={selected}
          onChange={setSelected}
          loading={loading}
          emptyText={emptyText}
          maxHeight={360}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => onSave(selected)} disabled={busy}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
