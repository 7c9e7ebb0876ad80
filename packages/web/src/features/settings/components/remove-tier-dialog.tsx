// SPDX-License-Identifier: Apache-2.0
import { type Tier, tierName } from '@stowage/contracts';
import type { ReactElement } from 'react';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useRemoveTier } from '../api/tiers';

/**
 * Remove a tier (beyond spec 2, as `mc ilm tier rm`), after a confirmation. The store refuses a tier that
 * lifecycle rules or transitioned objects still use; its reason shows in the dialog.
 */
export function RemoveTierDialog({ tier, onClose }: { tier: Tier; onClose: () => void }): ReactElement {
  const name = tierName(tier);
  const remove = useRemoveTier();
  const { showMessage, showModalError } = useSnackbar();
  return (
    <ConfirmDialog
      open
      title="Remove Tier"
      confirmLabel="Remove"
      busy={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(name, {
          onSuccess: () => {
            showMessage(`Tier ${name} removed.`);
            onClose();
          },
          onError: showModalError,
        })
      }
    >
      Are you sure you want to remove the tier <b>{name}</b>? Objects can no longer be moved to it. The server
      refuses while lifecycle rules or transitioned objects use it.
    </ConfirmDialog>
  );
}
