// SPDX-License-Identifier: Apache-2.0
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { Box, Button, Card, Chip, IconButton, Link, Tooltip, Typography } from '@mui/material';
import { pagePaths } from '@stowage/contracts';
import { type ReactElement, type ReactNode, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { formatCount } from '@/shared/format/format-number';
import { LoadingMessage } from '@/shared/ui/loading-message';
import { PageHeader } from '@/shared/ui/page-header';
import { QueryErrorAlert } from '@/shared/ui/query-error-alert';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useRgwUser } from '../api/get-rgw-user';
import { useUpdateRgwUser } from '../api/rgw-user-writes';
import { DeleteRgwUserDialog } from '../components/delete-rgw-user-dialog';
import { EditRgwUserDialog } from '../components/edit-rgw-user-dialog';
import { RgwCapsCard } from '../components/rgw-caps-card';
import { RgwKeysPanel } from '../components/rgw-keys-panel';
import { RgwQuotaCards } from '../components/rgw-quota-cards';
import { RgwSubusersPanel } from '../components/rgw-subusers-panel';
import { RgwUserBuckets } from '../components/rgw-user-buckets';

function Field({ label, children }: { label: string; children: ReactNode }): ReactElement {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box aria-label={label} sx={{ fontWeight: 600 }}>
        {children}
      </Box>
    </Box>
  );
}

/** RGW's max_buckets in words: 0 is no limit, a negative value forbids creating buckets. */
function maxBucketsText(n: number): string {
  if (n === 0) return 'No limit';
  return n < 0 ? 'None may be created' : formatCount(n);
}

/**
 * /rgw/users/{uid} (issue 36): the RGW user's profile with Suspend/Enable, Edit and Delete; its user and
 * bucket quotas; its buckets with their usage; its caps; its S3 keys; its subusers and their Swift keys.
 */
export function RgwUserDetailsPage(): ReactElement {
  const uid = useParams()['*'] ?? '';
  const user = useRgwUser(uid);
  const update = useUpdateRgwUser(uid);
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  const { showMessage, showError } = useSnackbar();
  const navigate = useNavigate();

  if (user.isPending) return <LoadingMessage />;
  if (user.isError) return <QueryErrorAlert error={user.error} onRetry={() => void user.refetch()} />;
  const u = user.data;
  const toggle = (): void =>
    update.mutate(
      { suspended: !u.suspended },
      {
        onSuccess: (saved) => showMessage(`RGW user ${uid} ${saved.suspended ? 'suspended' : 'enabled'}.`),
        onError: showError,
      },
    );

  return (
    <Box>
      <Link
        component={RouterLink}
        to={pagePaths.rgwUsers}
        underline="hover"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1 }}
      >
        <ArrowBackOutlined fontSize="small" /> RGW Users
      </Link>
      <PageHeader
        title={uid}
        subtitle={
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
            Status:
            <Chip
              size="small"
              label={u.suspended ? 'Suspended' : 'Enabled'}
              color={u.suspended ? 'default' : 'success'}
              data-testid="rgw-user-status"
            />
          </Box>
        }
        actions={
          <>
            <Button variant="outlined" onClick={toggle} disabled={update.isPending}>
              {u.suspended ? 'Enable' : 'Suspend'}
            </Button>
            <Tooltip title="Edit User">
              <IconButton aria-label="Edit User" onClick={() => setDialog('edit')}>
                <EditOutlined />
              </IconButton>
            </Tooltip>
            <Tooltip title="Delete User">
              <IconButton aria-label="Delete User" color="error" onClick={() => setDialog('delete')}>
                <DeleteOutlined />
              </IconButton>
            </Tooltip>
          </>
        }
      />
      <Card
        component="section"
        aria-label="Profile"
        sx={{
          p: 2.5,
          mb: 3,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(4, 1fr)' },
        }}
      >
        <Field label="Display Name">{u.displayName}</Field>
        <Field label="Email">{u.email || '—'}</Field>
        <Field label="Max Buckets">{maxBucketsText(u.maxBuckets)}</Field>
        <Field label="Keys">{formatCount(u.keys.length)}</Field>
      </Card>
      <Box sx={{ mb: 3 }}>
        <RgwQuotaCards user={u} />
      </Box>
      <RgwUserBuckets user={u} />
      <Box sx={{ mb: 3 }}>
        <RgwCapsCard user={u} />
      </Box>
      <RgwKeysPanel user={u} />
      <RgwSubusersPanel user={u} />
      {dialog === 'edit' && <EditRgwUserDialog user={u} onClose={() => setDialog(null)} />}
      <DeleteRgwUserDialog
        uid={dialog === 'delete' ? uid : null}
        onClose={() => setDialog(null)}
        onDeleted={() => navigate(pagePaths.rgwUsers)}
      />
    </Box>
  );
}
