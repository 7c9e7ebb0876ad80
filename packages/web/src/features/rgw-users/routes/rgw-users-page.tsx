// SPDX-License-Identifier: Apache-2.0
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { Link, TableCell } from '@mui/material';
import { links, type RgwUser } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ListPage, useListSearch } from '@/shared/ui/list-page';
import { countLabel } from '@/shared/ui/list-state';
import { RowActions } from '@/shared/ui/row-actions';
import { useRgwUsers } from '../api/list-rgw-users';
import { CreateRgwUserDialog } from '../components/create-rgw-user-dialog';
import { DeleteRgwUserDialog } from '../components/delete-rgw-user-dialog';
import { RgwKeyCreatedDialog } from '../components/rgw-keys-created-dialog';

/**
 * /rgw/users (issue 36): Ceph RGW's users through its Admin Ops API, for a session whose RGW user has
 * admin caps — search, Create RGW User (its generated keys shown once made), view and delete.
 */
export function RgwUsersPage(): ReactElement {
  const users = useRgwUsers();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<RgwUser | null>(null);
  const [toDelete, setToDelete] = useState<string | null>(null);
  const navigate = useNavigate();
  const all = users.data?.users ?? [];
  const search = useListSearch(all, (uid) => uid);

  return (
    <ListPage
      title="RGW Users"
      count={users.data ? countLabel(all.length, 'user', 'users') : undefined}
      searchLabel="Search RGW Users"
      createLabel="Create RGW User"
      onCreate={() => setCreating(true)}
      query={users}
      rows={all}
      search={search}
      emptyIcon={<PersonOutlined />}
      emptyTitle="No RGW Users"
      emptyHint="RGW users sign in to S3 with their access and secret keys. Create one to get started."
      noun="user ID"
      table={{
        label: 'RGW Users',
        columns: [{ header: 'User ID' }, { header: 'Actions', align: 'right', width: 120 }],
        rowKey: (uid) => uid,
        cells: (uid) => (
          <>
            <TableCell>
              <Link component={RouterLink} to={links.rgwUserDetails(uid)} underline="hover">
                {uid}
              </Link>
            </TableCell>
            <TableCell align="right">
              <RowActions
                actions={[
                  {
                    title: 'View',
                    label: `View ${uid}`,
                    icon: <VisibilityOutlined fontSize="small" />,
                    onClick: () => navigate(links.rgwUserDetails(uid)),
                  },
                  {
                    title: 'Delete',
                    label: `Delete ${uid}`,
                    icon: <DeleteOutlined fontSize="small" />,
                    onClick: () => setToDelete(uid),
                  },
                ]}
              />
            </TableCell>
          </>
        ),
      }}
    >
      <CreateRgwUserDialog open={creating} onClose={() => setCreating(false)} onCreated={setCreated} />
      <RgwKeyCreatedDialog
        title={`RGW User ${created?.uid ?? ''} Created`}
        rgwKey={created?.keys[0] ?? null}
        onClose={() => setCreated(null)}
      />
      <DeleteRgwUserDialog uid={toDelete} onClose={() => setToDelete(null)} />
    </ListPage>
  );
}
