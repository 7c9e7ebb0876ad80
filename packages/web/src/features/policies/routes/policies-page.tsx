// SPDX-License-Identifier: Apache-2.0
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import PolicyOutlined from '@mui/icons-material/PolicyOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { Link, TableCell } from '@mui/material';
import { links } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { usePolicies } from '@/shared/identity/list-policies';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { ListPage, useListSearch } from '@/shared/ui/list-page';
import { countLabel } from '@/shared/ui/list-state';
import { RowActions } from '@/shared/ui/row-actions';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useDeletePolicy } from '../api/delete-policy';
import { CreatePolicyDialog } from '../components/create-policy-dialog';

/** /policies (spec 2 §2): search by name, Create Policy, a Name table with view and delete. */
export function PoliciesPage(): ReactElement {
  const policies = usePolicies();
  const [creating, setCreating] = useState(false);
  const [toDelete, setToDelete] = useState<string | null>(null);
  const remove = useDeletePolicy();
  const { showMessage, showModalError } = useSnackbar();
  const navigate = useNavigate();

  const all = policies.data?.policies ?? [];
  const search = useListSearch(all, (p) => p.name);

  return (
    <ListPage
      title="Policies"
      count={policies.data ? countLabel(policies.data.total, 'policy', 'policies') : undefined}
      searchLabel="Search Policies"
      createLabel="Create Policy"
      onCreate={() => setCreating(true)}
      query={policies}
      rows={all}
      search={search}
      emptyIcon={<PolicyOutlined />}
      emptyTitle="No Policies Available"
      emptyHint="Policies say what users and groups may do. Create one to get started."
      noun="policy name"
      table={{
        label: 'Policies',
        columns: [{ header: 'Name' }, { header: 'Actions', align: 'right', width: 120 }],
        rowKey: (p) => p.name,
        cells: (p) => (
          <>
            <TableCell>
              <Link component={RouterLink} to={links.policyDetails(p.name)} underline="hover">
                {p.name}
              </Link>
            </TableCell>
            <TableCell align="right">
              <RowActions
                actions={[
                  {
                    title: 'View',
                    label: `View ${p.name}`,
                    icon: <VisibilityOutlined fontSize="small" />,
                    onClick: () => navigate(links.policyDetails(p.name)),
                  },
                  {
                    title: 'Delete',
                    label: `Delete ${p.name}`,
                    icon: <DeleteOutlined fontSize="small" />,
                    onClick: () => setToDelete(p.name),
                  },
                ]}
              />
            </TableCell>
          </>
        ),
      }}
    >
      <CreatePolicyDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete Policy"
        busy={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete, {
            onSuccess: () => {
              showMessage(`Policy ${toDelete} deleted.`);
              setToDelete(null);
            },
            onError: showModalError,
          })
        }
      >
        Are you sure you want to delete policy <strong>{toDelete}</strong>?
      </ConfirmDialog>
    </ListPage>
  );
}
