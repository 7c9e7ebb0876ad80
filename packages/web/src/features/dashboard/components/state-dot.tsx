// SPDX-License-Identifier: Apache-2.0
import { Box } from '@mui/material';
import type { ReactElement } from 'react';

/** A green dot for online/ok, a red one for offline, with the state as its accessible name. */
export function StateDot({ up, label }: { up: boolean; label: string }): ReactElement {
  return (
    <Box
      component="span"
      role="img"
      aria-label={label}
      sx={{
        display: 'inline-block',
        width: 10,
        height: 10,
        borderRadius: '50%',
        flexShrink: 0,
        bgcolor: up ? 'success.main' : 'error.main',
      }}
    />
  );
}
