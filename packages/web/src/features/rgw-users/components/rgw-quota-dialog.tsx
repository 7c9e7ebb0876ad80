// SPDX-License-Identifier: Apache-2.0
import { Box, Checkbox, FormControlLabel, MenuItem, Switch, TextField, Typography } from '@mui/material';
import type { RgwQuota } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { type SizeUnit, sizeUnits } from '@/shared/format/size-units';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useSetRgwQuota } from '../api/rgw-user-writes';
import { type RgwQuotaForm, rgwQuotaForm, rgwQuotaFromForm } from '../lib/rgw-user-form';

export type RgwQuotaScope = 'user' | 'bucket';

/** What each scope limits, as the dialog's title and explanation say it. */
export const rgwQuotaTexts: Record<RgwQuotaScope, { title: string; detail: string }> = {
  user: { title: 'User Quota', detail: 'All of the user’s buckets together.' },
  bucket: { title: 'Bucket Quota', detail: 'Each of the user’s buckets on its own.' },
};

/** Edit a user's or its buckets' quota: enabled, max size (base-1024 units) and max objects, each optional. */
export function RgwQuotaDialog({
  uid,
  scope,
  current,
  onClose,
}: {
  uid: string;
  scope: RgwQuotaScope;
  current: RgwQuota | null;
  onClose: () => void;
}): ReactElement {
  const [form, setForm] = useState<RgwQuotaForm>(() => rgwQuotaForm(current));
  const set = useSetRgwQuota(uid);
  const { showMessage, showModalError } = useSnackbar();
  const result = rgwQuotaFromForm(form);
  const change = (patch: Partial<RgwQuotaForm>): void => setForm({ ...form, ...patch });
  const save = (): void => {
    if (!('quota' in result)) return;
    set.mutate(
      { scope, quota: result.quota },
      {
        onSuccess: () => {
          showMessage(`${rgwQuotaTexts[scope].title} of ${uid} saved.`);
          onClose();
        },
        onError: showModalError,
      },
    );
  };
  return (
    <FormDialog
      open
      title={`Edit ${rgwQuotaTexts[scope].title}`}
      onClose={onClose}
      onSubmit={save}
      busy={set.isPending}
      submitLabel="Save"
      submitDisabled={!('quota' in result)}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <Box sx={{ flex: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>Enforced</Typography>
          <Typography variant="body2" color="text.secondary">
            {rgwQuotaTexts[scope].detail} RGW refuses uploads beyond the limits.
          </Typography>
        </Box>
        <Switch
          checked={form.enabled}
          onChange={(e) => change({ enabled: e.target.checked })}
          slotProps={{ input: { 'aria-label': 'Quota Enabled' } }}
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <FormControlLabel
          sx={{ width: 190, whiteSpace: 'nowrap' }}
          control={
            <Checkbox
              checked={form.sizeUnlimited}
              onChange={(e) => change({ sizeUnlimited: e.target.checked })}
            />
          }
          label="Unlimited size"
        />
        <TextField
          label="Max Size"
          type="number"
          size="small"
          value={form.size}
          disabled={form.sizeUnlimited}
          onChange={(e) => change({ size: e.target.value })}
          sx={{ width: 130 }}
        />
        <TextField
          select
          size="small"
          label="Unit"
          value={form.unit}
          disabled={form.sizeUnlimited}
          onChange={(e) => change({ unit: e.target.value as SizeUnit })}
          sx={{ width: 100 }}
          slotProps={{
            select: {
              SelectDisplayProps: { 'aria-label': 'Max Size Unit', 'aria-labelledby': undefined } as object,
            },
          }}
        >
          {sizeUnits.map((u) => (
            <MenuItem key={u} value={u}>
              {u}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <FormControlLabel
          sx={{ width: 190, whiteSpace: 'nowrap' }}
          control={
            <Checkbox
              checked={form.objectsUnlimited}
              onChange={(e) => change({ objectsUnlimited: e.target.checked })}
            />
          }
          label="Unlimited objects"
        />
        <TextField
          label="Max Objects"
          type="number"
          size="small"
          value={form.objects}
          disabled={form.objectsUnlimited}
          onChange={(e) => change({ objects: e.target.value })}
          sx={{ width: 130 }}
        />
      </Box>
      {'problem' in result && (
        <Typography role="alert" color="error" variant="body2" sx={{ mt: 2 }}>
          {result.problem}
        </Typography>
      )}
    </FormDialog>
  );
}
