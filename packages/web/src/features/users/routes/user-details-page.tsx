// SPDX-License-Identifier: Apache-2.0
import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LockResetOutlined from '@mui/icons-material/LockResetOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import {
  Alert,
  Box,
  Button,
  Chip,
  IconButton,
  Link,
  List,
  ListItem,
  ListItemText,
  Paper,
  Tab,
  Tabs,
  Tooltip,
  Typography,
} from '@mui/material';
import { links, pagePaths } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { CreateServiceAccountDialog } from '@/shared/identity/create-service-account-dialog';
import { useGroups } from '@/shared/identity/list-groups';
import { usePolicies } from '@/shared/identity/list-policies';
import { ServiceAccountList } from '@/shared/identity/service-account-list';
import { useSetPolicy } from '@/shared/identity/set-policy';
import { useSession } from '@/shared/session/get-session';
import { getUserMarker } from '@/shared/session/user-marker';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { LoadingMessage } from '@/shared/ui/loading-message';
import { PageHeader } from '@/shared/ui/page-header';
import { SearchField } from '@/shared/ui/search-field';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useDeleteUser } from '../api/delete-user';
import { useUser } from '../api/get-user';
import { useUpdateUser } from '../api/update-user';
import { ChangeUserPasswordDialog } from '../components/change-user-password-dialog';
import { EditUserDialog } from '../components/edit-user-dialog';
import { PickNamesDialog } from '../components/pick-names-dialog';

type UserTab = 'groups' | 'service-accounts' | 'policies';

function NameList({
  names,
  empty,
  action,
}: {
  names: readonly string[];
  empty: string;
  action?: (name: string) => ReactElement;
}): ReactElement {
  if (names.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ p: 2 }}>
        {empty}
      </Typography>
    );
  }
  return (
    <List dense>
      {names.map((n) => (
        <ListItem key={n} secondaryAction={action?.(n)}>
          <ListItemText primary={n} />
        </ListItem>
      ))}
    </List>
  );
}

/**
 * /users/{userName} (spec 2 §2; the name may span several path segments): status with the immediate
 * Enable/Disable toggle (§4), Delete, Change Password; side tabs Groups, Service Accounts (create
 * disabled when the user has no policy, §6) and Policies (assign; view → /policies/{policy}).
 */
