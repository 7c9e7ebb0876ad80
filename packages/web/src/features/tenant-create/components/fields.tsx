// SPDX-License-Identifier: Apache-2.0
import { FormControlLabel, Switch, TextField, Typography } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';

/** A text field of the wizard: labelled, its problem under it once the user has typed or tried to create. */
export function TextInput({
  label,
  value,
  onChange,
  problem,
  type,
  placeholder,
  helper,
  required = false,
  disabled = false,
  multiline = false,
  endAdornment,
  width,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  problem?: string | undefined;
  type?: string;
  placeholder?: string;
  helper?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  multiline?: boolean;
  endAdornment?: ReactNode;
  width?: number | string;
}): ReactElement {
  return (
    <TextField
      label={label}
      size="small"
      fullWidth={width === undefined}
      sx={width === undefined ? undefined : { width }}
      required={required}
      disabled={disabled}
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      type={type}
      placeholder={placeholder}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={problem !== undefined}
      helperText={problem ?? helper}
      slotProps={{
        ...(placeholder ? { inputLabel: { shrink: true } } : {}),
        ...(endAdornment ? { input: { endAdornment } } : {}),
      }}
    />
  );
}

/** An on/off setting of the wizard. */
export function SwitchInput({
  label,
  checked,
  onChange,
  disabled = false,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}): ReactElement {
  return (
    <FormControlLabel
      control={<Switch checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />}
      label={label}
    />
  );
}

/** A step's heading and its one-line explanation. */
export function StepTitle({ title, hint }: { title: string; hint: string }): ReactElement {
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {hint}
      </Typography>
    </>
  );
}

/** Returns the problem of `field` once the user has tried to create (or always, when `shown`). */
export function shownProblem(
  problems: Record<string, string>,
  field: string,
  tried: boolean,
): string | undefined {
  return tried ? problems[field] : undefined;
}
