// SPDX-License-Identifier: Apache-2.0
import {
  Alert,
  Box,
  Button,
  Divider,
  FormControlLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { type ReactElement, type ReactNode, useState } from 'react';
import { type SizeUnit, sizeUnits } from '@/shared/format/size-units';
import { useDebouncedValue } from '@/shared/hooks/use-debounced-value';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useCreateBucket } from '../api/create-bucket';
import { type BucketFeatures, createBucketOptions } from '../lib/bucket-features';
import {
  type CreateBucketForm,
  canSaveCreateBucket,
  createBucketDefaults,
  objectOwnershipChoices,
  toCreateBucketRequest,
  updateCreateBucketForm,
} from '../lib/create-bucket-form';

export const nonErasureNotice =
  'Some these features are disabled as server is running in non-erasure coded mode.';

/** Spec 1 §5: the bucket name is trimmed and its input debounced 1000 ms. */
const nameDebounceMs = 1000;

function Feature({
  label,
  help,
  checked,
  disabled,
  onChange,
  children,
}: {
  label: string;
  help: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
  children?: ReactNode;
}): ReactElement {
  return (
    <Box sx={{ py: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Box sx={{ flex: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>{label}</Typography>
          <Typography variant="body2" color="text.secondary">
            {help}
          </Typography>
        </Box>
        <Switch
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
          slotProps={{ input: { 'aria-label': label } }}
        />
      </Box>
      {checked && children && <Box sx={{ mt: 1.5, pl: { sm: 2 } }}>{children}</Box>}
    </Box>
  );
}

/**
 * Create Bucket (spec 1 §2.5 modals, §4 "Create-bucket form", §5): name, then versioning, object locking,
 * quota and retention, each disabled outside distributed mode with the non-erasure notice, and left out
 * where the server lacks it (issue 24). On success the modal closes and the bucket list reloads.
 */
export function CreateBucketDialog({
  open,
  features,
  onClose,
}: {
  open: boolean;
  /** The server's bucket settings (issue 24): options it lacks are not offered. */
  features: BucketFeatures;
  onClose: () => void;
}): ReactElement {
  const options = createBucketOptions(features);
  const distributed = !features.erasureNotice;
  const [form, setForm] = useState<CreateBucketForm>(createBucketDefaults);
  const settledName = useDebouncedValue(form.name.trim(), nameDebounceMs);
  const create = useCreateBucket();
  const { showMessage, showModalError } = useSnackbar();
  const set = (patch: Partial<CreateBucketForm>): void => setForm((f) => updateCreateBucketForm(f, patch));
  const nameSettled = settledName === form.name.trim();
  const canSave = nameSettled && canSaveCreateBucket(form, settledName) && !create.isPending;
  const featuresOff = !distributed || create.isPending;

  const close = (): void => {
    setForm(createBucketDefaults);
    create.reset();
    onClose();
  };
  const save = (): void => {
    if (!canSave) return;
    create.mutate(toCreateBucketRequest(form, settledName, distributed), {
      onSuccess: (res) => {
        showMessage(`Bucket '${res.bucketName}' created successfully.`);
        close();
      },
      onError: showModalError,
    });
  };

  return (
    <FormDialog
      open={open}
      title="Create Bucket"
      onClose={close}
      onSubmit={save}
      busy={create.isPending}
      maxWidth="sm"
      submitLabel="Save"
      submitDisabled={!canSave}
      extraActions={
        <>
          <Button onClick={() => setForm(createBucketDefaults)} disabled={create.isPending}>
            Clear
          </Button>
          <Box sx={{ flex: 1 }} />
        </>
      }
    >
      <TextField
        label="Bucket Name"
        fullWidth
        autoFocus
        value={form.name}
        onChange={(e) => set({ name: e.target.value })}
        disabled={create.isPending}
        helperText="Lowercase letters, digits, dots and hyphens; 3 to 63 characters."
        slotProps={{ htmlInput: { 'aria-label': 'Bucket Name', spellCheck: false, autoComplete: 'off' } }}
        sx={{ mt: 1 }}
      />
      <TextField
        select
        label="Object Ownership"
        fullWidth
        value={form.objectOwnership}
        onChange={(e) => set({ objectOwnership: e.target.value as CreateBucketForm['objectOwnership'] })}
        disabled={create.isPending}
        helperText="Who owns objects others upload, and whether ACLs apply (S3 Object Ownership)."
        slotProps={{ htmlInput: { 'aria-label': 'Object Ownership' } }}
        sx={{ mt: 2 }}
      >
        {objectOwnershipChoices.map((c) => (
          <MenuItem key={c.value || 'default'} value={c.value}>
            {c.label}
          </MenuItem>
        ))}
      </TextField>
      {(options.versioning || options.locking || options.quota) && (
        <>
          <Divider sx={{ my: 2 }} />
          <Typography variant="overline" color="text.secondary">
            Features
          </Typography>
        </>
      )}
      {!distributed && (
        <Alert severity="info" sx={{ my: 1 }}>
          {nonErasureNotice}
        </Alert>
      )}
      {options.versioning && (
        <Feature
          label="Versioning"
          help="Keeps every version of an object, so overwrites and deletes can be undone."
          checked={form.versioning}
          disabled={featuresOff}
          onChange={(v) => set({ versioning: v })}
        />
      )}
      {options.locking && (
        <Feature
          label="Object Locking"
          help={
            form.retentionEnabled
              ? 'Required by retention. It can only be enabled when the bucket is created.'
              : 'Prevents objects from being deleted (needs versioning). It can only be enabled when the bucket is created.'
          }
          checked={form.locking}
          disabled={featuresOff || form.retentionEnabled}
          onChange={(v) => set({ locking: v })}
        />
      )}
      {options.quota && (
        <Feature
          label="Quota"
          help="Limits the amount of data in the bucket."
          checked={form.quotaEnabled}
          disabled={featuresOff}
          onChange={(v) => set({ quotaEnabled: v })}
        >
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <RadioGroup
              row
              value={form.quotaType}
              onChange={(e) => set({ quotaType: e.target.value === 'fifo' ? 'fifo' : 'hard' })}
              aria-label="Quota Type"
            >
              <FormControlLabel value="hard" control={<Radio disabled={featuresOff} />} label="Hard" />
              <FormControlLabel value="fifo" control={<Radio disabled={featuresOff} />} label="FIFO" />
            </RadioGroup>
            <TextField
              label="Size"
              type="number"
              size="small"
              value={form.quotaSize}
              disabled={featuresOff}
              onChange={(e) => set({ quotaSize: e.target.value })}
              error={form.quotaSize.trim() === '' || Number(form.quotaSize) <= 0}
              slotProps={{ htmlInput: { min: 1, 'aria-label': 'Quota Size' } }}
              sx={{ width: 120 }}
            />
            <TextField
              select
              size="small"
              label="Unit"
              value={form.quotaUnit}
              disabled={featuresOff}
              onChange={(e) => set({ quotaUnit: e.target.value as SizeUnit })}
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
        </Feature>
      )}
      {form.versioning && options.locking && (
        <Feature
          label="Retention"
          help="Default retention for new objects; turns object locking on."
          checked={form.retentionEnabled}
          disabled={featuresOff}
          onChange={(v) => set({ retentionEnabled: v })}
        >
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <RadioGroup
              row
              value={form.retentionMode}
              onChange={(e) =>
                set({ retentionMode: e.target.value === 'governance' ? 'governance' : 'compliance' })
              }
              aria-label="Retention Mode"
            >
              <FormControlLabel
                value="compliance"
                control={<Radio disabled={featuresOff} />}
                label="Compliance"
              />
              <FormControlLabel
                value="governance"
                control={<Radio disabled={featuresOff} />}
                label="Governance"
              />
            </RadioGroup>
            <TextField
              label="Validity"
              type="number"
              size="small"
              value={form.retentionValidity}
              disabled={featuresOff}
              onChange={(e) => set({ retentionValidity: e.target.value })}
              error={!(Number(form.retentionValidity) >= 1)}
              slotProps={{ htmlInput: { min: 1, step: 1, 'aria-label': 'Validity' } }}
              sx={{ width: 110 }}
            />
            <TextField
              select
              size="small"
              label="Unit"
              value={form.retentionUnit}
              disabled={featuresOff}
              onChange={(e) => set({ retentionUnit: e.target.value === 'years' ? 'years' : 'days' })}
              sx={{ width: 110 }}
              slotProps={{
                select: {
                  SelectDisplayProps: {
                    'aria-label': 'Retention Unit',
                    'aria-labelledby': undefined,
                  } as object,
                },
              }}
            >
              <MenuItem value="days">Days</MenuItem>
              <MenuItem value="years">Years</MenuItem>
            </TextField>
          </Stack>
        </Feature>
      )}
    </FormDialog>
  );
}
