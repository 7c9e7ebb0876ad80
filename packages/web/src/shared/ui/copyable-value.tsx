// SPDX-License-Identifier: Apache-2.0
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import { Box, IconButton, Tooltip, Typography } from '@mui/material';
import type { ReactElement } from 'react';

/** A labelled value in monospace with a Copy button (keys and secrets shown once). */
export function CopyableValue({ label, value }: { label: string; value: string }): ReactElement {
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="subtitle2">{label}</Typography>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          bgcolor: 'action.hover',
          borderRadius: 1,
          px: 1.5,
          py: 0.5,
        }}
      >
        <Typography
          component="code"
          aria-label={label}
          sx={{ flex: 1, fontFamily: 'monospace', wordBreak: 'break-all', fontSize: 14 }}
        >
          {value}
        </Typography>
        <Tooltip title={`Copy ${label}`}>
          <IconButton
            size="small"
            aria-label={`Copy ${label}`}
            onClick={() => void navigator.clipboard?.writeText(value).catch(() => undefined)}
          >
            <ContentCopyOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
    </Box>
  );
}
