// SPDX-License-Identifier: Apache-2.0
import { Autocomplete, TextField } from '@mui/material';
import type { ReactElement } from 'react';
import { useBuckets } from './list-buckets';

/** The bucket list can hold thousands: the picker shows the first 100 names containing what is typed. */
export function shownBuckets(names: readonly string[], typed: string): string[] {
  const needle = typed.trim().toLowerCase();
  const out: string[] = [];
  for (const name of names) {
    if (needle === '' || name.toLowerCase().includes(needle)) out.push(name);
    if (out.length === 100) break;
  }
  return out;
}

/** The names of the bucket list, and whether `bucket` is one of them (a live tool starts only then). */
export function useBucketNames(bucket: string): { names: string[]; known: boolean } {
  const buckets = useBuckets();
  const names = buckets.data?.buckets.map((b) => b.name) ?? [];
  return { names, known: names.includes(bucket) };
}

/** A bucket chosen from the bucket list (the live tools' "Bucket" field); the list's error shows under it. */
export function BucketPicker({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange: (bucket: string) => void;
  disabled: boolean;
}): ReactElement {
  const buckets = useBuckets();
  const names = buckets.data?.buckets.map((b) => b.name) ?? [];
  return (
    <Autocomplete
      size="small"
      options={names}
      value={names.includes(value) ? value : null}
      onChange={(_, v) => onChange(v ?? '')}
      filterOptions={(options, { inputValue }) => shownBuckets(options, inputValue)}
      disabled={disabled || buckets.isPending}
      sx={{ width: 280 }}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Bucket"
          error={buckets.isError}
          helperText={buckets.isError ? buckets.error.message : undefined}
        />
      )}
    />
  );
}
