// SPDX-License-Identifier: Apache-2.0
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import WebhookOutlined from '@mui/icons-material/WebhookOutlined';
import { Chip, TableCell } from '@mui/material';
import type { WebhookKind, WebhookStatus, WebhookTarget } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { ListPage, useListSearch } from '@/shared/ui/list-page';
import { countLabel } from '@/shared/ui/list-state';
import { RowActions } from '@/shared/ui/row-actions';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useWebhooks, useWebhookWrite } from '../api/webhooks';
import { WebhookDialog } from '../components/webhook-dialog';

const titles: Record<WebhookKind, string> = {
  logger: 'Logger Webhook Configuration',
  audit: 'Audit Webhook Configuration',
};
const hints: Record<WebhookKind, string> = {
  logger: "The server's error log is sent to each endpoint configured here.",
  audit: 'One audit record per request is sent to each endpoint configured here.',
};
const statusChip: Record<WebhookStatus, { label: string; color: 'success' | 'error' | 'default' }> = {
  online: { label: 'Online', color: 'success' },
  offline: { label: 'Offline', color: 'error' },
  unknown: { label: 'Unknown', color: 'default' },
};

/**
 * /webhook/logger and /webhook/audit (spec 2 "Webhook configuration pages"): a filter, Add Webhook
 * Configuration, and the targets (Name, Endpoint, Status online/offline) with edit and delete.
 */
function WebhooksPage({ kind }: { kind: WebhookKind }): ReactElement {
  const webhooks = useWebhooks(kind);
  const [editing, setEditing] = useState<WebhookTarget | null | undefined>(undefined);
  const [toDelete, setToDelete] = useState<string | null>(null);
  const remove = useWebhookWrite(kind);
  const { showMessage, showModalError } = useSnackbar();
  const all = webhooks.data?.targets ?? [];
  const search = useListSearch(all, (t) => `${t.name} ${t.endpoint}`);

  return (
    <ListPage
      title={titles[kind]}
      count={webhooks.data ? countLabel(webhooks.data.total, 'webhook', 'webhooks') : undefined}
      searchLabel="Filter Webhooks"
      createLabel="Add Webhook Configuration"
      onCreate={() => setEditing(null)}
      query={webhooks}
      rows={all}
      search={search}
      emptyIcon={<WebhookOutlined />}
      emptyTitle="No Webhooks Configured"
      emptyHint={hints[kind]}
      noun="webhook name or endpoint"
      table={{
        label: 'Webhooks',
        columns: [
          { header: 'Name' },
          { header: 'Endpoint' },
          { header: 'Status', width: 120 },
          { header: 'Actions', align: 'right', width: 120 },
        ],
        rowKey: (t) => t.name,
        cells: (t) => (
          <>
            <TableCell sx={{ fontWeight: 600 }}>{t.name}</TableCell>
            <TableCell sx={{ wordBreak: 'break-all' }}>{t.endpoint}</TableCell>
            <TableCell>
              <Chip size="small" variant="outlined" {...statusChip[t.status]} />
            </TableCell>
            <TableCell align="right">
              <RowActions
                actions={[
                  {
                    title: 'Edit',
                    label: `Edit ${t.name}`,
                    icon: <EditOutlined fontSize="small" />,
                    onClick: () => setEditing(t),
                  },
                  {
                    title: 'Delete',
                    label: `Delete ${t.name}`,
                    icon: <DeleteOutlined fontSize="small" />,
                    onClick: () => setToDelete(t.name),
                  },
                ]}
              />
            </TableCell>
          </>
        ),
      }}
    >
      {editing !== undefined && (
        <WebhookDialog kind={kind} target={editing} open onClose={() => setEditing(undefined)} />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete Webhook"
        busy={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() =>
          toDelete &&
          remove.mutate(
            { op: 'delete', name: toDelete },
            {
              onSuccess: () => {
                showMessage(`Webhook ${toDelete} deleted.`);
                setToDelete(null);
              },
              onError: showModalError,
            },
          )
        }
      >
        Are you sure you want to delete the webhook <strong>{toDelete}</strong>? Records still queued for it
        are dropped.
      </ConfirmDialog>
    </ListPage>
  );
}

export function LoggerWebhooksPage(): ReactElement {
  return <WebhooksPage kind="logger" />;
}

export function AuditWebhooksPage(): ReactElement {
  return <WebhooksPage kind="audit" />;
}
