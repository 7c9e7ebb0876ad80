import { Box, CircularProgress, Typography } from '@mui/material';
import type { ReactElement } from 'react';
import { useElapsedSeconds } from '../hooks/use-elapsed-seconds';

export const slowOperationText = 'This operation is taking longer than expected...';

/**
 * The text of a long wait (spec 1 §4 "Loading message"): the label at first, after 3 s a note that it takes
 * longer than expected, and from 6 s on the elapsed seconds too.
 */
export function loadingText(label: string, seconds: number): string {
  if (seconds < 3) return label;
  if (seconds < 6) return slowOperationText;
  return `${slowOperationText} (${seconds}s)`;
}

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
