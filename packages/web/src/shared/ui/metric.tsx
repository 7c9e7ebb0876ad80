// SPDX-License-Identifier: Apache-2.0
import { Box, Typography } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';

/** One labelled figure of a card (a `dt`/`dd` pair inside a `dl`): small caps label, bold tabular value. */
export function Metric({
  label,
  children,
  width,
}: {
  label: string;
  children: ReactNode;
  /** Fixed width, so the figures of cards in a list line up; else at least 96 px. */
  width?: number;
}): ReactElement {
  return (
    <Box sx={width === undefined ? { minWidth: 96 } : { width }}>
      <Typography
        component="dt"
        sx={{ fontSize: 11, fontWeight: 600, letterSpacing: '0.06em', textTransform: 'uppercase' }}
        color="text.secondary"
      >
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
        {children}
      </Typography>
    </Box>
  );
}
