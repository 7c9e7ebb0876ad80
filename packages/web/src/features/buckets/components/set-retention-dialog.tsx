// SPDX-License-Identifier: Apache-2.0
import { FormControlLabel, MenuItem, Radio, RadioGroup, Stack, TextField, Typography } from '@mui/material';
import type { GetBucketRetentionResponse, RetentionMode, RetentionUnit } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useSetBucketRetention } from '../api/set-bucket-retention';

/** Set Retention Configuration (spec 1 §2.5 Summary; §5 validity is a number of at least 1). */
export function SetRetentionDialog({
  bucket,
  current,
  open,
  onClose,
}: {
  bucket: string;
  current: GetBucketRetentionResponse | undefined;
  open: boolean;
  onClose: () => void;
}): ReactElement {
  const [mode, setMode] = useState<RetentionMode>(current?.mode ?? 'compliance');
  const [unit, setUnit] = useState<RetentionUnit>(current?.unit ?? 'days');
  const [validity, setValidity] = useState(String(current?.validity ?? 1));
  const set = useSetBucketRetention(bucket);
  const { showMessage, showModalError } = useSnackbar();
  const value = Number(validity);
  const valid = validity.trim() !== '' && Number.isInteger(value) && value >= 1;
  const save = (): void => {
    if (!valid || set.isPending) return;
    set.mutate(
      { mode, unit, validity: value },
      {
        onSuccess: () => {
          showMessage('Retention configuration saved.');
          onClose();
        },
        onError: showModalError,
      },
    );
  };
  return (
    <FormDialog
      open={open}
      title="Set Retention Configuration"
      onClose={onClose}
      onSubmit={save}
      busy={set.isPending}
      submitLabel="Set"
      submitDisabled={!valid}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        New objects get this retention by default. In compliance mode nobody can shorten it; in governance
        mode users with the right permission can.
      </Typography>
      <RadioGroup
        row
        value={mode}
        onChange={(e) => setMode(e.target.value === 'governance' ? 'governance' : 'compliance')}
        aria-label="Retention Mode"
      >
        <FormControlLabel value="compliance" control={<Radio />} label="Compliance" />
        <FormControlLabel value="governance" control={<Radio />} label="Governance" />
      </RadioGroup>
      <Stack direction="row" spacing={2} sx={{ mt: 1 }}>
        <TextField
          label="Validity"
          type="number"
          value={validity}
          error={!valid}
          helperText={valid ? ' ' : 'A whole number of at least 1'}
          onChange={(e) => setValidity(e.target.value)}
          slotProps={{ htmlInput: { min: 1, step: 1, 'aria-label': 'Validity' } }}
          sx={{ width: 160 }}
        />
        <TextField
          select
          label="Unit"
          value={unit}
          onChange={(e) => setUnit(e.target.value === 'years' ? 'years' : 'days')}
          sx={{ width: 140 }}
          slotProps={{ htmlInput: { 'aria-label': 'Unit' } }}
        >
          <MenuItem value="days">Days</MenuItem>
          <MenuItem value="years">Years</MenuItem>
        </TextField>
      </Stack>
    </FormDialog>
  );
}
