// SPDX-License-Identifier: Apache-2.0
import { MenuItem, TextField } from '@mui/material';
import type { ReactElement } from 'react';

/** A small select of fixed options, named for screen readers by its label. */
export function Pick<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly T[];
  onChange: (v: T) => void;
}): ReactElement {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as T)}
      sx={{ minWidth: 150 }}
      slotProps={{
        select: { SelectDisplayProps: { 'aria-label': label, 'aria-labelledby': undefined } as object },
      }}
    >
      {options.map((o) => (
        <MenuItem key={o} value={o}>
          {o}
        </MenuItem>
      ))}
    </TextField>
  );
}
