// SPDX-License-Identifier: Apache-2.0
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import { Alert, Box, Button, LinearProgress, ListItem, Typography } from '@mui/material';
import { type ReactElement, useEffect, useRef, useState } from 'react';
import { errorText, toApiError } from '@/shared/api/api-error';
import { formatBytes } from '@/shared/format/format-bytes';
import { multipartApi } from '../api/multipart-api';
import { differentFileMessage, fileIdentity } from '../lib/file-identity';
import type { JournalEntry } from '../lib/upload-journal';
import type { UploadItem } from '../lib/upload-queue';
import { uploadJournal, uploadQueue } from './use-uploads';

/**
 * The journal's unfinished uploads that no row of this tab is sending (issue 35): what a reload, a closed
 * tab or a crash left behind. Empty until IndexedDB has answered; re-read whenever the journal changes.
 */
export function useUnfinishedUploads(items: readonly UploadItem[]): JournalEntry[] {
  const [entries, setEntries] = useState<JournalEntry[]>([]);
  useEffect(() => {
    let live = true;
    const load = (): void => {
      uploadJournal.list().then(
        (all) => live && setEntries(all),
        () => live && setEntries([]),
      );
    };
    load();
    const unsubscribe = uploadJournal.subscribe(load);
    return () => {
      live = false;
      unsubscribe();
    };
  }, []);
  const sending = new Set(items.map((i) => i.uploadId));
  return entries.filter((e) => !sending.has(e.uploadId));
}

/**
 * One unfinished upload: what the store holds of it, Resume (the browser cannot keep the file across a
 * reload, so it asks for it again and checks it is the same one) and Discard (AbortMultipartUpload).
 */
export function UnfinishedUploadRow({ entry }: { entry: JournalEntry }): ReactElement {
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const { key, bucket, identity } = entry;
  const totalParts = Math.max(1, Math.ceil(identity.size / entry.partSize));
  const storedBytes = entry.parts.reduce((n, p) => n + p.size, 0);

  async function resumeWith(file: File): Promise<void> {
    setBusy(true);
    setProblem(undefined);
    try {
      const mismatch = differentFileMessage(identity, await fileIdentity(file));
      if (mismatch) setProblem(mismatch);
      else uploadQueue.add(bucket, [{ file, prefix: entry.prefix, resume: entry }]);
    } catch (error) {
      setProblem(`The file cannot be read: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setBusy(false);
    }
  }

  async function discard(): Promise<void> {
    setBusy(true);
    setProblem(undefined);
    try {
      await multipartApi.abort({ bucket, key, uploadId: entry.uploadId }).catch((error: unknown) => {
        // Already gone from the store (completed elsewhere, or aborted by a lifecycle rule): forget it.
        if (toApiError(error).status !== 404) throw error;
      });
      await uploadJournal.forget(entry.uploadId);
    } catch (error) {
      setProblem(`The upload could not be discarded: ${errorText(toApiError(error))}`);
      setBusy(false);
    }
  }

  return (
    <ListItem
      divider
      aria-label={`Unfinished upload of ${key}`}
      sx={{ display: 'block', py: 1, px: 2 }}
      data-status="unfinished"
    >
      <Typography variant="body2" noWrap title={key} sx={{ fontWeight: 500 }}>
        {key}
      </Typography>
      <LinearProgress
        variant="determinate"
        color="warning"
        value={identity.size > 0 ? Math.min(100, (storedBytes / identity.size) * 100) : 0}
        aria-label={`Stored part of ${key}`}
        sx={{ my: 0.75, height: 6, borderRadius: 3 }}
      />
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {bucket} · {entry.parts.length} of {totalParts} parts stored · {formatBytes(storedBytes)} of{' '}
        {formatBytes(identity.size)}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        Interrupted. Resume asks for {identity.name} again and sends only the missing parts.
      </Typography>
      {problem && (
        <Alert severity="error" sx={{ mt: 1, py: 0, '& .MuiAlert-message': { wordBreak: 'break-word' } }}>
          {problem}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, mt: 0.5, justifyContent: 'flex-end' }}>
        <input
          ref={input}
          type="file"
          hidden
          aria-label={`File to resume ${key}`}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void resumeWith(file);
          }}
        />
        {(
          [
            ['Discard', <DeleteOutlined key="icon" />, 'text', () => void discard()],
            ['Resume', <PlayArrowOutlined key="icon" />, 'contained', () => input.current?.click()],
          ] as const
        ).map(([label, icon, variant, act]) => (
          <Button
            key={label}
            size="small"
            variant={variant}
            color={label === 'Discard' ? 'error' : 'primary'}
            startIcon={icon}
            disabled={busy}
            aria-label={`${label} upload of ${key}`}
            onClick={act}
          >
            {label}
          </Button>
        ))}
      </Box>
    </ListItem>
  );
}
