// SPDX-License-Identifier: Apache-2.0
import { Typography } from '@mui/material';
import type { ReactElement } from 'react';

/** The card's title ('Console Login', 'Welcome', 'Operator Login') and a one-line hint. */
export function LoginHeading({ title, hint }: { title: string; hint: string }): ReactElement {
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, letterSpacing: '-0.02em', mb: 1 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 4 }}>
        {hint}
      </Typography>
    </>
  );
}
