// SPDX-License-Identifier: Apache-2.0
import { FormControlLabel, Switch, Typography } from '@mui/material';
import { type ReactElement, useState } from 'react';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useSetObjectLegalHold } from '../api/set-object-legal-hold';
import { baseName } from '../lib/detail-rules';

/** Legal hold edit (spec 1 §4 "Legal hold": toggles enabled/disabled). Mount it only while open. */
export function LegalHoldDialog({
  bucket,
  object,
  onClose,
}: {
  bucket: string;
  object: { name: string; version_id?: string | undefined; legal_hold_status?: 'ON' | 'OFF' | undefined };
  onClose: () => void;
}): ReactElement {
  const [enabled, setEnabled] = useState(object.legal_hold_status === 'ON');
  const set = useSetObjectLegalHold(bucket, object);
  const { showMessage, showModalError } = useSnackbar();
  const save = (): void => {
    if (set.isPending) return;
    set.mutate(
      { status: enabled ? 'enabled' : 'disabled' },
      {
        onSuccess: () => {
          showMessage(`Legal hold ${enabled ? 'enabled' : 'disabled'}.`);
          onClose();
        },
        onError: showModalError,
      },
    );
  };
  return (
    <FormDialog
      open
      title="Set Legal Hold"
      onClose={onClose}
      onSubmit={save}
      busy={set.isPending}
      maxWidth="xs"
      submitLabel="Save"
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        While a legal hold is on, <strong>{baseName(object.name)}</strong> cannot be deleted or overwritten,
        whatever its retention says.
      </Typography>
      <FormControlLabel
        control={<Switch checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />}
        label={`Legal Hold Status: ${enabled ? 'Enabled' : 'Disabled'}`}
        slotProps={{ typography: { component: 'span' } }}
      />
    </FormDialog>
  );
}
