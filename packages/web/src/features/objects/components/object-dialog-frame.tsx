import { Box, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress } from '@mui/material';
import { type FormEvent, type ReactElement, type ReactNode, useId } from 'react';
import { ModalSnackbar } from '@/shared/ui/snackbar';

/**
 * The frame of the object dialogs: a titled dialog whose failures show in the modal snackbar (spec 1 §8), a
 * progress bar while a request runs, and the actions at the bottom. With `onSubmit` the body is a form, so
 * Enter saves.
 */
export function ObjectDialogFrame({
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
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg';
}): ReactElement {
  const titleId = useId();
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
      aria-labelledby={titleId}
      slotProps={
        onSubmit ? { paper: { component: 'form', onSubmit: submit, noValidate: true } as object } : undefined
      }
    >
      <Box sx={{ height: 4 }}>{busy && <LinearProgress />}</Box>
      <DialogTitle id={titleId} sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
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
