// SPDX-License-Identifier: Apache-2.0
import { Chip } from '@mui/material';
import type { ReactElement } from 'react';

/** A volume claim's status; Bound in green. */
export function PvcStatusChip({ status }: { status: string }): ReactElement {
  return (
    <Chip size="small" variant="outlined" label={status} color={status === 'Bound' ? 'success' : 'default'} />
  );
}
