// SPDX-License-Identifier: Apache-2.0
import { Typography } from '@mui/material';
import type { ReactElement } from 'react';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useDeleteBucket } from '../api/delete-bucket';

/**
 * Delete Bucket (spec 1 §2.5, §5 "only if it is empty"): the server refuses a bucket that still holds
 * objects, and that refusal shows in the modal snackbar; on success `onDeleted` runs (the admin screen
 * goes to /buckets).
 */
export function DeleteBucketDialog({
  bucket,
  open,
  onClose,
  onDeleted,
}: {
  bucket: string;
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
}): ReactElement {
  const remove = useDeleteBucket();
  const { showMessage, showModalError } = useSnackbar();
  return (
    <ConfirmDialog
      open={open}
      title="Delete Bucket"
      confirmLabel="Delete"
      danger
      busy={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(bucket, {
          onSuccess: () => {
            showMessage(`Bucket '${bucket}' deleted successfully.`);
            onDeleted();
          },
          onError: showModalError,
        })
      }
    >
      <Typography>
        Are you sure you want to delete bucket <strong>{bucket}</strong>?
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Only empty buckets can be deleted: remove every object (and every version) first.
      </Typography>
    </ConfirmDialog>
  );
}
