// SPDX-License-Identifier: Apache-2.0
import {
  Box,
  FormControlLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import type { BucketQuota, QuotaType } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { fromBytes, type SizeUnit, sizeUnits, toBytes } from '@/shared/format/size-units';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useSetBucketQuota } from '../api/set-bucket-quota';

/** Enable Bucket Quota (spec 1 §2.5 Summary; §5 size at least 1; §9 base-1024 units). */
export function EnableQuotaDialog({
  bucket,
  current,
  open,
  onClose,
}: {
  bucket: string;
  current: BucketQuota | undefined;
  open: boolean;
  onClose: () => void;
}): ReactElement {
  const initial =
    current && current.quota > 0 ? fromBytes(current.quota) : { amount: 1, unit: 'TiB' as SizeUnit };
  const [enabled, setEnabled] = useState((current?.quota ?? 0) > 0);
  const [type, setType] = useState<QuotaType>(current?.type === 'fifo' ? 'fifo' : 'hard');
  const [size, setSize] = useState(String(initial.amount));
  const [unit, setUnit] = useState<SizeUnit>(initial.unit);
  const set = useSetBucketQuota(bucket);
  const { showMessage, showModalError } = useSnackbar();
  const amount = Number(size);
  const valid = !enabled || (size.trim() !== '' && Number.isFinite(amount) && amount > 0);
  const save = (): void => {
    if (!valid || set.isPending) return;
    set.mutate(enabled ? { enabled, quota_type: type, amount: toBytes(amount, unit) } : { enabled: false }, {
      onSuccess: () => {
        showMessage(enabled ? 'Bucket quota saved.' : 'Bucket quota removed.');
        onClose();
      },
      onError: showModalError,
    });
  };
  return (
    <FormDialog
      open={open}
      title="Enable Bucket Quota"
      onClose={onClose}
      onSubmit={save}
      busy={set.isPending}
      submitLabel="Save"
      submitDisabled={!valid}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Box sx={{ flex: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>Quota</Typography>
          <Typography variant="body2" color="text.secondary">
            A hard quota refuses uploads once the bucket holds this much data.
          </Typography>
        </Box>
        <Switch
          checked={enabled}
          onChange={(e) => setEnabled(e.target.checked)}
          slotProps={{ input: { 'aria-label': 'Quota Enabled' } }}
        />
      </Box>
      {enabled && (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ mt: 2, alignItems: { sm: 'center' } }}
        >
          <RadioGroup
            row
            value={type}
            onChange={(e) => setType(e.target.value === 'fifo' ? 'fifo' : 'hard')}
            aria-label="Quota Type"
          >
            <FormControlLabel value="hard" control={<Radio />} label="Hard" />
            <FormControlLabel value="fifo" control={<Radio />} label="FIFO" />
          </RadioGroup>
          <TextField
            label="Size"
            type="number"
            size="small"
            value={size}
            error={!valid}
            onChange={(e) => setSize(e.target.value)}
            slotProps={{ htmlInput: { min: 1, 'aria-label': 'Quota Size' } }}
            sx={{ width: 130 }}
          />
          <TextField
            select
            size="small"
            label="Unit"
            value={unit}
            onChange={(e) => setUnit(e.target.value as SizeUnit)}
            sx={{ width: 100 }}
            slotProps={{
              select: {
                SelectDisplayProps: { 'aria-label': 'Quota Unit', 'aria-labelledby': undefined } as object,
              },
            }}
          >
            {sizeUnits.map((u) => (
              <MenuItem key={u} value={u}>
                {u}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      )}
    </FormDialog>
  );
}
