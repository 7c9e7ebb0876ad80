// SPDX-License-Identifier: Apache-2.0
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import {
  Box,
  Button,
  Card,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import type { ReplicationRule, ReplicationStats } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { formatBytes } from '@/shared/format/format-bytes';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { LoadingMessage } from '@/shared/ui/loading-message';
import { QueryErrorAlert } from '@/shared/ui/query-error-alert';
import { useSnackbar } from '@/shared/ui/snackbar';
import { usePermissions } from '../api/check-permissions';
import { useBucketReplication, useDeleteReplicationRule } from '../api/replication';
import { stripArn } from '../lib/replication-form';
import { ReplicationRuleDialog } from './replication-rule-dialog';
import { ReplicationRuleEditDialog } from './replication-rule-edit-dialog';

/** Pending, failed and replicated figures of a bucket (beyond the spec; issue 21). */
export function ReplicationFigures({ stats }: { stats: ReplicationStats }): ReactElement {
  const item = (label: string, count: number, size: number): ReactElement => (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600 }} aria-label={`${label} objects`}>
        {count} ({formatBytes(size)})
      </Typography>
    </Box>
  );
  return (
    <Stack direction="row" spacing={4}>
      {item('Pending', stats.pendingCount, stats.pendingSize)}
      {item('Failed', stats.failedCount, stats.failedSize)}
      {item('Replicated', stats.replicatedCount, stats.replicatedSize)}
    </Stack>
  );
}

/**
 * The bucket's Replication tab (spec 1 §2.5): Priority, Destination (ARN prefix stripped), Prefix, Tags
 * (Yes/No), Status; Add Replication Rule when the user may put the configuration (spec 1 §6); a row
 * (or its Edit button) opens the rule's edit form, as MinIO's console; a row's delete is off while more
 * than one rule exists (spec 1 §2.5).
 */
export function ReplicationPanel({ bucket }: { bucket: string }): ReactElement {
  const replication = useBucketReplication(bucket);
  const permissions = usePermissions([
    { id: 'put-replication', action: 's3:PutReplicationConfiguration', bucket_name: bucket },
  ]);
  const canPut = permissions.data?.['put-replication'] === true;
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<ReplicationRule | null>(null);
  const [editing, setEditing] = useState<ReplicationRule | null>(null);
  const remove = useDeleteReplicationRule(bucket);
  const { showMessage, showModalError } = useSnackbar();

  if (replication.isPending) return <LoadingMessage />;
  if (replication.isError) {
    return <QueryErrorAlert error={replication.error} onRetry={() => void replication.refetch()} />;
  }
  const { rules, stats } = replication.data;
  const nextPriority = Math.max(0, ...rules.map((r) => r.priority)) + 1;

  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2 }}>
        {stats ? <ReplicationFigures stats={stats} /> : <span />}
        <Tooltip title={canPut ? '' : 'You may not change the replication configuration'}>
          <span>
            <Button
              variant="contained"
              startIcon={<AddOutlined />}
              disabled={!canPut}
              onClick={() => setAdding(true)}
            >
              Add Replication Rule
            </Button>
          </span>
        </Tooltip>
      </Box>
      <Card>
        <Table size="small" aria-label="Replication rules">
          <TableHead>
            <TableRow>
              <TableCell>Priority</TableCell>
              <TableCell>Destination</TableCell>
              <TableCell>Prefix</TableCell>
              <TableCell>Tags</TableCell>
              <TableCell>Status</TableCell>
              <TableCell align="right" />
            </TableRow>
          </TableHead>
          <TableBody>
            {rules.length === 0 && (
              <TableRow>
                <TableCell colSpan={6}>
                  <Typography color="text.secondary">There are no replication rules yet.</Typography>
                </TableCell>
              </TableRow>
            )}
            {rules.map((r) => (
              <TableRow
                key={r.id}
                hover={canPut}
                sx={canPut ? { cursor: 'pointer' } : undefined}
                onClick={canPut ? () => setEditing(r) : undefined}
              >
                <TableCell>{r.priority}</TableCell>
                <TableCell>{stripArn(r.destination.bucket)}</TableCell>
                <TableCell>{r.prefix}</TableCell>
                <TableCell>{r.tags ? 'Yes' : 'No'}</TableCell>
                <TableCell>{r.status}</TableCell>
                <TableCell align="right" onClick={(e) => e.stopPropagation()}>
                  <Tooltip title="Edit">
                    <span>
                      <IconButton
                        aria-label={`Edit rule ${r.priority}`}
                        disabled={!canPut}
                        onClick={() => setEditing(r)}
                      >
                        <EditOutlined />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title="Delete">
                    <span>
                      <IconButton
                        aria-label={`Delete rule ${r.priority}`}
                        disabled={!canPut || rules.length > 1}
                        onClick={() => setDeleting(r)}
                      >
                        <DeleteOutlined />
                      </IconButton>
                    </span>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Card>
      {adding && (
        <ReplicationRuleDialog
          bucket={bucket}
          nextPriority={nextPriority}
          open
          onClose={() => setAdding(false)}
        />
      )}
      {editing && (
        <ReplicationRuleEditDialog
          bucket={bucket}
          rule={editing}
          otherPriorities={rules.filter((r) => r.id !== editing.id).map((r) => r.priority)}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          open
          title="Delete Replication Rule"
          busy={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                showMessage('Replication rule deleted.');
                setDeleting(null);
              },
              onError: showModalError,
            })
          }
        >
          Are you sure you want to delete the replication rule to {stripArn(deleting.destination.bucket)}?
          Objects already replicated stay on the destination.
        </ConfirmDialog>
      )}
    </Stack>
  );
}

/** The Summary's replication line: the bucket's figures (issue 21, beyond the spec). */
export function ReplicationSummary({ bucket }: { bucket: string }): ReactElement | null {
  const replication = useBucketReplication(bucket);
  const stats = replication.data?.stats;
  if (!stats || replication.data?.rules.length === 0) return null;
  return (
    <Box sx={{ mt: 1 }}>
      <ReplicationFigures stats={stats} />
    </Box>
  );
}
