// SPDX-License-Identifier: Apache-2.0
import AddOutlined from '@mui/icons-material/AddOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import { Box, Button, Chip, IconButton, Stack, TextField, Typography } from '@mui/material';
import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactElement, useState } from 'react';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useSnackbar } from '@/shared/ui/snackbar';
import {
  MAX_TAG_KEY_LENGTH,
  MAX_TAG_VALUE_LENGTH,
  newTagProblem,
  OBJECT_TAGS,
  type TagLimit,
  withoutTag,
  withTag,
} from './tag-rules';

/**
 * An object's or a bucket's tags as chips, each with a remove button, and 'Add tag' (spec 1 §2.6, §5
 * "Object tag Save needs a non-empty key and value"). Every change sends the whole tag set through `set`.
 */
export function TagChips({
  tags,
  readOnly,
  set,
  limit = OBJECT_TAGS,
}: {
  tags: Record<string, string>;
  readOnly: boolean;
  /** Saves the whole tag set. */
  set: UseMutationResult<unknown, Error, Record<string, string>>;
  limit?: TagLimit;
}): ReactElement {
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<string | undefined>();
  const { showMessage, showModalError } = useSnackbar();
  const entries = Object.entries(tags).sort(([a], [b]) => a.localeCompare(b));

  return (
    <Box>
      <Stack
        direction="row"
        useFlexGap
        spacing={1}
        sx={{ flexWrap: 'wrap', alignItems: 'center' }}
        role="list"
        aria-label="Tags"
      >
        {entries.length === 0 && (
          <Typography variant="body2" color="text.secondary" role="listitem">
            No tags
          </Typography>
        )}
        {entries.map(([key, value]) => (
          <Chip
            key={key}
            role="listitem"
            variant="outlined"
            sx={{ maxWidth: 360, pr: readOnly ? 0 : 0.25 }}
            label={
              <Box
                component="span"
                sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, maxWidth: '100%' }}
              >
                <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                  <strong>{key}</strong>: {value}
                </Box>
                {!readOnly && (
                  <IconButton
                    size="small"
                    aria-label={`Remove tag ${key}`}
                    onClick={() => setRemoving(key)}
                    sx={{ p: 0.25, mr: -0.75 }}
                  >
                    <CloseOutlined sx={{ fontSize: 16 }} />
                  </IconButton>
                )}
              </Box>
            }
          />
        ))}
        {!readOnly && (
          <Button size="small" startIcon={<AddOutlined />} onClick={() => setAdding(true)}>
            Add tag
          </Button>
        )}
      </Stack>
      {adding && (
        <AddTagDialog
          tags={tags}
          limit={limit}
          busy={set.isPending}
          onClose={() => setAdding(false)}
          onSave={(key, value) =>
            set.mutate(withTag(tags, key, value), {
              onSuccess: () => {
                showMessage('Tag added.');
                setAdding(false);
              },
              onError: showModalError,
            })
          }
        />
      )}
      <ConfirmDialog
        open={removing !== undefined}
        title="Delete Tag"
        busy={set.isPending}
        onClose={() => setRemoving(undefined)}
        onConfirm={() =>
          removing !== undefined &&
          set.mutate(withoutTag(tags, removing), {
            onSuccess: () => {
              showMessage('Tag deleted.');
              setRemoving(undefined);
            },
            onError: showModalError,
          })
        }
      >
        Are you sure you want to delete the tag{' '}
        <strong>
          {removing}: {removing !== undefined ? tags[removing] : ''}
        </strong>
        ?
      </ConfirmDialog>
    </Box>
  );
}

function AddTagDialog({
  tags,
  limit,
  busy,
  onClose,
  onSave,
}: {
  tags: Record<string, string>;
  limit: TagLimit;
  busy: boolean;
  onClose: () => void;
  onSave: (key: string, value: string) => void;
}): ReactElement {
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');
  const problem = newTagProblem(tags, key, value, limit);
  const replaces = Object.hasOwn(tags, key.trim());
  return (
    <FormDialog
      open
      title="Add Tag"
      onClose={onClose}
      onSubmit={() => problem === undefined && !busy && onSave(key, value)}
      busy={busy}
      maxWidth="xs"
      submitLabel="Save"
      submitDisabled={problem !== undefined}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label="Tag Key"
          value={key}
          required
          autoFocus
          onChange={(e) => setKey(e.target.value)}
          slotProps={{ htmlInput: { maxLength: MAX_TAG_KEY_LENGTH } }}
          helperText={replaces ? 'Replaces the value of this existing tag' : ' '}
        />
        <TextField
          label="Tag Value"
          value={value}
          required
          onChange={(e) => setValue(e.target.value)}
          slotProps={{ htmlInput: { maxLength: MAX_TAG_VALUE_LENGTH } }}
          helperText={problem !== undefined && (key !== '' || value !== '') ? problem : ' '}
        />
      </Stack>
    </FormDialog>
  );
}
