import { Button } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import { ModalFrame } from './modal-frame';

/** A yes/no modal with the modal snackbar for failures (Delete Bucket, Edit Versioning, Delete Access Rule). */
export function ConfirmDialog({
  open,
  title,
  confirmLabel,
  danger = false,
  busy,
  onConfirm,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  confirmLabel: string;
  danger?: boolean;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}): ReactElement {
  return (
    <ModalFrame
      open={open}
      title={title}
      onClose={onClose}
      onSubmit={onConfirm}
      busy={busy}
      maxWidth="xs"
      actions={
        <>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color={danger ? 'error' : 'primary'} disabled={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </ModalFrame>
  );
}
