// SPDX-License-Identifier: Apache-2.0
import { FormControlLabel, Stack, Switch, TextField } from '@mui/material';
import type { ReactElement } from 'react';
import type { RuleForm } from '../lib/replication-form';

/**
 * The Rule fields of Set Bucket Replication and of a rule's edit form: priority, storage class, prefix,
 * tags, and the switches of what is replicated (metadata is fixed on for a new rule, as spec 1 §9; the
 * edit form may turn it off, as MinIO's console).
 */
export function ReplicationRuleFields({
  value,
  onChange,
  errors,
  metadataEditable,
}: {
  value: RuleForm;
  onChange: (next: RuleForm) => void;
  errors: Partial<Record<keyof RuleForm, string>>;
  metadataEditable: boolean;
}): ReactElement {
  const set = <K extends keyof RuleForm>(k: K, v: RuleForm[K]): void => onChange({ ...value, [k]: v });
  const toggle = (k: 'deleteMarkers' | 'deletes' | 'metadata', label: string, disabled = false) => (
    <FormControlLabel
      control={<Switch checked={value[k]} disabled={disabled} onChange={(e) => set(k, e.target.checked)} />}
      label={label}
    />
  );
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="Priority"
          type="number"
          value={value.priority}
          onChange={(e) => set('priority', e.target.value)}
          error={!!errors.priority}
          helperText={errors.priority}
        />
        <TextField
          label="Storage Class"
          placeholder="STANDARD_IA, REDUCED_REDUNDANCY, etc"
          value={value.storageClass}
          onChange={(e) => set('storageClass', e.target.value)}
          fullWidth
        />
      </Stack>
      <TextField label="Prefix" value={value.prefix} onChange={(e) => set('prefix', e.target.value)} />
      <TextField
        label="Tags"
        placeholder="key1=value1&key2=value2"
        value={value.tags}
        onChange={(e) => set('tags', e.target.value)}
        error={!!errors.tags}
        helperText={errors.tags}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {toggle('deleteMarkers', 'Delete Marker Replication')}
        {toggle('deletes', 'Deletes Replication')}
        {toggle('metadata', 'Metadata Replication', !metadataEditable)}
      </Stack>
    </Stack>
  );
}
