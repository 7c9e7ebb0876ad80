// SPDX-License-Identifier: Apache-2.0
import CircleIcon from '@mui/icons-material/Circle';
import { Tooltip } from '@mui/material';
import type { ReactElement } from 'react';
import { type HealthColour, healthColour } from '../lib/tenant-rules';

const colours: Record<HealthColour, string> = {
  green: 'success.main',
  yellow: 'warning.main',
  red: 'error.main',
  grey: 'text.disabled',
};

/** The tenant's health as a coloured dot (spec 3 §4), named for screen readers. */
export function HealthIcon({ status }: { status: string | undefined }): ReactElement {
  const colour = healthColour(status);
  return (
    <Tooltip title={`Health: ${colour}`}>
      <CircleIcon role="img" aria-label={`Health: ${colour}`} sx={{ fontSize: 14, color: colours[colour] }} />
    </Tooltip>
  );
}
