// SPDX-License-Identifier: Apache-2.0
import AddOutlined from '@mui/icons-material/AddOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogContent,
  DialogTitle,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { type ConfigDetail, type IdpListResponse, pagePaths } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useLdapEntities } from '@/shared/identity/ldap/ldap-entities';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { LoadingMessage } from '@/shared/ui/loading-message';
import { PageHeader } from '@/shared/ui/page-header';
import { QueryErrorAlert } from '@/shared/ui/query-error-alert';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useIdpConfig, useIdpList, useIdpWrite } from '../api/idp';
import { IdpForm } from '../components/idp-form';

/** A configuration detail with no values yet, from the list's help (the Add form). */
function blankDetail(list: IdpListResponse, name: string): ConfigDetail {
  return {
    name,
    description: list.description,
    multipleTargets: true,
    help: list.help,
    key_values: [],
    targets: [],
  };
}

const savedText = (what: string, restart: boolean): string =>
  restart ? `${what} saved. Restart the server to apply it.` : `${what} saved and applied.`;

function EditOpenId({ name, onClose }: { name: string; onClose: () => void }): ReactElement {
  const detail = useIdpConfig('openid', name);
  const write = useIdpWrite('openid');
  const { showMessage, showError } = useSnackbar();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="idp-edit-title">
      <DialogTitle id="idp-edit-title">Edit OpenID configuration {name}</DialogTitle>
      <DialogContent>
        {detail.isPending ? (
          <LoadingMessage />
        ) : detail.isError ? (
          <QueryErrorAlert error={detail.error} onRetry={() => detail.refetch()} />
        ) : (
          <IdpForm
            key={detail.dataUpdatedAt}
            detail={detail.data}
            askName={false}
            busy={write.isPending}
            submitLabel="Save"
            onCancel={onClose}
            onSubmit={(_n, key_values) =>
              write.mutate(
                { kind: 'update', name, key_values },
                {
                  onSuccess: (a) => {
                    showMessage(savedText(`OpenID configuration ${name}`, a.restart));
                    onClose();
                  },
                  onError: showError,
                },
              )
            }
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * /identity/openid, Identity → OpenID (issue 38, as the community console): the server's named OpenID
 * provider configurations (MinIO's idp-config API; `_` is the default one) with their role ARN, added,
 * edited and deleted with forms generated from the server's help of identity_openid.
 */
export function IdpOpenIdPage(): ReactElement {
  const list = useIdpList('openid');
  const write = useIdpWrite('openid');
  const { showMessage, showError } = useSnackbar();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  return (
    <Box>
      <PageHeader
        title="OpenID"
        subtitle="OpenID Connect providers users sign in with (single sign-on)"
        actions={
          <Button
            variant="contained"
            startIcon={<AddOutlined />}
            disabled={!list.data}
            onClick={() => setAdding(true)}
          >
            Add Configuration
          </Button>
        }
      />
      {list.isPending ? (
        <LoadingMessage />
      ) : list.isError ? (
        <QueryErrorAlert error={list.error} onRetry={() => list.refetch()} />
      ) : list.data.results.length === 0 ? (
        <Alert severity="info">No OpenID provider is configured. Add one to offer single sign-on.</Alert>
      ) : (
        <Card component="section" aria-label="OpenID configurations">
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Role ARN</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data.results.map((c) => (
                <TableRow key={c.name}>
                  <TableCell>{c.name === '_' ? '_ (default)' : c.name}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={c.enabled ? 'success' : 'default'}
                      label={c.enabled ? 'Enabled' : 'Disabled'}
                    />
                  </TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{c.roleARN ?? '—'}</TableCell>
                  <TableCell align="right">
                    <Button size="small" onClick={() => setEditing(c.name)} aria-label={`Edit ${c.name}`}>
                      Edit
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      onClick={() => setDeleting(c.name)}
                      aria-label={`Delete ${c.name}`}
                    >
                      Delete
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      )}
      {adding && list.data && (
        <Dialog open onClose={() => setAdding(false)} fullWidth maxWidth="sm" aria-labelledby="idp-add-title">
          <DialogTitle id="idp-add-title">Add OpenID configuration</DialogTitle>
          <DialogContent>
            <IdpForm
              detail={blankDetail(list.data, '')}
              askName
              busy={write.isPending}
              submitLabel="Save"
              onCancel={() => setAdding(false)}
              onSubmit={(name, key_values) =>
                write.mutate(
                  { kind: 'add', name, key_values },
                  {
                    onSuccess: (a) => {
                      showMessage(savedText(`OpenID configuration ${name}`, a.restart));
                      setAdding(false);
                    },
                    onError: showError,
                  },
                )
              }
            />
          </DialogContent>
        </Dialog>
      )}
      {editing !== null && <EditOpenId name={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete OpenID configuration"
        busy={write.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting !== null &&
          write.mutate(
            { kind: 'delete', name: deleting },
            {
              onSuccess: () => {
                showMessage(`OpenID configuration ${deleting} deleted.`);
                setDeleting(null);
              },
              onError: showError,
            },
          )
        }
      >
        Delete the OpenID configuration <strong>{deleting}</strong>? Users can no longer sign in with it.
      </ConfirmDialog>
    </Box>
  );
}

function LdapEntitiesSummary(): ReactElement | null {
  const entities = useLdapEntities();
  if (!entities.data) return null;
  return (
    <Card component="section" aria-label="Directory entities" sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Directory entities with policies
        </Typography>
        <Typography variant="body2">
          <Link component={RouterLink} to={pagePaths.users}>
            {entities.data.users.length} users
          </Link>{' '}
          and{' '}
          <Link component={RouterLink} to={pagePaths.groups}>
            {entities.data.groups.length} groups
          </Link>{' '}
          of the directory have policies; assign them on the Users and Groups pages.
        </Typography>
      </CardContent>
    </Card>
  );
}

/**
 * /identity/ldap, Identity → LDAP (issue 38): the server's one LDAP configuration (MinIO's idp-config,
 * named `_`), saved or deleted with the form generated from the help of identity_ldap, and — once set —
 * the directory's entities that have policies.
 */
export function IdpLdapPage(): ReactElement {
  const list = useIdpList('ldap');
  const configured = list.data?.results.some((r) => r.name === '_') ?? false;
  const detail = useIdpConfig('ldap', configured ? '_' : null);
  const write = useIdpWrite('ldap');
  const { showMessage, showError } = useSnackbar();
  const [deleting, setDeleting] = useState(false);
  const form = list.data && (configured ? detail.data : blankDetail(list.data, '_'));
  return (
    <Box>
      <PageHeader
        title="LDAP"
        subtitle="Sign users in against an LDAP or Active Directory server"
        actions={
          configured && (
            <Button color="error" variant="outlined" onClick={() => setDeleting(true)}>
              Delete Configuration
            </Button>
          )
        }
      />
      {list.isPending || (configured && detail.isPending) ? (
        <LoadingMessage />
      ) : list.isError ? (
        <QueryErrorAlert error={list.error} onRetry={() => list.refetch()} />
      ) : detail.isError ? (
        <QueryErrorAlert error={detail.error} onRetry={() => detail.refetch()} />
      ) : (
        form && (
          <Card component="section" aria-label="LDAP configuration">
            <CardContent>
              {!configured && (
                <Alert severity="info" sx={{ mb: 1 }}>
                  LDAP is not configured. Fill in the directory's details to enable it.
                </Alert>
              )}
              <IdpForm
                key={`${configured}-${detail.dataUpdatedAt}`}
                detail={form}
                askName={false}
                busy={write.isPending}
                submitLabel="Save"
                onSubmit={(_n, key_values) =>
                  write.mutate(
                    { kind: configured ? 'update' : 'add', name: '_', key_values },
                    {
                      onSuccess: (a) => showMessage(savedText('LDAP configuration', a.restart)),
                      onError: showError,
                    },
                  )
                }
              />
            </CardContent>
          </Card>
        )
      )}
      {configured && <LdapEntitiesSummary />}
      <ConfirmDialog
        open={deleting}
        title="Delete LDAP configuration"
        busy={write.isPending}
        onClose={() => setDeleting(false)}
        onConfirm={() =>
          write.mutate(
            { kind: 'delete', name: '_' },
            {
              onSuccess: () => {
                showMessage('LDAP configuration deleted.');
                setDeleting(false);
              },
              onError: showError,
            },
          )
        }
      >
        Delete the LDAP configuration? Directory users can no longer sign in.
      </ConfirmDialog>
    </Box>
  );
}
