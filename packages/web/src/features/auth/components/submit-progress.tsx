// SPDX-License-Identifier: Apache-2.0
import { LinearProgress } from '@mui/material';
import type { ReactElement } from 'react';

/** The progress bar along the card's top edge while a sign-in request runs (spec 1 §2.3). */
export function SubmitProgress({ busy }: { busy: boolean }): ReactElement | null {
  if (!busy) return null;
  return (
    <LinearProgress
      aria-label="Signing in"
      sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 4 }}
    />
  );
}
