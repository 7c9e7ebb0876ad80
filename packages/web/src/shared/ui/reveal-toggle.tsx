// SPDX-License-Identifier: Apache-2.0
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { IconButton, InputAdornment } from '@mui/material';
import { type ReactElement, useState } from 'react';

/**
 * A masked input's show/hide toggle: the input's `type` (password until revealed) and the eye button for
 * its end adornment, labelled with what a click does: 'Show {what}' / 'Hide {what}'.
 */
export function useRevealToggle(what: string): { type: 'password' | 'text'; endAdornment: ReactElement } {
  const [shown, setShown] = useState(false);
  return {
    type: shown ? 'text' : 'password',
    endAdornment: (
      <InputAdornment position="end">
        <IconButton
          edge="end"
          aria-label={`${shown ? 'Hide' : 'Show'} ${what}`}
          onClick={() => setShown((v) => !v)}
        >
          {shown ? <VisibilityOff /> : <Visibility />}
        </IconButton>
      </InputAdornment>
    ),
  };
}
