// SPDX-License-Identifier: Apache-2.0
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { InputAdornment, TextField } from '@mui/material';
import type { ReactElement } from 'react';

/** The search box of the list screens; `label` is also its accessible name. */
export function SearchField({
  label,
  value,
  onChange,
  width = 300,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  width?: number | string;
}): ReactElement {
  return (
    <TextField
      size="small"
      placeholder={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ width: { xs: '100%', sm: width }, bgcolor: 'background.paper' }}
      slotProps={{
        htmlInput: { 'aria-label': label, type: 'search' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchOutlined fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** Case-insensitive "contains" filter of the list screens. */
export function matchesSearch(text: string, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return needle === '' || text.toLowerCase().includes(needle);
}
