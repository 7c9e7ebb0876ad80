// SPDX-License-Identifier: Apache-2.0
import { type ReactElement, useEffect, useState } from 'react';
import { FormDialog } from '@/shared/ui/form-dialog';
import { NameChecklist } from '@/shared/ui/name-checklist';

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
    <FormDialog
      open={open}
      title={title}
      onClose={onClose}
      onSubmit={() => onSave(selected)}
      busy={busy}
      submitLabel="Save"
    >
      <NameChecklist
        label={label}
        names={names}
        selected={selected}
        onChange={setSelected}
        loading={loading}
        emptyText={emptyText}
        maxHeight={360}
      />
    </FormDialog>
  );
}
