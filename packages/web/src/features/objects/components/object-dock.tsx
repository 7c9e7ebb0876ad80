// SPDX-License-Identifier: Apache-2.0
import { Box } from '@mui/material';
import type { ReactElement } from 'react';
import { transferDock } from '@/shared/ui/transfer-dock';
import { JobsPanel } from './jobs-panel';
import { UploadManager } from './upload-manager';

/**
 * The object browser's dock at the bottom right: the Jobs panel stacked above the Uploads panel, so both
 * show at once and never cover each other at any window width. The column takes no pointer events of its
 * own (the gap between the panels lets clicks through to the page); the screen snackbar keeps clear of
 * its column (`transfer-dock.ts`). It sits under dialogs, so a Copy to…
 * dialog opened while a job runs stays usable, and above the page.
 */
export function ObjectDock(): ReactElement {
  return (
    <Box
      component="aside"
      aria-label="Transfers"
      sx={{
        position: 'fixed',
        right: transferDock.margin,
        bottom: transferDock.margin,
        width: { xs: `calc(100vw - ${transferDock.margin * 2}px)`, sm: transferDock.width },
        // The app bar (64 px) and a margin stay free above the dock.
        maxHeight: 'calc(100vh - 112px)',
        display: 'flex',
        flexDirection: 'column',
        gap: 1.5,
        pointerEvents: 'none',
        zIndex: (t) => t.zIndex.modal - 1,
      }}
    >
      <JobsPanel />
      <UploadManager />
    </Box>
  );
}
