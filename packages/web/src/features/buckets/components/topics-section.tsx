// SPDX-License-Identifier: Apache-2.0
import AddOutlined from '@mui/icons-material/AddOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { Box, Button, Checkbox, FormControlLabel, TableCell, TextField, Typography } from '@mui/material';
import { createTopicRequestSchema, type Topic } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { EmptyState } from '@/shared/ui/empty-state';
import { FormDialog } from '@/shared/ui/form-dialog';
import { type ListColumn, ListTable } from '@/shared/ui/list-page';
import { LoadingMessage } from '@/shared/ui/loading-message';
import { QueryErrorAlert } from '@/shared/ui/query-error-alert';
import { RowActions } from '@/shared/ui/row-actions';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useTopics, useTopicWrite } from '../api/topics';

const columns: ListColumn[] = [
  ...['Topic', 'Push Endpoint', 'ARN'].map((header) => ({ header })),
  { header: '', align: 'right' },
];

/**
 * The topics bucket events go to on Ceph RGW (issue 36): each names an HTTP(S) push endpoint; Subscribe To
 * Event then picks a topic's ARN. Topics are the signed-in user's, shared by all of their buckets.
 */
export function TopicsSection(): ReactElement {
  const topics = useTopics(true);
  const write = useTopicWrite();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Topic | null>(null);
  const { showMessage, showModalError } = useSnackbar();

  return (
    <Box component="section" aria-label="Topics" sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1, gap: 2 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          Topics
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          The server pushes the events of a subscription to its topic's endpoint.
        </Typography>
        <Button variant="outlined" startIcon={<AddOutlined />} onClick={() => setCreating(true)}>
          Create Topic
        </Button>
      </Box>
      {topics.isPending ? (
        <LoadingMessage />
      ) : topics.isError ? (
        <QueryErrorAlert error={topics.error} onRetry={() => topics.refetch()} />
      ) : topics.data.topics.length === 0 ? (
        <EmptyState icon={<CampaignOutlined />} title="No topics">
          Create a topic with the address that should receive this server's bucket events.
        </EmptyState>
      ) : (
        <ListTable
          label="Topics"
          columns={columns}
          rows={topics.data.topics}
          rowKey={(t) => t.arn}
          cells={(t) => (
            <>
              <TableCell>{t.name}</TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>{t.pushEndpoint || '-'}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{t.arn}</TableCell>
              <TableCell align="right">
                <RowActions
                  actions={[
                    {
                      title: 'Delete Topic',
                      label: `Delete topic ${t.name}`,
                      icon: <DeleteOutlined fontSize="small" />,
                      onClick: () => setDeleting(t),
                    },
                  ]}
                />
              </TableCell>
            </>
          )}
        />
      )}
      {creating && <CreateTopicDialog onClose={() => setCreating(false)} />}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Topic"
        busy={write.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          write.mutate(
            { op: 'delete', name: deleting.name },
            {
              onSuccess: () => {
                showMessage('Topic deleted.');
                setDeleting(null);
              },
              onError: showModalError,
            },
          )
        }
      >
        Delete the topic <strong>{deleting?.name}</strong>? Subscriptions to it stop sending events.
      </ConfirmDialog>
    </Box>
  );
}

function CreateTopicDialog({ onClose }: { onClose: () => void }): ReactElement {
  const write = useTopicWrite();
  const { showMessage, showModalError } = useSnackbar();
  const [name, setName] = useState('');
  const [pushEndpoint, setPushEndpoint] = useState('');
  const [verifySsl, setVerifySsl] = useState(true);
  const [persistent, setPersistent] = useState(false);
  const parsed = createTopicRequestSchema.safeParse({ name, pushEndpoint, verifySsl, persistent });
  const issue = (field: string): string | undefined =>
    parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === field)?.message;
  const nameError = name === '' ? undefined : issue('name');
  const endpointError = pushEndpoint === '' ? undefined : issue('pushEndpoint');

  return (
    <FormDialog
      open
      title="Create Topic"
      submitLabel="Save"
      busy={write.isPending}
      submitDisabled={!parsed.success}
      onClose={onClose}
      onSubmit={() =>
        parsed.success &&
        write.mutate(
          { op: 'create', body: parsed.data },
          {
            onSuccess: () => {
              showMessage(`Topic ${parsed.data.name} saved.`);
              onClose();
            },
            onError: showModalError,
          },
        )
      }
    >
      <TextField
        fullWidth
        size="small"
        label="Name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={nameError !== undefined}
        helperText={nameError ?? 'Letters, digits, hyphens and underscores.'}
        sx={{ mt: 1 }}
      />
      <TextField
        fullWidth
        size="small"
        label="Push Endpoint"
        placeholder="http://hooks.example.com/s3-events"
        value={pushEndpoint}
        onChange={(e) => setPushEndpoint(e.target.value)}
        error={endpointError !== undefined}
        helperText={endpointError ?? 'The server POSTs each event record to this address.'}
        sx={{ mt: 2 }}
      />
      <FormControlLabel
        label="Verify the endpoint's TLS certificate"
        control={<Checkbox checked={verifySsl} onChange={(e) => setVerifySsl(e.target.checked)} />}
      />
      <FormControlLabel
        label="Persistent (queue events and deliver them after the request)"
        control={<Checkbox checked={persistent} onChange={(e) => setPersistent(e.target.checked)} />}
      />
    </FormDialog>
  );
}
