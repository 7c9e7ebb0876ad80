// SPDX-License-Identifier: Apache-2.0
import AddOutlined from '@mui/icons-material/AddOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import {
  Box,
  Button,
  FormControlLabel,
  IconButton,
  MenuItem,
  Radio,
  RadioGroup,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import type { LifecycleRule } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useChangeLifecycle, useTierNames } from '../api/lifecycle-rules';
import {
  canSaveLifecycleRule,
  emptyLifecycleForm,
  type LifecycleForm,
  lifecycleFormOf,
  lifecycleRequest,
  lifecycleUpdate,
} from '../lib/lifecycle-form';

function TierSelect(props: {
  label: string;
  value: string;
  tiers: string[];
  onChange: (v: string) => void;
}): ReactElement {
  return (
    <TextField
      select
      fullWidth
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      helperText={props.tiers.length === 0 ? 'No tiers yet: add one under Settings → Tiers.' : ' '}
      slotProps={{ htmlInput: { 'aria-label': props.label } }}
    >
      {props.tiers.map((t) => (
        <MenuItem key={t} value={t}>
          {t}
        </MenuItem>
      ))}
    </TextField>
  );
}

function TagRows({ form, set }: { form: LifecycleForm; set: (f: Partial<LifecycleForm>) => void }) {
  const change = (i: number, part: 'key' | 'value', v: string): void =>
    set({ tags: form.tags.map((t, j) => (j === i ? { ...t, [part]: v } : t)) });
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Tags: the rule applies only to objects with all of these tags.
      </Typography>
      {form.tags.map((t, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity beyond their place
        <Box key={i} sx={{ display: 'flex', gap: 1, mb: 1 }}>
          <TextField
            size="small"
            label="Tag Key"
            value={t.key}
            onChange={(e) => change(i, 'key', e.target.value)}
          />
          <TextField
            size="small"
            label="Tag Value"
            value={t.value}
            onChange={(e) => change(i, 'value', e.target.value)}
          />
          <IconButton
            aria-label={`Remove tag ${i + 1}`}
            onClick={() => set({ tags: form.tags.filter((_, j) => j !== i) })}
          >
            <CloseOutlined fontSize="small" />
          </IconButton>
        </Box>
      ))}
      <Button
        size="small"
        startIcon={<AddOutlined />}
        onClick={() => set({ tags: [...form.tags, { key: '', value: '' }] })}
      >
        Add Tag
      </Button>
    </Box>
  );
}

/**
 * Add Lifecycle Rule (spec 1 §2.5, §5) and the rule edit (§4: the enabled switch; type expiry or
 * transition, each by date or by days; no extra Save rule). Storage classes are the server's tiers.
 */
export function LifecycleRuleDialog({
  bucket,
  rule,
  onClose,
}: {
  bucket: string;
  rule?: LifecycleRule;
  onClose: () => void;
}): ReactElement {
  const [form, setForm] = useState<LifecycleForm>(rule ? lifecycleFormOf(rule) : emptyLifecycleForm);
  const set = (f: Partial<LifecycleForm>): void => setForm((prev) => ({ ...prev, ...f }));
  const tiers = useTierNames(true);
  const change = useChangeLifecycle(bucket);
  const { showMessage, showModalError } = useSnackbar();
  const canSave = (rule !== undefined || canSaveLifecycleRule(form)) && !change.isPending;
  const save = (): void => {
    if (!canSave) return;
    const request = rule
      ? { kind: 'update' as const, id: rule.id, body: lifecycleUpdate(form) }
      : { kind: 'add' as const, body: lifecycleRequest(form) };
    change.mutate(request, {
      onSuccess: () => {
        showMessage(rule ? 'Lifecycle rule updated.' : 'Lifecycle rule added.');
        onClose();
      },
      onError: showModalError,
    });
  };
  const transition = form.type === 'transition';
  return (
    <FormDialog
      open
      title={rule ? `Edit Lifecycle Rule - ${rule.id}` : 'Add Lifecycle Rule'}
      onClose={onClose}
      onSubmit={save}
      busy={change.isPending}
      submitLabel="Save"
      submitDisabled={!canSave}
      maxWidth="sm"
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, mt: 1 }}>
        {rule && (
          <FormControlLabel
            control={<Switch checked={form.enabled} onChange={(e) => set({ enabled: e.target.checked })} />}
            label={form.enabled ? 'Enabled' : 'Disabled'}
          />
        )}
        <Box>
          <Typography variant="body2" color="text.secondary">
            Type of Lifecycle
          </Typography>
          <RadioGroup
            row
            value={form.type}
            onChange={(e) => set({ type: e.target.value as LifecycleForm['type'] })}
          >
            <FormControlLabel value="expiry" control={<Radio />} label="Expiry" />
            <FormControlLabel value="transition" control={<Radio />} label="Transition" />
          </RadioGroup>
          <RadioGroup
            row
            value={form.by}
            onChange={(e) => set({ by: e.target.value as LifecycleForm['by'] })}
          >
            <FormControlLabel value="days" control={<Radio />} label="By Days" />
            <FormControlLabel value="date" control={<Radio />} label="By Date" />
          </RadioGroup>
        </Box>
        {form.by === 'days' ? (
          <TextField
            label={transition ? 'After (days)' : 'Expire after (days)'}
            type="number"
            value={form.days}
            onChange={(e) => set({ days: e.target.value })}
            slotProps={{ htmlInput: { min: 1, 'aria-label': 'Days' } }}
          />
        ) : (
          <TextField
            label={transition ? 'Transition on' : 'Expire on'}
            type="date"
            value={form.date}
            onChange={(e) => set({ date: e.target.value })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-label': 'Date' } }}
          />
        )}
        {transition && (
          <TierSelect
            label="Storage Class"
            value={form.storageClass}
            tiers={tiers}
            onChange={(v) => set({ storageClass: v })}
          />
        )}
        <TextField
          label="Prefix"
          value={form.prefix}
          onChange={(e) => set({ prefix: e.target.value })}
          slotProps={{ htmlInput: { 'aria-label': 'Prefix', spellCheck: false } }}
        />
        <TagRows form={form} set={set} />
        <TextField
          label={
            transition
              ? 'Noncurrent versions: transition after (days)'
              : 'Noncurrent versions: expire after (days)'
          }
          type="number"
          value={form.noncurrentDays}
          onChange={(e) => set({ noncurrentDays: e.target.value })}
          slotProps={{ htmlInput: { min: 1, 'aria-label': 'Noncurrent days' } }}
        />
        {transition && form.noncurrentDays !== '' && (
          <TierSelect
            label="Noncurrent Storage Class"
            value={form.noncurrentStorageClass || form.storageClass}
            tiers={tiers}
            onChange={(v) => set({ noncurrentStorageClass: v })}
          />
        )}
        <FormControlLabel
          control={
            <Switch
              checked={form.expiredDeleteMarker}
              onChange={(e) => set({ expiredDeleteMarker: e.target.checked })}
            />
          }
          label="Remove expired delete markers"
        />
      </Box>
    </FormDialog>
  );
}
