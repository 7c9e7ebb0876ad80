// SPDX-License-Identifier: Apache-2.0
import ExpandLessOutlined from '@mui/icons-material/ExpandLessOutlined';
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import { Box, IconButton, List, Paper, Typography } from '@mui/material';
import { type ReactElement, type ReactNode, useId, useState } from 'react';

/**
 * One panel of the object browser's dock (`object-dock.tsx`): a titled `region` with a status line, header
 * actions and a list that collapses. The toggle is a button (Tab, Enter / Space) that says what it does
 * ('Hide uploads' / 'Show uploads') and carries `aria-expanded` and `aria-controls` for screen readers.
 */
export function DockPanel({
  title,
  noun,
  status,
  actions,
  children,
}: {
  /** The region's name and heading ('Uploads', 'Jobs'). */
  title: string;
  /** What the toggle names: 'Hide {noun}' / 'Show {noun}'. */
  noun: string;
  status: ReactNode;
  actions?: ReactNode;
  /** The list's items. */
  children: ReactNode;
}): ReactElement {
  const [collapsed, setCollapsed] = useState(false);
  const listId = useId();
  return (
    <Paper
      elevation={8}
      component="section"
      aria-label={title}
      sx={{
        pointerEvents: 'auto',
        display: 'flex',
        flexDirection: 'column',
        // Both panels share the dock's height: each shrinks to what fits, its list scrolling, but never
        // below its header and the start of its first row.
        flex: '0 1 auto',
        maxHeight: '45vh',
        minHeight: collapsed ? undefined : 120,
        borderRadius: 2,
        overflow: 'hidden',
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 2,
          py: 1,
          bgcolor: 'action.hover',
          flexShrink: 0,
        }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle2" component="h2">
            {title}
          </Typography>
          <Typography variant="caption" color="text.secondary" role="status">
            {status}
          </Typography>
        </Box>
        {actions}
        <IconButton
          size="small"
          aria-label={collapsed ? `Show ${noun}` : `Hide ${noun}`}
          aria-expanded={!collapsed}
          aria-controls={listId}
          onClick={() => setCollapsed(!collapsed)}
        >
          {collapsed ? <ExpandLessOutlined /> : <ExpandMoreOutlined />}
        </IconButton>
      </Box>
      <List id={listId} dense disablePadding hidden={collapsed} sx={{ overflowY: 'auto', minHeight: 0 }}>
        {children}
      </List>
    </Paper>
  );
}
