// SPDX-License-Identifier: Apache-2.0
import { Box, Button, Typography } from '@mui/material';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router';

/** The fallback page for unknown paths (spec 1 §2.2): '404 Not Found' and a copyright line. */
export function NotFoundPage(): ReactElement {
  return (
    <Box sx={{ minHeight: '70vh', display: 'grid', placeItems: 'center', textAlign: 'center' }}>
      <Box>
        <Typography
          aria-hidden="true"
          sx={{
            fontSize: 120,
            fontWeight: 800,
            lineHeight: 1,
            letterSpacing: '-0.05em',
            background: 'linear-gradient(135deg, #3d6bff, #14b8a6)',
            backgroundClip: 'text',
            color: 'transparent',
          }}
        >
          404
        </Typography>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mt: 1 }}>
          404 Not Found
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
          The page you are looking for does not exist or has moved.
        </Typography>
        <Button component={RouterLink} to="/" variant="contained">
          Go to the console
        </Button>
        <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 6 }}>
          Copyright © {new Date().getFullYear()} Stowage. All rights reserved.
        </Typography>
      </Box>
    </Box>
  );
}

/** Shown at '/' when the session allows no page this build can render. */
export function NoPagesPage(): ReactElement {
  return (
    <Box sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center', textAlign: 'center' }}>
      <Box sx={{ maxWidth: 480 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          Nothing to show yet
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Your account has no access to any page of this console. Ask an administrator to attach a policy to
          your user.
        </Typography>
      </Box>
    </Box>
  );
}
