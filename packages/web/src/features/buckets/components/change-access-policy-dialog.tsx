// SPDX-License-Identifier: Apache-2.0
import { MenuItem, TextField } from '@mui/material';
import type { BucketAccess } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useSetBucketPolicy } from '../api/set-bucket-policy';

function template(bucket: string): string {
  return JSON.stringify(
    {
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Principal: { AWS: ['*'] },
          Action: ['s3:GetObject'],
          Resource: [`arn:aws:s3:::${bucket}/*`],
        },
      ],
    },
    null,
    2,
  );
}

function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/**
 * Change Access Policy (spec 1 §2.5 Summary): Private, Public or Custom with the policy document. Private
 * and Public replace the whole bucket policy, access rules included (PROTOCOL-NOTES §6).
 */
export function ChangeAccessPolicyDialog({
  bucket,
  access,
  definition,
  open,
  onClose,
}: {
  bucket: string;
  access: BucketAccess;
  definition: string;
  open: boolean;
  onClose: () => void;
}): ReactElement {
  const [choice, setChoice] = useState<BucketAccess>(access);
  const [custom, setCustom] = useState(() =>
    definition.trim() && access === 'CUSTOM' ? pretty(definition) : template(bucket),
  );
  const setPolicy = useSetBucketPolicy(bucket);
  const { showMessage, showModalError } = useSnackbar();
  const canSave = !setPolicy.isPending && (choice !== 'CUSTOM' || custom.trim() !== '');
  const save = (): void => {
    if (!canSave) return;
    setPolicy.mutate(choice === 'CUSTOM' ? { access: choice, definition: custom } : { access: choice }, {
      onSuccess: () => {
        showMessage('Access policy updated.');
        onClose();
      },
      onError: showModalError,
    });
  };
  return (
    <FormDialog
      open={open}
      title="Change Access Policy"
      onClose={onClose}
      onSubmit={save}
      busy={setPolicy.isPending}
      maxWidth={choice === 'CUSTOM' ? 'md' : 'sm'}
      submitLabel="Set"
      submitDisabled={!canSave}
    >
      <TextField
        select
        fullWidth
        label="Access Policy"
        value={choice}
        onChange={(e) => setChoice(e.target.value as BucketAccess)}
        sx={{ mt: 1 }}
        slotProps={{ htmlInput: { 'aria-label': 'Access Policy' } }}
        helperText={
          choice === 'PUBLIC'
            ? 'Anyone can list, read and write objects without credentials. Access rules are replaced.'
            : choice === 'PRIVATE'
              ? 'Only signed requests of users with a policy allowing it. Access rules are removed.'
              : 'Your own bucket policy document.'
        }
      >
        <MenuItem value="PRIVATE">Private</MenuItem>
        <MenuItem value="PUBLIC">Public</MenuItem>
        <MenuItem value="CUSTOM">Custom</MenuItem>
      </TextField>
      {choice === 'CUSTOM' && (
        <TextField
          label="Policy"
          fullWidth
          multiline
          minRows={10}
          maxRows={22}
          value={custom}
          onChange={(e) => setCustom(e.target.value)}
          sx={{
            mt: 2,
            '& textarea': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 13 },
          }}
          slotProps={{ htmlInput: { 'aria-label': 'Policy', spellCheck: false } }}
        />
      )}
    </FormDialog>
  );
}
