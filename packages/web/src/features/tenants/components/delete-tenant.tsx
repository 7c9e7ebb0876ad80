// SPDX-License-Identifier: Apache-2.0
import { pagePaths } from '@stowage/contracts';
import type { ReactElement } from 'react';
import { useNavigate } from 'react-router';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useDeleteTenant } from '../api/tenant';
import { RetypeNameDialog } from './retype-name-dialog';

/** Delete Tenant with the name retyped; afterwards 'Tenant Deleted' and /tenants (spec 3 §4). */
export function DeleteTenantDialog({
  tenant,
  onClose,
}: {
  tenant: { namespace: string; name: string } | null;
  onClose: () => void;
}): ReactElement {
  const remove = useDeleteTenant();
  const navigate = useNavigate();
  const { showMessage, showModalError } = useSnackbar();
  return (
    <RetypeNameDialog
      open={tenant !== null}
      kind="Tenant"
      name={tenant?.name ?? ''}
      busy={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        tenant &&
        remove.mutate(
          { ns: tenant.namespace, tenant: tenant.name },
          {
            onSuccess: () => {
              showMessage('Tenant Deleted');
              onClose();
              navigate(pagePaths.tenants);
            },
            onError: showModalError,
          },
        )
      }
    >
      <p>Its servers stop and its volumes, with every object in them, are removed.</p>
    </RetypeNameDialog>
  );
}
