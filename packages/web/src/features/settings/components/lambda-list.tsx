// SPDX-License-Identifier: Apache-2.0
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import { Box, Button, IconButton, TableCell, Tooltip, Typography } from '@mui/material';
import {
  type NotificationEndpoint,
  type NotificationServiceId,
  notificationServiceIds,
} from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import {
  useNotificationEndpoints,
  useNotificationEndpointWrite,
} from '@/shared/notifications/notification-endpoints';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { EmptyState } from '@/shared/ui/empty-state';
import { type ListColumn, ListTable } from '@/shared/ui/list-page';
import { LoadingMessage } from '@/shared/ui/loading-message';
import { QueryErrorAlert } from '@/shared/ui/query-error-alert';
import { RowActions } from '@/shared/ui/row-actions';
import { matchesSearch, SearchField } from '@/shared/ui/search-field';
import { useSnackbar } from '@/shared/ui/snackbar';

/** The server's type name of a target (`postgresql`) → the config service it belongs to (`postgres`). */
function serviceIdOf(service: string): NotificationServiceId | undefined {
  const id = service === 'postgresql' ? 'postgres' : service;
  return (notificationServiceIds as readonly string[]).includes(id)
    ? (id as NotificationServiceId)
    : undefined;
}

const columns: ListColumn[] = [{ header: 'Status' }, { header: 'Service' }, { header: '', align: 'right' }];

/**
 * Settings → Lambda Notifications (spec 2): the targets as `service:account_id` with their Status
 * (Offline in red), filterable, with Refresh, Add Notification Target and a delete per target.
 */
export function LambdaList({ onAdd }: { onAdd: () => void }): ReactElement {
  const endpoints = useNotificationEndpoints();
  const write = useNotificationEndpointWrite();
  const [search, setSearch] = useState('');
  const [deleting, setDeleting] = useState<NotificationEndpoint | null>(null);
  const { showMessage, showModalError } = useSnackbar();
  const list = endpoints.data?.notification_endpoints ?? [];
  const shown = list.filter((e) => matchesSearch(`${e.service}:${e.account_id} ${e.status}`, search));

  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <SearchField label="Filter Notification Targets" value={search} onChange={setSearch} />
        <Box sx={{ flex: 1 }} />
        <Tooltip title="Refresh">
          <IconButton aria-label="Refresh" onClick={() => void endpoints.refetch()}>
            <RefreshOutlined />
          </IconButton>
        </Tooltip>
        <Button variant="contained" startIcon={<AddOutlined />} onClick={onAdd}>
          Add Notification Target
        </Button>
      </Box>
      {endpoints.isPending ? (
        <LoadingMessage />
      ) : endpoints.isError ? (
        <QueryErrorAlert error={endpoints.error} onRetry={() => endpoints.refetch()} />
      ) : shown.length === 0 ? (
        <EmptyState icon={<NotificationsActiveOutlined />} title="No notification targets">
          {list.length === 0
            ? 'Add a target to send bucket events to a database, a message broker or a webhook. A new target is listed once the server has restarted.'
            : `Nothing matches "${search}".`}
        </EmptyState>
      ) : (
        <ListTable
          label="Notification targets"
          columns={columns}
          rows={shown}
          rowKey={(e) => `${e.service}:${e.account_id}`}
          cells={(e) => (
            <>
              <TableCell>
                <Typography
                  variant="body2"
                  sx={{ fontWeight: 600, color: e.status === 'online' ? 'success.main' : 'error.main' }}
                >
                  {e.status === 'online' ? 'Online' : 'Offline'}
                </Typography>
              </TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{`${e.service}:${e.account_id}`}</TableCell>
              <TableCell align="right">
                <RowActions
                  actions={[
                    {
                      title: 'Delete',
                      label: `Delete ${e.service}:${e.account_id}`,
                      icon: <DeleteOutlined fontSize="small" />,
                      onClick: () => setDeleting(e),
                    },
                  ]}
                />
              </TableCell>
            </>
          )}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Notification Target"
        busy={write.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          const service = deleting ? serviceIdOf(deleting.service) : undefined;
          if (!deleting || !service) return;
          write.mutate(
            { op: 'delete', service, accountId: deleting.account_id },
            {
              onSuccess: () => {
                showMessage(
                  `Notification target ${deleting.service}:${deleting.account_id} deleted. Restart the server to apply it.`,
                );
                setDeleting(null);
              },
              onError: showModalError,
            },
          );
        }}
      >
        Delete the notification target{' '}
        <strong>{deleting ? `${deleting.service}:${deleting.account_id}` : ''}</strong>? Buckets subscribed to
        it stop receiving events at the next restart.
      </ConfirmDialog>
    </Box>
  );
}
