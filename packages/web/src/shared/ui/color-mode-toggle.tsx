// SPDX-License-Identifier: Apache-2.0
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import { IconButton, Tooltip, useColorScheme } from '@mui/material';
import type { ReactElement } from 'react';

/** Switches between the light and dark theme; the choice is remembered in local storage. */
export function ColorModeToggle({ color }: { color?: 'inherit' | 'default' }): ReactElement | null {
  const { mode, systemMode, setMode } = useColorScheme();
  if (!mode) return null;
  const effective = mode === 'system' ? systemMode : mode;
  const next = effective === 'dark' ? 'light' : 'dark';
  const label = next === 'dark' ? 'Switch to dark theme' : 'Switch to light theme';
  return (
    <Tooltip title={label}>
      <IconButton aria-label={label} onClick={() => setMode(next)} color={color ?? 'default'}>
        {next === 'dark' ? <DarkModeOutlined /> : <LightModeOutlined />}
      </IconButton>
    </Tooltip>
  );
}
