// SPDX-License-Identifier: Apache-2.0
import { DialogContentText } from '@mui/material';
import type { ReactElement } from 'react';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useCreateNamespace } from '../api/wizard-api';

/** The add-namespace modal (spec 3 §2): confirmation 'Create new namespace'; failures in the modal (§8). */
export function AddNamespaceDialog({
  namespace,
  onClose,
}: {
  namespace: string | null;
  onClose: () => void;
}): ReactElement {
  const create = useCreateNamespace();
  const { showMessage, showModalError } = useSnackbar();
  return (
    <FormDialog
      open={namespace !== null}
      title="Create new namespace"
      onClose={onClose}
      onSubmit={() =>
        namespace &&
        create.mutate(
          { name: namespace },
          {
            onSuccess: () => {
              showMessage(`Namespace ${namespace} created.`);
              onClose();
            },
            onError: showModalError,
          },
        )
      }
      busy={create.isPending}
      maxWidth="xs"
      submitLabel="Create"
    >
      <DialogContentText>
        Are you sure you want to create the namespace <strong>{namespace}</strong>?
      </DialogContentText>
    </FormDialog>
  );
}
