// SPDX-License-Identifier: Apache-2.0
import { MenuItem, TextField } from '@mui/material';
import type { AccessRuleLevel } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useSnackbar } from '@/shared/ui/snackbar';
import { usePutAccessRule } from '../api/put-access-rule';

/** Add Access Rule / Edit Access Rule (spec 1 §2.5; §5 Save needs a non-empty trimmed prefix). */
export function AccessRuleDialog({
  bucket,
  rule,
  open,
  onClose,
}: {
  bucket: string;
  /** The rule being edited; its prefix cannot change. Undefined adds a rule. */
  rule?: { prefix: string; access: AccessRuleLevel };
  open: boolean;
  onClose: () => void;
}): ReactElement {
  const [prefix, setPrefix] = useState(rule?.prefix ?? '');
  const [access, setAccess] = useState<AccessRuleLevel>(rule?.access ?? 'readonly');
  const put = usePutAccessRule(bucket);
  const { showMessage, showModalError } = useSnackbar();
  const canSave = prefix.trim() !== '' && !put.isPending;
  const save = (): void => {
    if (!canSave) return;
    put.mutate(
      { prefix: prefix.trim(), access },
      {
        onSuccess: () => {
          showMessage(rule ? 'Access rule updated.' : 'Access rule added.');
          onClose();
        },
        onError: showModalError,
      },
    );
  };
  return (
    <FormDialog
      open={open}
      title={rule ? 'Edit Access Rule' : 'Add Access Rule'}
      onClose={onClose}
      onSubmit={save}
      busy={put.isPending}
      submitLabel="Save"
      submitDisabled={!canSave}
    >
      <TextField
        label="Prefix"
        fullWidth
        autoFocus={!rule}
        value={prefix}
        disabled={rule !== undefined}
        onChange={(e) => setPrefix(e.target.value)}
        helperText="Objects whose names start with this text, e.g. public/ or reports/2024"
        slotProps={{ htmlInput: { 'aria-label': 'Prefix', spellCheck: false } }}
        sx={{ mt: 1 }}
      />
      <TextField
        select
        label="Access"
        fullWidth
        value={access}
        onChange={(e) => setAccess(e.target.value as AccessRuleLevel)}
        helperText="Anonymous access: anyone, without credentials."
        slotProps={{ htmlInput: { 'aria-label': 'Access' } }}
        sx={{ mt: 2 }}
      >
        <MenuItem value="readonly">readonly</MenuItem>
        <MenuItem value="writeonly">writeonly</MenuItem>
        <MenuItem value="readwrite">readwrite</MenuItem>
      </TextField>
    </FormDialog>
  );
}
