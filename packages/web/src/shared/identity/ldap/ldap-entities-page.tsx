// SPDX-License-Identifier: Apache-2.0
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import { Alert, Box, Chip, TableCell } from '@mui/material';
import type { LdapEntity } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { ListPage, useListSearch } from '../../ui/list-page';
import { countLabel } from '../../ui/list-state';
import { RowActions } from '../../ui/row-actions';
import { useLdapEntities } from './ldap-entities';
import { LdapPoliciesDialog, type LdapPoliciesTarget } from './ldap-policies-dialog';

const TEXT = {
  user: {
    title: 'Users',
    one: 'LDAP user',
    many: 'LDAP users',
    info: 'Users come from the LDAP directory and are managed there. Listed are the users whose DN has policies attached; they sign in with their directory username and password.',
    empty: 'No LDAP Users with Policies',
    hint: 'Assign policies to a user’s DN so that they can sign in and use what the policies allow.',
  },
  group: {
    title: 'Groups',
    one: 'LDAP group',
    many: 'LDAP groups',
    info: 'Groups come from the LDAP directory and are managed there. Listed are the groups whose DN has policies attached; every member gets them when signing in.',
    empty: 'No LDAP Groups with Policies',
    hint: 'Assign policies to a group’s DN to give them to all of its members.',
  },
} as const;

/**
 * /users and /groups when the server signs users in against LDAP (issue 23; MinIO's console lists the
 * directory's entities that have policies): a read-only list of DNs with their policies — no create or
 * delete, the directory owns them — and policies assigned per DN, to a listed one or a DN typed in.
 */
export function LdapEntitiesPage({ kind }: { kind: 'user' | 'group' }): ReactElement {
  const entities = useLdapEntities();
  const [target, setTarget] = useState<LdapPoliciesTarget>(null);
  const t = TEXT[kind];
  const all: LdapEntity[] = (kind === 'user' ? entities.data?.users : entities.data?.groups) ?? [];
  const search = useListSearch(all, (e) => `${e.dn} ${e.policies.join(' ')}`);
  return (
    <ListPage
      title={t.title}
      count={entities.data ? countLabel(all.length, t.one, t.many) : undefined}
      searchLabel={`Search ${t.title}`}
      createLabel="Assign Policies"
      onCreate={() => setTarget('new')}
      query={entities}
      rows={all}
      search={search}
      emptyIcon={kind === 'user' ? <PersonOutlined /> : <GroupsOutlined />}
      emptyTitle={t.empty}
      emptyHint={t.hint}
      noun="DN or policy"
      table={{
        label: `LDAP ${t.title}`,
        columns: [
          { header: 'DN' },
          { header: 'Policies' },
          { header: 'Actions', align: 'right', width: 100 },
        ],
        rowKey: (e) => e.dn,
        cells: (e) => (
          <>
            <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{e.dn}</TableCell>
            <TableCell>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                {e.policies.map((p) => (
                  <Chip key={p} label={p} size="small" variant="outlined" />
                ))}
              </Box>
            </TableCell>
            <TableCell align="right">
              <RowActions
                actions={[
                  {
                    title: 'Edit Policies',
                    label: `Edit policies of ${e.dn}`,
                    icon: <DescriptionOutlined fontSize="small" />,
                    onClick: () => setTarget(e),
                  },
                ]}
              />
            </TableCell>
          </>
        ),
      }}
    >
      <Alert severity="info" variant="outlined" sx={{ mt: 2 }}>
        {t.info}
      </Alert>
      <LdapPoliciesDialog kind={kind} target={target} onClose={() => setTarget(null)} />
    </ListPage>
  );
}
