// SPDX-License-Identifier: Apache-2.0
import { alpha, createTheme, type Theme } from '@mui/material/styles';

const brandBlue = '#3d6bff';
const brandTeal = '#14b8a6';

/**
 * Light and dark colour schemes in one theme with CSS variables, so switching mode does not re-render every
 * component; MUI keeps the chosen mode in local storage (key in `colorModeStorageKey`).
 */
export const colorModeStorageKey = 'stowage-color-mode';

export const theme: Theme = createTheme({
  cssVariables: { colorSchemeSelector: 'data-color-scheme' },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: brandBlue },
        secondary: { main: brandTeal },
        background: { default: '#f5f7fb', paper: '#ffffff' },
        text: { primary: '#111827', secondary: '#5b6474' },
        divider: '#e3e7ef',
      },
    },
    dark: {
      palette: {
        primary: { main: '#7b9bff' },
        secondary: { main: '#2dd4bf' },
        background: { default: '#0b1020', paper: '#121a2e' },
        text: { primary: '#e7ebf3', secondary: '#9aa4b8' },
        divider: '#23304a',
      },
    },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily:
      '"Inter Variable", "Inter", "Segoe UI Variable", "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
    h4: { fontSize: '1.75rem' },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiCard: {
      defaultProps: { variant: 'outlined' },
      styleOverrides: { root: { borderRadius: 14 } },
    },
    MuiTooltip: { defaultProps: { arrow: true } },
    MuiListItemButton: {
      styleOverrides: {
        root: ({ theme: t }) => ({
          borderRadius: 8,
          '&.active': {
            backgroundColor: alpha(brandBlue, 0.14),
            color: t.vars ? t.vars.palette.primary.main : t.palette.primary.main,
            '& .MuiListItemIcon-root': { color: 'inherit' },
          },
        }),
      },
    },
  },
});
