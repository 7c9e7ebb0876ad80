// SPDX-License-Identifier: Apache-2.0
import { Box, Typography } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';

/** The title row of a shell page: an h1 and, on the right, the page's actions. */
export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
}): ReactElement {
  return (
    <Box
      component="header"
      sx={{ display: 'flex', alignItems: 'flex-end', gap: 2, flexWrap: 'wrap', mb: 3, minHeight: 48 }}
    >
      <Box sx={{ flex: 1, minWidth: 200 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, letterSpacing: '-0.02em' }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {subtitle}
          </Typography>
        )}
      </Box>
      {actions && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>{actions}</Box>
      )}
    </Box>
  );
}
