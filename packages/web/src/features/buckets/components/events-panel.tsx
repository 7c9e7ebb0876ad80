// SPDX-License-Identifier: Apache-2.0
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormGroup,
  FormLabel,
  MenuItem,
  TableCell,
  TextField,
  Typography,
} from '@mui/material';
import { type BucketEvent, type BucketEventKind, bucketEventKinds } from '@stowage/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactElement, useState } from 'react';
import { useNotificationEndpoints } from '@/shared/notifications/notification-endpoints';
import { useHasCapability } from '@/shared/session/capabilities';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { EmptyState } from '@/shared/ui/empty-state';
import { FormDialog } from '@/shared/ui/form-dialog';
import { type ListColumn, ListTable } from '@/shared/ui/list-page';
import { LoadingMessage } from '@/shared/ui/loading-message';
import { QueryErrorAlert } from '@/shared/ui/query-error-alert';
import { RowActions } from '@/shared/ui/row-actions';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useBucketEvents, useBucketEventWrite } from '../api/bucket-events';
import { useTopics } from '../api/topics';
import { TopicsSection } from './topics-section';

const kindLabels: Record<BucketEventKind, string> = {
  put: 'PUT - Object Uploaded',
  get: 'GET - Object accessed',
  delete: 'DELETE - Object Deleted',
};

const columnsFor = (target: string): ListColumn[] => [
  ...[target, 'Events', 'Prefix', 'Suffix'].map((header) => ({ header })),
  { header: '', align: 'right' },
];

/**
 * The bucket Events tab (spec 1 "Events"): the subscriptions, Subscribe To Event, Delete Event. On a server
 * with SNS-compatible topics (Ceph RGW, issue 36) the targets are topics, made and removed here too.
 */
export function EventsPanel({ bucket }: { bucket: string }): ReactElement {
  const topics = useHasCapability('topics');
  const columns = columnsFor(topics ? 'Topic' : 'SQS');
  const events = useBucketEvents(bucket);
  const write = useBucketEventWrite(bucket);
  const [subscribing, setSubscribing] = useState(false);
  const [deleting, setDeleting] = useState<BucketEvent | null>(null);
  const { showMessage, showModalError } = useSnackbar();

  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      {topics && <TopicsSection />}
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 2, gap: 2 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          Send this bucket's uploads, reads or deletions to a notification target.
        </Typography>
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setSubscribing(true)}>
          Subscribe To Event
        </Button>
      </Box>
      {events.isPending ? (
        <LoadingMessage />
      ) : events.isError ? (
        <QueryErrorAlert error={events.error} onRetry={() => events.refetch()} />
      ) : events.data.events.length === 0 ? (
        <EmptyState icon={<EventNoteOutlined />} title="No event subscriptions">
          Subscribe a notification target to this bucket's uploads, reads or deletions.
        </EmptyState>
      ) : (
        <ListTable
          label="Event subscriptions"
          columns={columns}
          rows={events.data.events}
          rowKey={(e) => e.id}
          cells={(e) => (
            <>
              <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{e.arn}</TableCell>
              <TableCell>{e.events.join(', ')}</TableCell>
              <TableCell>{e.prefix}</TableCell>
              <TableCell>{e.suffix}</TableCell>
              <TableCell align="right">
                <RowActions
                  actions={[
                    {
                      title: 'Delete Event',
                      label: `Delete event ${e.id}`,
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
      {subscribing && (
        <SubscribeDialog bucket={bucket} topics={topics} onClose={() => setSubscribing(false)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Event"
        busy={write.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          write.mutate(
            { op: 'delete', id: deleting.id },
            {
              onSuccess: () => {
                showMessage('Event subscription deleted.');
                setDeleting(null);
              },
              onError: showModalError,
            },
          )
        }
      >
        Delete the subscription of <strong>{deleting?.arn}</strong> to {deleting?.events.join(', ')}?
      </ConfirmDialog>
    </Box>
  );
}

/** The targets a subscription can name: the server's notification targets, or the user's topics. */
function useTargetArns(topics: boolean): { arns: string[]; none: string; query: UseQueryResult<unknown> } {
  const endpoints = useNotificationEndpoints(!topics);
  const topicList = useTopics(topics);
  return topics
    ? {
        arns: (topicList.data?.topics ?? []).map((t) => t.arn),
        none: 'No topics yet: create one above.',
        query: topicList,
      }
    : {
        arns: (endpoints.data?.notification_endpoints ?? []).map((e) => e.arn),
        none: 'No notification targets yet: add one in Settings → Lambda Notifications.',
        query: endpoints,
      };
}

function SubscribeDialog({
  bucket,
  topics,
  onClose,
}: {
  bucket: string;
  topics: boolean;
  onClose: () => void;
}): ReactElement {
  const targets = useTargetArns(topics);
  const write = useBucketEventWrite(bucket);
  const { showMessage, showModalError } = useSnackbar();
  const [arn, setArn] = useState('');
  const [kinds, setKinds] = useState<BucketEventKind[]>([]);
  const [prefix, setPrefix] = useState('');
  const [suffix, setSuffix] = useState('');
  const { arns } = targets;
  // Ceph RGW sends no events for reads: its topics offer uploads and deletions.
  const kindsHere = topics ? bucketEventKinds.filter((k) => k !== 'get') : bucketEventKinds;

  return (
    <FormDialog
      open
      title="Subscribe To Event"
      submitLabel="Save"
      busy={write.isPending}
      submitDisabled={arn === '' || kinds.length === 0}
      onClose={onClose}
      onSubmit={() =>
        write.mutate(
          { op: 'create', body: { arn, events: kinds, prefix, suffix } },
          {
            onSuccess: () => {
              showMessage('Event subscription saved.');
              onClose();
            },
            onError: showModalError,
          },
        )
      }
    >
      {targets.query.isError && (
        <QueryErrorAlert error={targets.query.error} onRetry={() => targets.query.refetch()} />
      )}
      <TextField
        select
        fullWidth
        size="small"
        label="ARN"
        value={arn}
        onChange={(e) => setArn(e.target.value)}
        helperText={arns.length === 0 ? targets.none : ' '}
        sx={{ mt: 1 }}
      >
        {arns.map((a) => (
          <MenuItem key={a} value={a}>
            {a}
          </MenuItem>
        ))}
      </TextField>
      <FormLabel component="legend" sx={{ mt: 1 }}>
        Select Event
      </FormLabel>
      <FormGroup>
        {kindsHere.map((k) => (
          <FormControlLabel
            key={k}
            label={kindLabels[k]}
            control={
              <Checkbox
                checked={kinds.includes(k)}
                onChange={(e) =>
                  setKinds((old) => (e.target.checked ? [...old, k] : old.filter((x) => x !== k)))
                }
              />
            }
          />
        ))}
      </FormGroup>
      <TextField
        fullWidth
        size="small"
        label="Prefix"
        value={prefix}
        onChange={(e) => setPrefix(e.target.value)}
        sx={{ mt: 1 }}
      />
      <TextField
        fullWidth
        size="small"
        label="Suffix"
        value={suffix}
        onChange={(e) => setSuffix(e.target.value)}
        sx={{ mt: 2 }}
      />
    </FormDialog>
  );
}
