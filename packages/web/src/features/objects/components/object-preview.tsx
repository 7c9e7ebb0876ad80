// SPDX-License-Identifier: Apache-2.0
import { Alert, Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type ReactElement, useState } from 'react';
import { ApiError, errorText } from '@/shared/api/api-error';
import { LoadingMessage } from '@/shared/ui/loading-message';
import { responseError } from '../api/download-object';
import { objectKeys } from '../api/object-keys';
import { downloadUrl } from '../api/object-urls';
import { baseName, previewMode, TEXT_PREVIEW_MAX_BYTES } from '../lib/detail-rules';

const FAILED = "File couldn't be loaded. Please try Download instead";

interface PreviewTarget {
  name: string;
  version_id?: string | undefined;
}

interface TextPreview {
  text: string;
  /** The file is longer than what was read. */
  truncated: boolean;
}

/**
 * Reads the start of a text file. The bytes are shown as text in a <pre>, never parsed as HTML, so a file
 * full of markup or script is just characters on screen.
 */
async function fetchTextPreview(url: string, signal: AbortSignal): Promise<TextPreview> {
  const response = await fetch(url, {
    credentials: 'same-origin',
    headers: { Range: `bytes=0-${TEXT_PREVIEW_MAX_BYTES - 1}` },
    signal,
  });
  // 416: a range past the end, i.e. an empty file.
  if (response.status === 416) return { text: '', truncated: false };
  if (!response.ok) throw await responseError(response);
  const total = /\/(\d+)$/.exec(response.headers.get('content-range') ?? '')?.[1];
  const text = new TextDecoder().decode(await response.arrayBuffer());
  return { text, truncated: total !== undefined && Number(total) > TEXT_PREVIEW_MAX_BYTES };
}

/** Checks that the preview URL answers before handing it to a viewer that cannot report failures itself. */
async function probe(url: string, signal: AbortSignal): Promise<true> {
  const response = await fetch(url, { credentials: 'same-origin', headers: { Range: 'bytes=0-0' }, signal });
  if (!response.ok && response.status !== 416) throw await responseError(response);
  await response.body?.cancel();
  return true;
}

/**
 * The console's reason when it refused the object (e.g. an SSE-C object needs its customer key, which
 * Download cannot send either), else the generic advice to download the file.
 */
function Failed({ error }: { error?: unknown }): ReactElement {
  const refused = error instanceof ApiError && error.status !== undefined ? error : undefined;
  return (
    <Alert severity="warning" sx={{ my: 2 }}>
      {refused ? errorText(refused) : FAILED}
    </Alert>
  );
}

/**
 * Preview of one object or version (spec 1 §2.6, §9 previewable types), served inline by
 * GET …/objects/download?preview=true, which sends a safe Content-Type and a sandboxing CSP.
 */
export function ObjectPreview({ bucket, object }: { bucket: string; object: PreviewTarget }): ReactElement {
  const mode = previewMode(object.name);
  const url = downloadUrl(
    bucket,
    { name: object.name, ...(object.version_id ? { version_id: object.version_id } : {}) },
    true,
  );
  const [mediaFailed, setMediaFailed] = useState(false);
  const title = baseName(object.name);

  const text = useQuery({
    queryKey: objectKeys.previewPart(bucket, object.name, object.version_id, 'text'),
    queryFn: ({ signal }) => fetchTextPreview(url, signal),
    enabled: mode === 'text',
    retry: false,
    gcTime: 0,
  });
  const pdf = useQuery({
    queryKey: objectKeys.previewPart(bucket, object.name, object.version_id, 'probe'),
    queryFn: ({ signal }) => probe(url, signal),
    enabled: mode === 'pdf',
    retry: false,
    gcTime: 0,
  });
  // An image, audio or video element reports no reason when it fails: the console is asked for it.
  const mediaProbe = useQuery({
    queryKey: objectKeys.previewPart(bucket, object.name, object.version_id, 'media-probe'),
    queryFn: ({ signal }) => probe(url, signal),
    enabled: mediaFailed,
    retry: false,
    gcTime: 0,
  });

  if (mode === undefined) {
    return <Alert severity="info">This file type cannot be previewed.</Alert>;
  }
  if (mediaFailed) return mediaProbe.isPending ? <LoadingMessage /> : <Failed error={mediaProbe.error} />;

  const frame = { width: '100%', borderRadius: 1, bgcolor: 'action.hover' } as const;
  switch (mode) {
    case 'image':
      return (
        <Box sx={{ ...frame, display: 'flex', justifyContent: 'center', p: 2 }}>
          <Box
            component="img"
            src={url}
            alt={title}
            onError={() => setMediaFailed(true)}
            sx={{ maxWidth: '100%', maxHeight: '70vh', objectFit: 'contain' }}
          />
        </Box>
      );
    case 'audio':
      return (
        <Box sx={{ ...frame, p: 2 }}>
          {/* biome-ignore lint/a11y/useMediaCaption: user files come without captions */}
          <audio
            controls
            src={url}
            aria-label={title}
            onError={() => setMediaFailed(true)}
            style={{ width: '100%' }}
          />
        </Box>
      );
    case 'video':
      return (
        <Box sx={{ ...frame, p: 2, display: 'flex', justifyContent: 'center' }}>
          {/* biome-ignore lint/a11y/useMediaCaption: user files come without captions */}
          <video
            controls
            src={url}
            aria-label={title}
            onError={() => setMediaFailed(true)}
            style={{ maxWidth: '100%', maxHeight: '70vh' }}
          />
        </Box>
      );
    case 'pdf':
      if (pdf.isPending) return <LoadingMessage />;
      if (pdf.isError) return <Failed error={pdf.error} />;
      // No sandbox attribute: Chrome will not run its PDF viewer in a sandboxed frame. The download route
      // serves a preview .pdf only as application/pdf with its own CSP, so it never renders as a page.
      return (
        <Box
          component="iframe"
          src={url}
          title={title}
          sx={{ ...frame, height: '70vh', border: 0, display: 'block' }}
        />
      );
    case 'text':
      if (text.isPending) return <LoadingMessage />;
      if (text.isError) return <Failed error={text.error} />;
      return (
        <Box>
          {text.data.truncated && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mb: 1 }}>
              Showing the first 1 MiB of the file.
            </Typography>
          )}
          <Box
            component="pre"
            aria-label={`Contents of ${title}`}
            tabIndex={0}
            sx={{
              ...frame,
              m: 0,
              p: 2,
              maxHeight: '70vh',
              overflow: 'auto',
              fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
              fontSize: 13,
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
            }}
          >
            {text.data.text}
          </Box>
        </Box>
      );
  }
}
