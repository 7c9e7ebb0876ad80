// SPDX-License-Identifier: Apache-2.0
import {
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import type { ObjectItem } from '@stowage/contracts';
import { type ReactElement, useMemo, useState } from 'react';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useSetObjectRetention } from '../api/set-object-retention';
import { baseName } from '../lib/detail-rules';
import {
  initialRetentionForm,
  isModeFixed,
  localDay,
  type RetentionForm,
  retentionAction,
  showsStatusSwitch,
} from '../lib/retention-rules';

/**
 * Set Retention (spec 1 §4 "Retention (object)", §5): the mode is fixed once the object has one; the status
 * switch shows for governance or no mode; switching it off with governance removes the retention; Save
 * needs a mode and a date in the future. Mount it only while open.
 */
export function RetentionDialog({
  bucket,
  object,
  onClose,
}: {
  bucket: string;
  object: ObjectItem;
  onClose: () => void;
}): ReactElement {
  const [initial] = useState<RetentionForm>(() => initialRetentionForm(object));
  const [form, setForm] = useState<RetentionForm>(initial);
  const set = useSetObjectRetention(bucket, object);
  const { showMessage, showModalError } = useSnackbar();
  const modeFixed = isModeFixed(object);
  const showSwitch = showsStatusSwitch(object);
  // "In the future" is judged when the dialog opens and at Save; the day input offers tomorrow onwards.
  const tomorrow = useMemo(() => localDay(new Date(Date.now() + 86_400_000)), []);
  const action = retentionAction(object, form, new Date());
  // Why Save is off shows once the user has changed something, not as a greeting.
  const touched =
    form.enabled !== initial.enabled || form.mode !== initial.mode || form.date !== initial.date;

  const save = (): void => {
    const now = retentionAction(object, form, new Date());
    if (now.kind === 'invalid' || set.isPending) return;
    set.mutate(now.kind === 'delete' ? undefined : now.body, {
      onSuccess: () => {
        showMessage(now.kind === 'delete' ? 'Retention removed.' : 'Retention set.');
        onClose();
      },
      onError: showModalError,
    });
  };

  return (
    <FormDialog
      open
      title="Set Retention"
      onClose={onClose}
      onSubmit={save}
      busy={set.isPending}
      submitLabel="Save"
      submitDisabled={action.kind === 'invalid'}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        Until the retention date, <strong>{baseName(object.name)}</strong>
        {object.version_id && object.version_id !== 'null' ? ` (version ${object.version_id})` : ''} cannot be
        deleted or overwritten. In compliance mode nobody can shorten or remove it; in governance mode users
        with the right permission can.
      </Typography>
      {showSwitch && (
        <FormControlLabel
          control={
            <Switch
              checked={form.enabled}
              onChange={(e) => setForm((f) => ({ ...f, enabled: e.target.checked }))}
            />
          }
          label={`Status: ${form.enabled ? 'Enabled' : 'Disabled'}`}
          slotProps={{ typography: { component: 'span' } }}
          sx={{ mb: 1 }}
        />
      )}
      <FormControl disabled={!form.enabled || modeFixed} sx={{ display: 'block', mb: 2 }}>
        <FormLabel id="object-retention-mode">Type</FormLabel>
        <RadioGroup
          row
          aria-labelledby="object-retention-mode"
          value={form.mode ?? ''}
          onChange={(e) =>
            setForm((f) => ({ ...f, mode: e.target.value === 'governance' ? 'governance' : 'compliance' }))
          }
        >
          <FormControlLabel value="governance" control={<Radio />} label="Governance" />
          <FormControlLabel value="compliance" control={<Radio />} label="Compliance" />
        </RadioGroup>
      </FormControl>
      {object.retention_mode === 'COMPLIANCE' && (
        <Typography variant="body2" sx={{ mb: 2 }}>
          This object is under compliance retention: it can only be extended, so choose a later date.
        </Typography>
      )}
      <TextField
        label="Retention Date"
        type="date"
        value={form.date}
        disabled={!form.enabled}
        onChange={(e) => setForm((f) => ({ ...f, date: e.target.value }))}
        error={touched && form.enabled && action.kind === 'invalid' && form.date !== ''}
        helperText={touched && action.kind === 'invalid' ? action.reason : ' '}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: tomorrow } }}
        sx={{ width: 260 }}
      />
    </FormDialog>
  );
}
