// SPDX-License-Identifier: Apache-2.0
import { Box, Typography } from '@mui/material';
import type { ReactElement } from 'react';

/** The mark alone: three stacked shelves in a rounded tile. */
export function StowageMark({ size = 32 }: { size?: number }): ReactElement {
  return (
    <Box
      component="svg"
      viewBox="0 0 32 32"
      sx={{ width: size, height: size, flexShrink: 0 }}
      aria-hidden="true"
    >
      <defs>
        <linearGradient id="stowage-mark" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4f7cff" />
          <stop offset="1" stopColor="#15b8a6" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill="url(#stowage-mark)" />
      <rect x="8" y="8" width="16" height="4.5" rx="1.5" fill="#fff" />
      <rect x="8" y="14" width="16" height="4.5" rx="1.5" fill="#fff" opacity=".85" />
      <rect x="8" y="20" width="16" height="4.5" rx="1.5" fill="#fff" opacity=".7" />
    </Box>
  );
}

/** Mark and word mark; `compact` drops the word (collapsed side menu). */
export function StowageLogo({
  compact = false,
  subtitle,
  inverted = false,
}: {
  compact?: boolean;
  subtitle?: string;
  inverted?: boolean;
}): ReactElement {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }} aria-label="Stowage">
      <StowageMark size={compact ? 36 : 32} />
      {!compact && (
        <Box sx={{ lineHeight: 1 }}>
          <Typography
            component="span"
            sx={{
              display: 'block',
              fontWeight: 700,
              fontSize: 19,
              letterSpacing: '-0.02em',
              color: inverted ? '#fff' : 'text.primary',
            }}
          >
            Stowage
          </Typography>
          {subtitle && (
            <Typography
              component="span"
              sx={{
                display: 'block',
                fontSize: 11,
                fontWeight: 600,
                letterSpacing: '0.08em',
                textTransform: 'uppercase',
                color: inverted ? 'rgba(255,255,255,0.7)' : 'text.secondary',
              }}
            >
              {subtitle}
            </Typography>
          )}
        </Box>
      )}
    </Box>
  );
}
