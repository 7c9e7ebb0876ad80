// SPDX-License-Identifier: Apache-2.0
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  IconButton,
  InputAdornment,
  MenuItem,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { type ReactElement, useState } from 'react';
import { toApiError } from '@/shared/api/api-error';
import { formatDateTime } from '@/shared/format/format-date';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useShareUrl } from '../api/share-object';
import { baseName } from '../lib/detail-rules';
import {
  DEFAULT_SHARE_DURATION,
  isValidShareDuration,
  SHARE_DURATION_MAX,
  type ShareDuration,
  type ShareDurationPart,
  setShareDurationPart,
  shareDurationMs,
  shareExpiryDate,
} from '../lib/share-duration';
import { copyText } from './copy-to-clipboard';

export interface ShareDialogProps {
  bucket: string;
  /** The object to share (a file, never a folder) and optionally one version of it. */
  object: { name: string; version_id?: string };
  open: boolean;
  onClose: () => void;
}

/** 0 to max, the choices of one duration part. */
function choices(max: number): number[] {
  return Array.from({ length: max + 1 }, (_, n) => n);
}

const parts: { part: ShareDurationPart; label: string }[] = [
  { part: 'days', label: 'Days' },
  { part: 'hours', label: 'Hours' },
  { part: 'minutes', label: 'Minutes' },
];

/**
 * Share dialog (spec 1 §4 "Sharing link", §5, §9): the link's lifetime as days 0–7, hours 0–23 and minutes
 * 0–59, 7 days by default and at most; an invalid duration shows no link. The presigned URL is made for
 * the chosen duration each time it changes.
 */
export function ShareDialog({ bucket, object, open, onClose }: ShareDialogProps): ReactElement | null {
  if (!open) return null;
  return <ShareDialogBody bucket={bucket} object={object} onClose={onClose} />;
}

function ShareDialogBody({
  bucket,
  object,
  onClose,
}: {
  bucket: string;
  object: { name: string; version_id?: string };
  onClose: () => void;
}): ReactElement {
  const [duration, setDuration] = useState<ShareDuration>({ ...DEFAULT_SHARE_DURATION });
  const valid = isValidShareDuration(duration);
  const expiresMs = shareDurationMs(duration);
  const share = useShareUrl(bucket, object, expiresMs, valid);
  const { showModalMessage, showModalError } = useSnackbar();
  // The moment the link was made, so "valid until" is read from the answer, not from each render.
  const madeAt = share.dataUpdatedAt > 0 ? new Date(share.dataUpdatedAt) : undefined;

  const copy = (): void => {
    if (share.data === undefined) return;
    copyText(share.data).then(() => showModalMessage('Share URL Copied to clipboard'), showModalError);
  };

  return (
    <FormDialog
      open
      title="Share File"
      onClose={onClose}
      maxWidth="sm"
      actions={<Button onClick={onClose}>Done</Button>}
    >
      <Typography variant="body2" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        Share <strong>{baseName(object.name)}</strong>
        {object.version_id && object.version_id !== 'null' ? ` (version ${object.version_id})` : ''} with a
        link anyone can open until it expires.
      </Typography>
      <Typography variant="subtitle2" component="h3" id="share-duration-label" sx={{ mb: 1 }}>
        Active for
      </Typography>
      <Stack direction="row" spacing={2} role="group" aria-labelledby="share-duration-label">
        {parts.map(({ part, label }) => (
          <TextField
            key={part}
            select
            label={label}
            value={duration[part]}
            disabled={part !== 'days' && duration.days === SHARE_DURATION_MAX.days}
            onChange={(e) => setDuration((d) => setShareDurationPart(d, part, Number(e.target.value)))}
            sx={{ width: 110 }}
            slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } } } }}
          >
            {choices(SHARE_DURATION_MAX[part]).map((n) => (
              <MenuItem key={n} value={n}>
                {n}
              </MenuItem>
            ))}
          </TextField>
        ))}
      </Stack>
      <Box sx={{ mt: 3, minHeight: 96 }}>
        {!valid ? (
          <Alert severity="info">Choose a duration longer than zero and at most 7 days to get a link.</Alert>
        ) : share.isPending ? (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
            <CircularProgress size={20} />
            <Typography variant="body2">Creating the link...</Typography>
          </Box>
        ) : share.isError ? (
          <Alert severity="error">
            {toApiError(share.error).message}
            {toApiError(share.error).detail ? ` — ${toApiError(share.error).detail}` : ''}
          </Alert>
        ) : (
          <>
            <TextField
              label="Share URL"
              value={share.data}
              fullWidth
              onFocus={(e) => e.target.select()}
              slotProps={{
                htmlInput: { readOnly: true, spellCheck: false },
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <Tooltip title="Copy">
                        <IconButton aria-label="Copy Share URL" onClick={copy} edge="end">
                          <ContentCopyOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </InputAdornment>
                  ),
                },
              }}
            />
            {madeAt && (
              <Typography variant="caption" color="text.secondary" sx={{ mt: 1, display: 'block' }}>
                The link works until {formatDateTime(shareExpiryDate(duration, madeAt).toISOString())}.
              </Typography>
            )}
          </>
        )}
      </Box>
    </FormDialog>
  );
}
