// SPDX-License-Identifier: Apache-2.0
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import { TableCell } from '@mui/material';
import { type ReactElement, useState } from 'react';
import { useLdapMode } from '@/shared/identity/ldap/ldap-entities';
import { LdapEntitiesPage } from '@/shared/identity/ldap/ldap-entities-page';
import { useGroups } from '@/shared/identity/list-groups';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { ListPage, useListSearch } from '@/shared/ui/list-page';
import { countLabel } from '@/shared/ui/list-state';
import { RowActions } from '@/shared/ui/row-actions';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useDeleteGroup } from '../api/delete-group';
import { CreateGroupDialog } from '../components/create-group-dialog';
import { EditGroupDialog } from '../components/edit-group-dialog';
import { SetGroupPoliciesDialog } from '../components/set-group-policies-dialog';

/**
 * /groups (spec 2 §2): search, Create Group, a Name table with view/edit (members and status), set
 * policies and delete (after confirmation); 'No Groups Available' when empty.
 */
export function GroupsPage(): ReactElement {
  // With LDAP the directory owns groups: the page lists its DNs that have policies (issue 23).
  return useLdapMode() ? <LdapEntitiesPage kind="group" /> : <BuiltinGroupsPage />;
}

function BuiltinGroupsPage(): ReactElement {
  const groups = useGroups();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [policiesOf, setPoliciesOf] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<string | null>(null);
  const remove = useDeleteGroup();
  const { showMessage, showModalError } = useSnackbar();

  const all = groups.data?.groups ?? [];
  const search = useListSearch(all, (g) => g);

  return (
    <ListPage
      title="Groups"
      count={groups.data ? countLabel(groups.data.total, 'group', 'groups') : undefined}
      searchLabel="Search Groups"
      createLabel="Create Group"
      onCreate={() => setCreating(true)}
      query={groups}
      rows={all}
      search={search}
      emptyIcon={<GroupsOutlined />}
      emptyTitle="No Groups Available"
      emptyHint="Groups give the same policies to many users at once. Create one to get started."
      noun="group name"
      table={{
        label: 'Groups',
        columns: [{ header: 'Name' }, { header: 'Actions', align: 'right', width: 160 }],
        rowKey: (g) => g,
        cells: (g) => (
          <>
            <TableCell>{g}</TableCell>
            <TableCell align="right">
              <RowActions
                actions={[
                  {
                    title: 'View / Edit',
                    label: `Edit ${g}`,
                    icon: <EditOutlined fontSize="small" />,
                    onClick: () => setEditing(g),
                  },
                  {
                    title: 'Set Policies',
                    label: `Set policies of ${g}`,
                    icon: <DescriptionOutlined fontSize="small" />,
                    onClick: () => setPoliciesOf(g),
                  },
                  {
                    title: 'Delete',
                    label: `Delete ${g}`,
                    icon: <DeleteOutlined fontSize="small" />,
                    onClick: () => setToDelete(g),
                  },
                ]}
              />
            </TableCell>
          </>
        ),
      }}
    >
      <CreateGroupDialog open={creating} onClose={() => setCreating(false)} />
      <EditGroupDialog group={editing} onClose={() => setEditing(null)} />
      <SetGroupPoliciesDialog group={policiesOf} onClose={() => setPoliciesOf(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete Group"
        busy={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete, {
            onSuccess: () => {
              showMessage(`Group ${toDelete} deleted.`);
              setToDelete(null);
            },
            onError: showModalError,
          })
        }
      >
        Are you sure you want to delete group <strong>{toDelete}</strong>? Its members lose the group’s
        policies.
      </ConfirmDialog>
    </ListPage>
  );
}
