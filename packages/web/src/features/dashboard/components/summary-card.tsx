// SPDX-License-Identifier: Apache-2.0
import { Box, Card, Typography } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import { IconTile } from '@/shared/ui/icon-tile';

/** One figure of the usage summary (All Buckets, Usage, Total Objects, Servers): icon, label, value. */
export function SummaryCard({
  label,
  value,
  icon,
  detail,
}: {
  label: string;
  value: string;
  icon: ReactElement;
  /** A second line under the value, e.g. '1 online'. */
  detail?: ReactNode;
}): ReactElement {
  return (
    <Card
      component="section"
      aria-label={label}
      sx={{ p: 2.5, display: 'flex', alignItems: 'center', gap: 2, minWidth: 0 }}
    >
      <IconTile size={48}>{icon}</IconTile>
      <Box sx={{ minWidth: 0 }}>
        <Typography
          component="h2"
          color="text.secondary"
          sx={{ fontSize: 12, fontWeight: 600, letterSpacing: '0.06em', textTransform: 'uppercase' }}
        >
          {label}
        </Typography>
        <Typography
          sx={{ fontSize: 26, fontWeight: 700, fontVariantNumeric: 'tabular-nums', lineHeight: 1.3 }}
        >
          {value}
        </Typography>
        {detail && (
          <Typography variant="body2" color="text.secondary">
            {detail}
          </Typography>
        )}
      </Box>
    </Card>
  );
}
