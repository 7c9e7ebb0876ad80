import { Box, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress } from '@mui/material';
import type { FormEvent, ReactElement, ReactNode } from 'react';
import { ModalSnackbar } from '@/shared/ui/snackbar';

/**
 * The frame of every bucket modal: a titled dialog whose failures show in the modal snackbar (spec 1 §8),
 * a progress bar while the request runs, and the actions at the bottom. The body is a form, so Enter saves.
 */
export function ModalFrame({
  open,
  title,
  onClose,
  onSubmit,
  busy = false,
  actions,
  children,
  maxWidth = 'sm',
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  onSubmit?: () => void;
  busy?: boolean;
  actions: ReactNode;
  children: ReactNode;
  maxWidth?: 'xs' | 'sm' | 'md';
}): ReactElement {
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    onSubmit?.();
  };
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby="bucket-modal-title"
      slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true } as object }}
    >
      <Box sx={{ height: 4 }}>{busy && <LinearProgress />}</Box>
      <DialogTitle id="bucket-modal-title" sx={{ fontWeight: 700 }}>
        {title}
      </DialogTitle>
      <DialogContent sx={{ position: 'relative' }}>
        <ModalSnackbar />
        {children}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>{actions}</DialogActions>
    </Dialog>
  );
}
