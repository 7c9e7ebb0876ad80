// SPDX-License-Identifier: Apache-2.0
import type { PeerInfo } from '@stowage/contracts';
import type { ReactElement } from 'react';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useRemoveSites } from '../api/site-replication';

/**
 * Remove a site from the set after a confirmation; the others keep replicating. Removing one of the last
 * two sites ends site replication (MinIO removes all then).
 */
export function RemoveSiteDialog({
  site,
  siteCount,
  onClose,
}: {
  site: PeerInfo;
  siteCount: number;
  onClose: () => void;
}): ReactElement {
  const remove = useRemoveSites();
  const { showMessage, showModalError } = useSnackbar();
  const last = siteCount <= 2;
  return (
    <ConfirmDialog
      open
      title="Remove Site"
      confirmLabel="Remove"
      busy={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(last ? { sites: [], all: true } : { sites: [site.name] }, {
          onSuccess: () => {
            showMessage(
              last ? 'Site replication ended.' : `Site ${site.name} removed from site replication.`,
            );
            onClose();
          },
          onError: showModalError,
        })
      }
    >
      Are you sure you want to remove the site <b>{site.name}</b> ({site.endpoint}) from site replication?
      {last
        ? ' Only two sites replicate: this ends site replication for both.'
        : ' The other sites keep replicating with each other.'}{' '}
      Data already copied stays where it is.
    </ConfirmDialog>
  );
}
