// SPDX-License-Identifier: Apache-2.0
import {
  Alert,
  Box,
  Link,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  Typography,
} from '@mui/material';
import { links } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { LoadingMessage } from '@/shared/ui/loading-message';
import { useBucketPolicies } from '../api/list-bucket-policies';
import { useBucketUsers } from '../api/list-bucket-users';

function LinkTable({
  heading,
  rows,
  entity,
  to,
}: {
  heading: string;
  rows: readonly string[];
  entity: string;
  to: (name: string) => string;
}): ReactElement {
  return (
    <TableContainer>
      <Table size="small" aria-label={entity}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ fontWeight: 700 }}>{heading}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell>
                <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
                  There are no {entity} yet.
                </Typography>
              </TableCell>
            </TableRow>
          ) : (
            rows.map((name) => (
              <TableRow key={name} hover sx={{ height: 40 }}>
                <TableCell>
                  <Link component={RouterLink} to={to(name)} underline="hover" sx={{ fontWeight: 600 }}>
                    {name}
                  </Link>
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * Access Audit (spec 1 §2.5): the policies that reach the bucket (rows open /policies/{name}) and, when the
 * session may open /users, the users holding them (rows open /users/{accessKey}).
 */
export function AccessAuditPanel({
  bucket,
  showUsers,
}: {
  bucket: string;
  showUsers: boolean;
}): ReactElement {
  const [tab, setTab] = useState<'policies' | 'users'>('policies');
  const policies = useBucketPolicies(bucket, tab === 'policies');
  const users = useBucketUsers(bucket, showUsers && tab === 'users');
  const current = tab === 'users' ? users : policies;
  return (
    <Box>
      <Tabs value={tab} onChange={(_, v: 'policies' | 'users') => setTab(v)} sx={{ mb: 2 }}>
        <Tab value="policies" label="Policies" />
        {showUsers && <Tab value="users" label="Users" />}
      </Tabs>
      {current.isPending ? (
        <LoadingMessage />
      ) : current.isError ? (
        <Alert severity="error">
          {current.error.message}
          {current.error.detail ? ` — ${current.error.detail}` : ''}
        </Alert>
      ) : tab === 'users' ? (
        <LinkTable heading="Name" rows={users.data ?? []} entity="Users" to={links.userDetails} />
      ) : (
        <LinkTable
          heading="Name"
          rows={(policies.data?.policies ?? []).map((p) => p.name)}
          entity="Policies"
          to={links.policyDetails}
        />
      )}
    </Box>
  );
}
