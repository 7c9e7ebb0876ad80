// SPDX-License-Identifier: Apache-2.0
import { Box } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';

/** The rounded square that leads a card, holding its icon in the primary colour. */
export function IconTile({ children, size = 44 }: { children: ReactNode; size?: number }): ReactElement {
  return (
    <Box
      sx={{
        width: size,
        height: size,
        borderRadius: '12px',
        flexShrink: 0,
        display: 'grid',
        placeItems: 'center',
        color: 'primary.main',
        bgcolor: 'action.hover',
      }}
    >
      {children}
    </Box>
  );
}
