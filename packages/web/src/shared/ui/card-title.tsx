// SPDX-License-Identifier: Apache-2.0
import { Typography } from '@mui/material';
import type { ReactElement } from 'react';

/** The bold one-line name of a card, cut with an ellipsis when too long (the whole of it in the tooltip). */
export function CardTitle({ text, level }: { text: string; level: 'h2' | 'h3' }): ReactElement {
  return (
    <Typography
      component={level}
      title={text}
      sx={{
        fontWeight: 700,
        fontSize: 16,
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
      }}
    >
      {text}
    </Typography>
  );
}
