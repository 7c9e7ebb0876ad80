// SPDX-License-Identifier: Apache-2.0
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
} from '@mui/material';
import { type FormEvent, type ReactElement, type ReactNode, useId } from 'react';
import { ModalSnackbar } from './snackbar';

/** What a {@link FormDialog} shows and does. */
export interface FormDialogProps {
  open: boolean;
  /** The heading, also the dialog's accessible name. */
  title: ReactNode;
  /** Cancel, Escape and the backdrop; left out, the dialog closes only through its own buttons. */
  onClose?: () => void;
  /** The Cancel button, when it does more than `onClose` (e.g. also clears the fields). */
  onCancel?: () => void;
  /** With it the body is a form, so Enter (or the submit button) calls it. */
  onSubmit?: () => void;
  /** A request runs: a progress bar shows, closing and the default buttons are off. */
  busy?: boolean;
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg';
  /** The default buttons: Cancel, then this submit button (e.g. 'Save'). */
  submitLabel?: string;
  submitDisabled?: boolean;
  /** The submit button in the error colour (deletes, disabling). */
  danger?: boolean;
  /** Buttons before the default ones (e.g. 'Download', 'Clear'). */
  extraActions?: ReactNode;
  /** Replaces the default buttons altogether. */
  actions?: ReactNode;
  /** Let the browser check `required` fields before submitting (off by default: the dialog checks). */
  nativeValidation?: boolean;
  children: ReactNode;
}

/**
 * The one dialog primitive of the app: a titled dialog whose failures show in the modal snackbar (spec 1
 * §8, reported with `showModalError`), a progress bar while the request runs, the fields, and the actions
 * at the bottom — by default Cancel and a submit button that is off while busy. With `onSubmit` the body
 * is a form, so Enter submits.
 */
export function FormDialog({
  open,
  title,
  onClose,
  onCancel,
  onSubmit,
  busy = false,
  maxWidth = 'sm',
  submitLabel,
  submitDisabled = false,
  danger = false,
  extraActions,
  actions,
  nativeValidation = false,
  children,
}: FormDialogProps): ReactElement {
  const titleId = useId();
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    onSubmit?.();
  };
  const form = onSubmit ? { component: 'form', onSubmit: submit, noValidate: !nativeValidation } : undefined;
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={titleId}
      slotProps={form ? { paper: form as object } : undefined}
    >
      <Box sx={{ height: 4 }}>{busy && <LinearProgress />}</Box>
      <DialogTitle id={titleId} sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
        {title}
      </DialogTitle>
      <DialogContent sx={{ position: 'relative' }}>
        <ModalSnackbar />
        {children}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        {extraActions}
        {actions ?? (
          <>
            <Button onClick={onCancel ?? onClose} disabled={busy}>
              Cancel
            </Button>
            {submitLabel !== undefined && (
              <Button
                type={onSubmit ? 'submit' : 'button'}
                variant="contained"
                color={danger ? 'error' : 'primary'}
                disabled={busy || submitDisabled}
              >
                {submitLabel}
              </Button>
            )}
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
