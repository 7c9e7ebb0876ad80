// SPDX-License-Identifier: Apache-2.0
import { Box } from '@mui/material';
import type { ReactElement } from 'react';
import { DashboardPage } from './dashboard-page';

/** /metrics (spec 3 §2): the dashboard full screen; the shell shows no side menu on this path. */
export function MetricsPage(): ReactElement {
  return (
    <Box sx={{ maxWidth: 1600, mx: 'auto' }}>
      <DashboardPage />
    </Box>
  );
}
