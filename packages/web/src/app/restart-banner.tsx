// SPDX-License-Identifier: Apache-2.0
import RestartAltOutlined from '@mui/icons-material/RestartAltOutlined';
import { Alert, AlertTitle, Box, Button, LinearProgress } from '@mui/material';
import type { ReactElement } from 'react';
import { useRestartServer, useServerNeedsRestart } from '@/shared/system/server-restart';

/**
 * The top banner of spec 3 §4: shown while the server needs a restart. Restart posts
 * /api/v1/service/restart; a progress bar shows until the server is back, then the banner goes (both
 * flags cleared). A failed restart is only logged, and the banner stays so it can be tried again.
 */
export function RestartBanner(): ReactElement | null {
  const needsRestart = useServerNeedsRestart();
  const restart = useRestartServer();
  if (!needsRestart && !restart.isPending) return null;
  return (
    <Box sx={{ mb: 3 }}>
      <Alert
        severity="warning"
        variant="outlined"
        role="region"
        aria-label="Restart required"
        action={
          <Button
            color="warning"
            variant="contained"
            size="small"
            startIcon={<RestartAltOutlined />}
            disabled={restart.isPending}
            onClick={() =>
              restart.mutate(undefined, {
                onError: (error) => console.error('The server restart failed', error),
              })
            }
          >
            Restart
          </Button>
        }
      >
        <AlertTitle sx={{ fontWeight: 700 }}>
          {restart.isPending ? 'The server is restarting…' : 'The server needs to be restarted'}
        </AlertTitle>
        {restart.isPending
          ? 'Waiting for the server to come back.'
          : 'A configuration change takes effect after a restart.'}
      </Alert>
      {restart.isPending && <LinearProgress aria-label="Restarting the server" sx={{ mt: 1 }} />}
    </Box>
  );
}
