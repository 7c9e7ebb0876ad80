// SPDX-License-Identifier: Apache-2.0
import type { ReactElement } from 'react';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useDeleteListedObject, useDeleteListedObjects } from '../api/delete-listed-objects';
import { entryName, isFolder } from '../lib/object-paths';
import { deleteRequestFor } from '../lib/row-rules';

/** 'Delete Selected' (spec 1 §2.6, §8 'Objects deleted successfully.'): folders go recursively. */
export function DeleteObjectsDialog({
  bucket,
  names,
  open,
  onDeleted,
  onClose,
}: {
  bucket: string;
  names: readonly string[];
  open: boolean;
  onDeleted: () => void;
  onClose: () => void;
}): ReactElement {
  const remove = useDeleteListedObjects(bucket);
  const { showMessage, showModalError } = useSnackbar();
  const folders = names.filter(isFolder).length;
  return (
    <ConfirmDialog
      open={open}
      title="Delete Objects"
      busy={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(deleteRequestFor(names), {
          onSuccess: () => {
            showMessage('Objects deleted successfully.');
            onDeleted();
          },
          onError: showModalError,
        })
      }
    >
      Are you sure you want to delete the {names.length.toLocaleString('en-US')} selected{' '}
      {names.length === 1 ? 'object' : 'objects'}?
      {folders > 0 && ' Selected folders are deleted with everything in them.'}
      <br />
      <strong>
        {names
          .slice(0, 5)
          .map((n) => entryName(n))
          .join(', ')}
        {names.length > 5 ? ', …' : ''}
      </strong>
    </ConfirmDialog>
  );
}

/** The row action Delete (spec 1 §8 "Object '{name}' deleted successfully."). */
export function DeleteObjectDialog({
  bucket,
  name,
  onDeleted,
  onClose,
}: {
  bucket: string;
  /** Full key; a folder ends in '/'. Null closes the dialog. */
  name: string | null;
  onDeleted: (name: string) => void;
  onClose: () => void;
}): ReactElement {
  const remove = useDeleteListedObject(bucket);
  const { showMessage, showModalError } = useSnackbar();
  return (
    <ConfirmDialog
      open={name !== null}
      title={name !== null && isFolder(name) ? 'Delete Folder' : 'Delete Object'}
      busy={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        name !== null &&
        remove.mutate(name, {
          onSuccess: () => {
            showMessage(`Object '${name}' deleted successfully.`);
            onDeleted(name);
          },
          onError: showModalError,
        })
      }
    >
      Are you sure you want to delete <strong>{name}</strong>
      {name !== null && isFolder(name) ? ' and everything in it' : ''}?
    </ConfirmDialog>
  );
}
