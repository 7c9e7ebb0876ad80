// SPDX-License-Identifier: Apache-2.0
import { Card, CardContent, Typography } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';

/** A titled block of a tenant tab (Details, Health, Features …), a region named by its title. */
export function SectionCard({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}): ReactElement {
  return (
    <Card component="section" aria-label={title} variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography
          component="h2"
          sx={{ fontWeight: 700, fontSize: 16, mb: 2, display: 'flex', alignItems: 'center', gap: 1 }}
        >
          <span style={{ flex: 1 }}>{title}</span>
          {action}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
