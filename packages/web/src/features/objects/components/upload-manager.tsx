// SPDX-License-Identifier: Apache-2.0
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import { Box, Button, IconButton, LinearProgress, ListItem, Tooltip, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { memo, type ReactElement, useEffect, useMemo } from 'react';
import { formatBytes } from '@/shared/format/format-bytes';
import { useSnackbar } from '@/shared/ui/snackbar';
import { objectKeys } from '../api/object-keys';
import { batchMessage, formatSpeed, type UploadItem } from '../lib/upload-queue';
import { DockPanel } from './dock-panel';
import { UnfinishedUploadRow, useUnfinishedUploads } from './unfinished-uploads';
import { uploadQueue, useUploads } from './use-uploads';

function statusLine(item: UploadItem): string {
  switch (item.status) {
    case 'queued':
      return `Waiting · ${formatBytes(item.total)}`;
    case 'uploading':
      if (item.note) return `${formatBytes(item.loaded)} of ${formatBytes(item.total)} · ${item.note}`;
      return `${formatBytes(item.loaded)} of ${formatBytes(item.total)}${item.speed > 0 ? ` · ${formatSpeed(item.speed, formatBytes)}` : ''}`;
    case 'done':
      return `Uploaded · ${formatBytes(item.total)}`;
    case 'failed':
      return `Failed: ${item.error ?? 'unknown error'}`;
    case 'cancelled':
      return 'Cancelled';
  }
}

/** Memoized: the queue replaces only the item that changed, so a progress event re-renders one row. */
const UploadRow = memo(function UploadRow({ item }: { item: UploadItem }): ReactElement {
  const key = item.prefix + item.file.name;
  const percent = item.total > 0 ? (item.loaded / item.total) * 100 : item.status === 'done' ? 100 : 0;
  const canCancel = item.status === 'queued' || item.status === 'uploading';
  const canRetry = item.status === 'failed' || item.status === 'cancelled';
  return (
    <ListItem
      divider
      aria-label={`Upload of ${key}`}
      sx={{ display: 'block', py: 1, px: 2 }}
      data-status={item.status}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        {item.status === 'done' && <CheckCircleOutlined fontSize="small" color="success" />}
        {item.status === 'failed' && <ErrorOutlineOutlined fontSize="small" color="error" />}
        <Typography variant="body2" noWrap title={key} sx={{ flex: 1, fontWeight: 500 }}>
          {key}
        </Typography>
        {canCancel && (
          <Tooltip title="Cancel">
            <IconButton
              size="small"
              aria-label={`Cancel upload of ${key}`}
              onClick={() => uploadQueue.cancel(item.id)}
            >
              <CancelOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        {canRetry && (
          <Tooltip title="Retry">
            <IconButton
              size="small"
              aria-label={`Retry upload of ${key}`}
              onClick={() => uploadQueue.retry(item.id)}
            >
              <ReplayOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Box>
      <LinearProgress
        variant={item.status === 'queued' ? 'indeterminate' : 'determinate'}
        value={Math.min(100, percent)}
        color={item.status === 'failed' ? 'error' : item.status === 'done' ? 'success' : 'primary'}
        aria-label={`Upload progress of ${key}`}
        sx={{ my: 0.75, height: 6, borderRadius: 3 }}
      />
      <Typography
        variant="caption"
        color={item.status === 'failed' ? 'error' : 'text.secondary'}
        sx={{ display: 'block', wordBreak: 'break-word' }}
      >
        {statusLine(item)}
      </Typography>
    </ListItem>
  );
});

/** Rows shown at most; a folder of thousands of files lists the ones that need attention first. */
const MAX_ROWS = 200;
const statusOrder: Record<UploadItem['status'], number> = {
  uploading: 0,
  failed: 1,
  queued: 2,
  cancelled: 3,
  done: 4,
};

/**
 * The upload manager (issue 7): the dock's Uploads panel (`object-dock.tsx`) with one row per file — progress, speed,
 * cancel and retry — and, first, the unfinished uploads a reload or a lost tab left (issue 35: Resume,
 * Discard). When a batch is over it shows the spec 1 §8 message and reloads the listings of the
 * buckets that got new objects.
 */
export function UploadManager(): ReactElement | null {
  const items = useUploads();
  const unfinished = useUnfinishedUploads(items);
  const queryClient = useQueryClient();
  const { showMessage, showError } = useSnackbar();

  useEffect(
    () =>
      uploadQueue.onBatchDone((result) => {
        const { error, text } = batchMessage(result);
        if (error) showError(new Error(text));
        else showMessage(text);
        for (const bucket of result.buckets)
          void queryClient.invalidateQueries({ queryKey: objectKeys.bucket(bucket) });
      }),
    [queryClient, showMessage, showError],
  );

  const shown = useMemo(
    () =>
      items.length <= MAX_ROWS
        ? items
        : [...items]
            .sort((a, b) => statusOrder[a.status] - statusOrder[b.status] || a.id - b.id)
            .slice(0, MAX_ROWS),
    [items],
  );

  if (items.length === 0 && unfinished.length === 0) return null;
  const done = items.filter((i) => i.status === 'done').length;
  const uploading = items.filter((i) => i.status === 'uploading').length;
  const waiting = items.filter((i) => i.status === 'queued').length;
  const active = uploading + waiting;
  const failed = items.filter((i) => i.status === 'failed').length;
  const status = [
    items.length > 0 ? `${done} of ${items.length} uploaded` : '',
    uploading > 0 ? ` · ${uploading} uploading` : '',
    waiting > 0 ? ` · ${waiting} waiting` : '',
    failed > 0 ? ` · ${failed} failed` : '',
    unfinished.length > 0 ? `${items.length > 0 ? ' · ' : ''}${unfinished.length} unfinished` : '',
  ].join('');
  return (
    <DockPanel
      title="Uploads"
      noun="uploads"
      status={status}
      actions={
        <Button size="small" onClick={() => uploadQueue.clearFinished()} disabled={active === items.length}>
          Clear finished
        </Button>
      }
    >
      {unfinished.map((entry) => (
        <UnfinishedUploadRow key={entry.uploadId} entry={entry} />
      ))}
      {shown.map((item) => (
        <UploadRow key={item.id} item={item} />
      ))}
      {items.length > shown.length && (
        <ListItem sx={{ px: 2, py: 1 }}>
          <Typography variant="caption" color="text.secondary">
            …and {(items.length - shown.length).toLocaleString('en-US')} more
          </Typography>
        </ListItem>
      )}
    </DockPanel>
  );
}
