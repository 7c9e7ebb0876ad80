// SPDX-License-Identifier: Apache-2.0
import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup } from '@mui/material';
import type { JobConflict } from '@stowage/contracts';
import type { ReactElement } from 'react';

const labels: Record<JobConflict, string> = {
  overwrite: 'Overwrite',
  skip: 'Skip',
  'keep-both': 'Keep both (add " (1)" to the new name)',
};

/** What a name clash at the destination does (issue 35). */
export function ConflictChoice({
  value,
  onChange,
}: {
  value: JobConflict;
  onChange: (c: JobConflict) => void;
}): ReactElement {
  return (
    <FormControl sx={{ mt: 2 }}>
      <FormLabel id="conflict-label">When an object of the same name is already there</FormLabel>
      <RadioGroup
        row
        aria-labelledby="conflict-label"
        value={value}
        onChange={(e) => onChange(e.target.value as JobConflict)}
      >
        {(Object.keys(labels) as JobConflict[]).map((c) => (
          <FormControlLabel key={c} value={c} control={<Radio size="small" />} label={labels[c]} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
