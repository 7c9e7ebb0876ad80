// SPDX-License-Identifier: Apache-2.0
import { Box, CircularProgress, Typography } from '@mui/material';
import type { ReactElement } from 'react';
import { useElapsedSeconds } from '../hooks/use-elapsed-seconds';
import { loadingText } from './loading-text';

export function LoadingMessage({
  label = 'Loading...',
  fullHeight = false,
}: {
  label?: string;
  fullHeight?: boolean;
}): ReactElement {
  const seconds = useElapsedSeconds();
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        py: 6,
        minHeight: fullHeight ? '100vh' : undefined,
      }}
    >
      <CircularProgress size={32} />
      <Typography variant="body2" color="text.secondary">
        {loadingText(label, seconds)}
      </Typography>
    </Box>
  );
}
