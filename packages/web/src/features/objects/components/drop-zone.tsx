// SPDX-License-Identifier: Apache-2.0
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import { Box, Typography, useTheme } from '@mui/material';
import { type DragEvent, type ReactElement, type ReactNode, useEffect, useRef, useState } from 'react';
import {
  type DroppedEntry,
  targetsFromEntries,
  targetsFromFileList,
  type UploadTarget,
} from '../lib/upload-paths';

function carriesFiles(e: DragEvent): boolean {
  return [...e.dataTransfer.types].includes('Files');
}

/**
 * Drag and drop of files and folders onto the listing (issue 7), with an overlay naming the target folder.
 * Folders are walked with `webkitGetAsEntry()`, keeping each file's folder relative to the drop.
 */
export function DropZone({
  disabled,
  targetLabel,
  onFiles,
  onError,
  children,
}: {
  disabled: boolean;
  targetLabel: string;
  onFiles: (targets: UploadTarget[]) => void;
  onError: (error: unknown) => void;
  children: ReactNode;
}): ReactElement {
  const theme = useTheme();
  const [over, setOver] = useState(false);
  const depth = useRef(0);

  // A file dropped just beside the list would make the browser open it and leave the console.
  useEffect(() => {
    const swallow = (e: globalThis.DragEvent): void => {
      if (e.dataTransfer && [...e.dataTransfer.types].includes('Files')) e.preventDefault();
    };
    window.addEventListener('dragover', swallow);
    window.addEventListener('drop', swallow);
    return () => {
      window.removeEventListener('dragover', swallow);
      window.removeEventListener('drop', swallow);
    };
  }, []);

  const onDragEnter = (e: DragEvent): void => {
    if (disabled || !carriesFiles(e)) return;
    e.preventDefault();
    depth.current++;
    setOver(true);
  };
  const onDragOver = (e: DragEvent): void => {
    if (disabled || !carriesFiles(e)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
  };
  const onDragLeave = (e: DragEvent): void => {
    if (disabled || !carriesFiles(e)) return;
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setOver(false);
  };
  const onDrop = (e: DragEvent): void => {
    if (disabled || !carriesFiles(e)) return;
    e.preventDefault();
    depth.current = 0;
    setOver(false);
    // Entries must be taken while the event is dispatched; the walk itself is asynchronous.
    const entries = [...e.dataTransfer.items]
      .filter((i) => i.kind === 'file')
      .map((i) => i.webkitGetAsEntry?.() ?? null)
      .filter((x): x is FileSystemEntry => x !== null);
    if (entries.length === 0) {
      onFiles(targetsFromFileList(e.dataTransfer.files));
      return;
    }
    targetsFromEntries(entries as unknown as DroppedEntry[]).then(onFiles, onError);
  };

  return (
    <Box
      onDragEnter={onDragEnter}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      sx={{ position: 'relative' }}
      data-testid="object-drop-zone"
    >
      {children}
      {over && (
        <Box
          role="status"
          aria-live="polite"
          sx={{
            position: 'absolute',
            inset: 0,
            zIndex: 5,
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 1,
            border: 2,
            borderStyle: 'dashed',
            borderColor: 'primary.main',
            borderRadius: 2,
            bgcolor: 'rgba(230,240,255,0.9)',
            pointerEvents: 'none',
            // The theme's colour schemes are CSS variables: the dark look is applied by scheme, not by mode.
            ...theme.applyStyles('dark', { bgcolor: 'rgba(20,40,70,0.88)' }),
          }}
        >
          <CloudUploadOutlined color="primary" sx={{ fontSize: 48 }} />
          <Typography variant="h6" component="p">
            Drop files or folders to upload
          </Typography>
          <Typography variant="body2" color="text.secondary">
            to {targetLabel}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
