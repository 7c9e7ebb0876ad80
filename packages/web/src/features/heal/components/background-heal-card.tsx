// SPDX-License-Identifier: Apache-2.0
import { Box, Card, CardContent, Chip, Typography } from '@mui/material';
import type { ReactElement } from 'react';
import { formatCount } from '@/shared/format/format-number';
import { Metric } from '@/shared/ui/metric';
import { QueryErrorAlert } from '@/shared/ui/query-error-alert';
import { useBackgroundHeal } from '../api/background-heal';

/**
 * The server's background heal (MinIO's background-heal/status): objects its scanner checked, the
 * drives the next cycle repairs, every drive's state and each storage class's parity.
 */
export function BackgroundHealCard(): ReactElement | null {
  const state = useBackgroundHeal();
  if (state.isError) return <QueryErrorAlert error={state.error} onRetry={() => state.refetch()} />;
  if (!state.data) return null;
  const s = state.data;
  return (
    <Card component="section" aria-label="Background heal" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Background heal
        </Typography>
        <Box component="dl" sx={{ display: 'flex', gap: 4, flexWrap: 'wrap', m: 0 }}>
          <Metric label="Objects scanned">{formatCount(s.scannedItems)}</Metric>
          <Metric label="Drives to heal">{s.healDisks.length}</Metric>
          <Metric label="Offline nodes">{s.offlineNodes.length}</Metric>
          {Object.entries(s.parity).map(([cls, p]) => (
            <Metric key={cls} label={`${cls} parity`}>
              {p}
            </Metric>
          ))}
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }} aria-label="Drives">
          {s.drives.map((d) => (
            <Chip
              key={d.endpoint}
              size="small"
              variant="outlined"
              color={d.state === 'ok' ? 'success' : 'error'}
              label={`${d.endpoint}: ${d.state}`}
            />
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
