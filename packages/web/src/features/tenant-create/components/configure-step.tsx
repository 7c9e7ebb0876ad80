// SPDX-License-Identifier: Apache-2.0
import { Box, MenuItem, TextField } from '@mui/material';
import type { ReactElement } from 'react';
import type { StorageClassLimit } from '@/shared/operator/storage-quota';
import type { Problems } from '../lib/validation';
import type { ConfigureStep as Configure } from '../lib/wizard-form';
import { StepTitle, SwitchInput, TextInput } from './fields';

function Override({
  title,
  on,
  onToggle,
  storageClass,
  onClass,
  size,
  onSize,
  classes,
  classProblem,
  sizeProblem,
}: {
  title: string;
  on: boolean;
  onToggle: (on: boolean) => void;
  storageClass: string;
  onClass: (v: string) => void;
  size: string;
  onSize: (v: string) => void;
  classes: readonly StorageClassLimit[];
  classProblem: string | undefined;
  sizeProblem: string | undefined;
}): ReactElement {
  return (
    <Box sx={{ mt: 2 }}>
      <SwitchInput label={`Override ${title} defaults`} checked={on} onChange={onToggle} />
      {on && (
        <Box sx={{ display: 'flex', gap: 2, mt: 1, flexWrap: 'wrap' }}>
          <TextField
            select
            size="small"
            label={`${title} Storage Class`}
            value={storageClass}
            onChange={(e) => onClass(e.target.value)}
            error={classProblem !== undefined}
            helperText={classProblem}
            sx={{ minWidth: 240 }}
          >
            {classes.map((c) => (
              <MenuItem key={c.name} value={c.name}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          <TextInput
            label={`${title} Storage Size [Gi]`}
            type="number"
            value={size}
            onChange={onSize}
            problem={sizeProblem}
            width={240}
          />
        </Box>
      )}
    </Box>
  );
}

/** Configure (spec 3 §2): expose services; Log Search and Prometheus storage overrides. */
export function ConfigureStep({
  value: c,
  onChange,
  classes,
  problems,
}: {
  value: Configure;
  onChange: (c: Configure) => void;
  classes: readonly StorageClassLimit[];
  problems: Problems;
}): ReactElement {
  return (
    <Box>
      <StepTitle title="Configure" hint="Basic configuration of the tenant's services." />
      <Box sx={{ display: 'flex', flexDirection: 'column' }}>
        <SwitchInput
          label="Expose MinIO Service"
          checked={c.exposeMinIO}
          onChange={(exposeMinIO) => onChange({ ...c, exposeMinIO })}
        />
        <SwitchInput
          label="Expose Console Service"
          checked={c.exposeConsole}
          onChange={(exposeConsole) => onChange({ ...c, exposeConsole })}
        />
      </Box>
      <Override
        title="Log Search"
        on={c.logSearchCustom}
        onToggle={(logSearchCustom) => onChange({ ...c, logSearchCustom })}
        storageClass={c.logSearchStorageClass}
        onClass={(logSearchStorageClass) => onChange({ ...c, logSearchStorageClass })}
        size={c.logSearchVolumeSize}
        onSize={(logSearchVolumeSize) => onChange({ ...c, logSearchVolumeSize })}
        classes={classes}
        classProblem={problems.logSearchStorageClass}
        sizeProblem={problems.logSearchVolumeSize}
      />
      <Override
        title="Prometheus"
        on={c.prometheusCustom}
        onToggle={(prometheusCustom) => onChange({ ...c, prometheusCustom })}
        storageClass={c.prometheusStorageClass}
        onClass={(prometheusStorageClass) => onChange({ ...c, prometheusStorageClass })}
        size={c.prometheusVolumeSize}
        onSize={(prometheusVolumeSize) => onChange({ ...c, prometheusVolumeSize })}
        classes={classes}
        classProblem={problems.prometheusStorageClass}
        sizeProblem={problems.prometheusVolumeSize}
      />
    </Box>
  );
}
