// SPDX-License-Identifier: Apache-2.0
import AddOutlined from '@mui/icons-material/AddOutlined';
import LockResetOutlined from '@mui/icons-material/LockResetOutlined';
import { Box, Button, IconButton, Tooltip } from '@mui/material';
import { pagePaths } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { CreateServiceAccountDialog } from '@/shared/identity/create-service-account-dialog';
import { ServiceAccountList } from '@/shared/identity/service-account-list';
import { useSession } from '@/shared/session/get-session';
import { PageHeader } from '@/shared/ui/page-header';
import { SearchField } from '@/shared/ui/search-field';
import { ChangePasswordDialog } from '../components/change-password-dialog';

/**
 * /account (spec 2 §2): the signed-in user's service accounts with search, Create service account, and
 * Change Password only when the session lists /account/change-password (spec 2 §6).
 */
export function AccountPage(): ReactElement {
  const session = useSession();
  const canChangePassword = session.data?.pages.includes(pagePaths.accountChangePassword) ?? false;
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const [changing, setChanging] = useState(false);
  return (
    <Box>
      <PageHeader
        title="Service Accounts"
        subtitle={session.data ? `Keys for applications acting as ${session.data.userName}` : undefined}
        actions={
          <>
            <SearchField label="Search Service Accounts" value={search} onChange={setSearch} />
            {canChangePassword && (
              <Tooltip title="Change Password">
                <IconButton aria-label="Change Password" onClick={() => setChanging(true)}>
                  <LockResetOutlined />
                </IconButton>
              </Tooltip>
            )}
            <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setCreating(true)}>
              Create service account
            </Button>
          </>
        }
      />
      <ServiceAccountList search={search} />
      <CreateServiceAccountDialog open={creating} onClose={() => setCreating(false)} />
      <ChangePasswordDialog open={changing} onClose={() => setChanging(false)} />
    </Box>
  );
}
