// SPDX-License-Identifier: Apache-2.0
import { DialogContentText } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import { FormDialog } from './form-dialog';

/**
 * A yes/no question before something that cannot be undone (spec 2 §5 "Delete confirmations", Delete
 * Bucket, Edit Versioning, Delete Access Rule). The caller runs the action in `onConfirm` and reports
 * failures with `showModalError`, which shows here.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel = 'Delete',
  danger = true,
  busy = false,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel?: string;
  /** The confirm button in the error colour; on by default. */
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}): ReactElement {
  return (
    <FormDialog
      open={open}
      title={title}
      onClose={onClose}
      onSubmit={onConfirm}
      busy={busy}
      maxWidth="xs"
      submitLabel={confirmLabel}
      danger={danger}
    >
      <DialogContentText component="div">{children}</DialogContentText>
    </FormDialog>
  );
}
