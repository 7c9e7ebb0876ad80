// SPDX-License-Identifier: Apache-2.0
import { FormControlLabel, Radio, RadioGroup, Typography } from '@mui/material';
import { type ReactElement, useState } from 'react';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { useSnackbar } from '@/shared/ui/snackbar';
import { type DeleteObjectInput, useDeleteObject } from '../api/delete-object';
import { hasRealVersionId } from '../lib/version-rules';

type Scope = 'marker' | 'version' | 'all';

/**
 * Delete Object (spec 1 §2.6, §8 "Object '{name}' deleted successfully."). In a versioned bucket the user
 * chooses: a delete marker (the versions stay), this version only, or every version. Mount it only while open.
 */
export function DeleteObjectDialog({
  bucket,
  object,
  versioned,
  onClose,
  onDeleted,
}: {
  bucket: string;
  object: { name: string; version_id?: string | undefined };
  versioned: boolean;
  onClose: () => void;
  onDeleted: () => void;
}): ReactElement {
  const hasVersion = hasRealVersionId(object.version_id);
  const [scope, setScope] = useState<Scope>('marker');
  const del = useDeleteObject(bucket);
  const { showMessage, showModalError } = useSnackbar();

  const confirm = (): void => {
    const input: DeleteObjectInput =
      scope === 'all'
        ? { name: object.name, all_versions: true }
        : scope === 'version'
          ? { name: object.name, version_id: object.version_id }
          : { name: object.name };
    del.mutate(input, {
      onSuccess: () => {
        showMessage(`Object '${object.name}' deleted successfully.`);
        onClose();
        onDeleted();
      },
      onError: showModalError,
    });
  };

  return (
    <ConfirmDialog open title="Delete Object" busy={del.isPending} onClose={onClose} onConfirm={confirm}>
      <Typography sx={{ overflowWrap: 'anywhere' }}>
        Are you sure you want to delete: <strong>{object.name}</strong>?
      </Typography>
      {versioned && hasVersion && (
        <RadioGroup
          aria-label="What to delete"
          value={scope}
          onChange={(e) => setScope(e.target.value as Scope)}
          sx={{ mt: 2 }}
        >
          <FormControlLabel
            value="marker"
            control={<Radio />}
            label="Add a delete marker (every version is kept)"
          />
          <FormControlLabel
            value="version"
            control={<Radio />}
            label={`Delete this version permanently (${object.version_id})`}
            sx={{ overflowWrap: 'anywhere' }}
          />
          <FormControlLabel value="all" control={<Radio />} label="Delete all versions permanently" />
        </RadioGroup>
      )}
    </ConfirmDialog>
  );
}
