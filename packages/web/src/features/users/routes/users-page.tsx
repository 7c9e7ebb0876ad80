// SPDX-License-Identifier: Apache-2.0
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { Button, Checkbox, Chip, Link, TableCell } from '@mui/material';
import { links } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useLdapMode } from '@/shared/identity/ldap/ldap-entities';
import { LdapEntitiesPage } from '@/shared/identity/ldap/ldap-entities-page';
import { useUsers } from '@/shared/identity/list-users';
import { useSession } from '@/shared/session/get-session';
import { getUserMarker } from '@/shared/session/user-marker';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { ListPage, useListSearch } from '@/shared/ui/list-page';
import { countLabel } from '@/shared/ui/list-state';
import { RowActions } from '@/shared/ui/row-actions';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useDeleteUser } from '../api/delete-user';
import { AddToGroupsDialog } from '../components/add-to-groups-dialog';
import { CreateUserDialog } from '../components/create-user-dialog';

/**
 * /users (spec 2 §2): search, Create User, Add to Group (enabled when users are checked), a table with
 * view and delete; delete is disabled for the signed-in user (spec 2 §6), whom the backend also refuses.
 */
export function UsersPage(): ReactElement {
  // With LDAP the directory owns users: the page lists its DNs that have policies (issue 23).
  return useLdapMode() ? <LdapEntitiesPage kind="user" /> : <BuiltinUsersPage />;
}

function BuiltinUsersPage(): ReactElement {
  const users = useUsers();
  const session = useSession();
  const me = getUserMarker() ?? session.data?.userName ?? '';
  const [checked, setChecked] = useState<string[]>([]);
  const [creating, setCreating] = useState(false);
  const [adding, setAdding] = useState(false);
  const [toDelete, setToDelete] = useState<string | null>(null);
  const remove = useDeleteUser();
  const { showMessage, showModalError } = useSnackbar();
  const navigate = useNavigate();

  const all = users.data?.users ?? [];
  const search = useListSearch(all, (u) => u.accessKey);
  const shown = search.shown;
  const checkedSet = new Set(checked);
  const toggle = (name: string): void =>
    setChecked(checkedSet.has(name) ? checked.filter((c) => c !== name) : [...checked, name]);
  const allShownChecked = shown.length > 0 && shown.every((u) => checkedSet.has(u.accessKey));

  return (
    <ListPage
      title="Users"
      count={users.data ? countLabel(users.data.total, 'user', 'users') : undefined}
      searchLabel="Search Users"
      createLabel="Create User"
      onCreate={() => setCreating(true)}
      toolbar={
        <Button
          variant="outlined"
          startIcon={<GroupAddOutlined />}
          disabled={checked.length === 0}
          onClick={() => setAdding(true)}
        >
          Add to Group
        </Button>
      }
      query={users}
      rows={all}
      search={search}
      emptyIcon={<PersonOutlined />}
      emptyTitle="No Users Available"
      emptyHint="Users sign in with an access key and secret key. Create one to get started."
      noun="user name"
      table={{
        label: 'Users',
        columns: [
          {
            padding: 'checkbox',
            header: (
              <Checkbox
                size="small"
                checked={allShownChecked}
                indeterminate={!allShownChecked && shown.some((u) => checkedSet.has(u.accessKey))}
                onChange={() =>
                  setChecked(
                    allShownChecked ? [] : [...new Set([...checked, ...shown.map((u) => u.accessKey)])],
                  )
                }
                slotProps={{ input: { 'aria-label': 'Select all users' } }}
              />
            ),
          },
          { header: 'Access Key' },
          { header: 'Status' },
          { header: 'Policies' },
          { header: 'Groups' },
          { header: 'Actions', align: 'right', width: 120 },
        ],
        rowKey: (u) => u.accessKey,
        selected: (u) => checkedSet.has(u.accessKey),
        cells: (u) => (
          <>
            <TableCell padding="checkbox">
              <Checkbox
                size="small"
                checked={checkedSet.has(u.accessKey)}
                onChange={() => toggle(u.accessKey)}
                slotProps={{ input: { 'aria-label': `Select ${u.accessKey}` } }}
              />
            </TableCell>
            <TableCell>
              <Link component={RouterLink} to={links.userDetails(u.accessKey)} underline="hover">
                {u.accessKey}
              </Link>
            </TableCell>
            <TableCell>
              <Chip
                size="small"
                variant="outlined"
                label={u.status === 'enabled' ? 'Enabled' : 'Disabled'}
                color={u.status === 'enabled' ? 'success' : 'default'}
              />
            </TableCell>
            <TableCell>{u.policy.join(', ')}</TableCell>
            <TableCell>{u.memberOf.join(', ')}</TableCell>
            <TableCell align="right">
              <RowActions
                actions={[
                  {
                    title: 'View',
                    label: `View ${u.accessKey}`,
                    icon: <VisibilityOutlined fontSize="small" />,
                    onClick: () => navigate(links.userDetails(u.accessKey)),
                  },
                  {
                    title: 'Delete',
                    disabledTitle: 'You cannot delete yourself',
                    label: `Delete ${u.accessKey}`,
                    icon: <DeleteOutlined fontSize="small" />,
                    disabled: u.accessKey === me,
                    onClick: () => setToDelete(u.accessKey),
                  },
                ]}
              />
            </TableCell>
          </>
        ),
      }}
    >
      <CreateUserDialog open={creating} onClose={() => setCreating(false)} />
      <AddToGroupsDialog
        open={adding}
        users={checked}
        onClose={() => {
          setAdding(false);
          setChecked([]);
        }}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete User"
        busy={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete, {
            onSuccess: () => {
              showMessage(`User ${toDelete} deleted.`);
              setChecked(checked.filter((c) => c !== toDelete));
              setToDelete(null);
            },
            onError: showModalError,
          })
        }
      >
        Are you sure you want to delete user <strong>{toDelete}</strong>? Their service accounts are deleted
        too.
      </ConfirmDialog>
    </ListPage>
  );
}