export function UserDetailsPage(): ReactElement {
  const name = useParams()['*'] ?? '';
  const user = useUser(name);
  const session = useSession();
  const me = getUserMarker() ?? session.data?.userName ?? '';
  const update = useUpdateUser(name);
  const remove = useDeleteUser();
  const setPolicy = useSetPolicy();
  const [tab, setTab] = useState<UserTab>('groups');
  const [dialog, setDialog] = useState<'edit' | 'groups' | 'policies' | 'password' | 'delete' | 'sa' | null>(
    null,
  );
  const [saSearch, setSaSearch] = useState('');
  const groups = useGroups(dialog === 'groups');
  const policies = usePolicies(dialog === 'policies');
  const { showMessage, showError, showModalError } = useSnackbar();
  const navigate = useNavigate();

  if (user.isPending) return <LoadingMessage />;
  if (user.isError) {
    return (
      <Alert severity="error">
        {user.error.message}
        {user.error.detail ? ` — ${user.error.detail}` : ''}
      </Alert>
    );
  }
  const u = user.data;
  const enabled = u.status === 'enabled';
  const toggleStatus = (): void =>
    update.mutate(
      { status: enabled ? 'disabled' : 'enabled', groups: u.memberOf },
      {
        onSuccess: (saved) => showMessage(`User ${name} ${saved.status}.`),
        onError: showError,
      },
    );

  return (
    <Box>
      <Link
        component={RouterLink}
        to={pagePaths.users}
        underline="hover"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1 }}
      >
        <ArrowBackOutlined fontSize="small" /> Users
      </Link>
      <PageHeader
        title={name}
        subtitle={
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
            Status:
            <Chip
              size="small"
              label={enabled ? 'Enabled' : 'Disabled'}
              color={enabled ? 'success' : 'default'}
              data-testid="user-status"
            />
          </Box>
        }
        actions={
          <>
            <Button
              variant="outlined"
              onClick={toggleStatus}
              disabled={update.isPending || (enabled && name === me)}
            >
              {enabled ? 'Disable' : 'Enable'}
            </Button>
            <Tooltip title="Edit User">
              <IconButton aria-label="Edit User" onClick={() => setDialog('edit')}>
                <EditOutlined />
              </IconButton>
            </Tooltip>
            <Tooltip title="Change Password">
              <IconButton aria-label="Change Password" onClick={() => setDialog('password')}>
                <LockResetOutlined />
              </IconButton>
            </Tooltip>
            <Tooltip title={name === me ? 'You cannot delete yourself' : 'Delete User'}>
              <span>
                <IconButton
                  aria-label="Delete User"
                  color="error"
                  disabled={name === me}
                  onClick={() => setDialog('delete')}
                >
                  <DeleteOutlined />
                </IconButton>
              </span>
            </Tooltip>
          </>
        }
      />
      <Box sx={{ display: 'flex', gap: 3, flexDirection: { xs: 'column', md: 'row' } }}>
        <Tabs
          orientation="vertical"
          value={tab}
          onChange={(_, v: UserTab) => setTab(v)}
          sx={{ borderRight: { md: 1 }, borderColor: 'divider', minWidth: 200 }}
        >
          <Tab value="groups" label="Groups" sx={{ alignItems: 'flex-start' }} />
          <Tab value="service-accounts" label="Service Accounts" sx={{ alignItems: 'flex-start' }} />
          <Tab value="policies" label="Policies" sx={{ alignItems: 'flex-start' }} />
        </Tabs>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {tab === 'groups' && (
            <>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
                <Typography variant="h6">Groups</Typography>
                <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setDialog('groups')}>
                  Add to Groups
                </Button>
              </Box>
              <Paper variant="outlined">
                <NameList names={u.memberOf} empty="This user is in no group." />
              </Paper>
            </>
          )}
          {tab === 'service-accounts' && (
            <>
              <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
                <Typography variant="h6" sx={{ flex: 1 }}>
                  Service Accounts
                </Typography>
                <SearchField
                  label="Search Service Accounts"
                  value={saSearch}
                  onChange={setSaSearch}
                  width={240}
                />
                <Tooltip
                  title={u.hasPolicy ? '' : 'The user needs a policy before service accounts can be made'}
                >
                  <span>
                    <Button
                      variant="contained"
                      startIcon={<AddOutlined />}
                      disabled={!u.hasPolicy}
                      onClick={() => setDialog('sa')}
                    >
                      Create service account
                    </Button>
                  </span>
                </Tooltip>
              </Box>
              <ServiceAccountList user={name} search={saSearch} />
            </>
          )}
          {tab === 'policies' && (
            <>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
                <Typography variant="h6">Policies</Typography>
                <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setDialog('policies')}>
                  Assign Policies
                </Button>
              </Box>
              <Paper variant="outlined">
                <NameList
                  names={u.policy}
                  empty="This user has no policy of their own."
                  action={(p) => (
                    <Tooltip title="View">
                      <IconButton
                        size="small"
                        aria-label={`View ${p}`}
                        onClick={() => navigate(links.policyDetails(p))}
                      >
                        <VisibilityOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                />
              </Paper>
            </>
          )}
        </Box>
      </Box>

      <PickNamesDialog
        open={dialog === 'groups'}
        title={`Groups of ${name}`}
        label="Groups"
        names={groups.data?.groups ?? []}
        loading={groups.isPending}
        initial={u.memberOf}
        emptyText="There are no groups yet."
        busy={update.isPending}
        onClose={() => setDialog(null)}
        onSave={(selected) =>
          update.mutate(
            { status: u.status, groups: selected },
            {
              onSuccess: () => {
                showMessage('Groups saved.');
                setDialog(null);
              },
              onError: showModalError,
            },
          )
        }
      />
      <PickNamesDialog
        open={dialog === 'policies'}
        title={`Policies of ${name}`}
        label="Policies"
        names={(policies.data?.policies ?? []).map((p) => p.name)}
        loading={policies.isPending}
        initial={u.policy}
        emptyText="There are no policies yet."
        busy={setPolicy.isPending}
        onClose={() => setDialog(null)}
        onSave={(selected) =>
          setPolicy.mutate(
            { name: selected, entityName: name, entityType: 'user' },
            {
              onSuccess: () => {
                showMessage('Policies saved.');
                setDialog(null);
              },
              onError: showModalError,
            },
          )
        }
      />
      <EditUserDialog
        open={dialog === 'edit'}
        user={u}
        isSelf={name === me}
        onClose={() => setDialog(null)}
      />
      <ChangeUserPasswordDialog open={dialog === 'password'} user={name} onClose={() => setDialog(null)} />
      <CreateServiceAccountDialog open={dialog === 'sa'} user={name} onClose={() => setDialog(null)} />
      <ConfirmDialog
        open={dialog === 'delete'}
        title="Delete User"
        busy={remove.isPending}
        onClose={() => setDialog(null)}
        onConfirm={() =>
          remove.mutate(name, {
            onSuccess: () => {
              showMessage(`User ${name} deleted.`);
              navigate(pagePaths.users);
            },
            onError: showModalError,
          })
        }
      >
        Are you sure you want to delete user <strong>{name}</strong>? Their service accounts are deleted too.
      </ConfirmDialog>
    </Box>
  );
}
