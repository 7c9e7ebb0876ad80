import { Divider, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import { type ReactElement, useState } from 'react';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useSetBucketsReplication } from '../api/replication';
import {
  type RemoteForm,
  remoteFormDefaults,
  remoteFormErrors,
  remoteRequest,
} from '../lib/replication-form';
import { ReplicationRemoteFields } from './replication-remote-fields';

/**
 * Set Bucket Replication (spec 1 §2.5 "Add Replication Rule", §4 "Single-bucket replication", §9): the
 * remote server, the destination bucket, priority, storage class, prefix, tags and what is replicated.
 * Delete markers and deletes default on; metadata replication is fixed on.
 */
export function ReplicationRuleDialog({
  bucket,
  nextPriority,
  open,
  onClose,
}: {
  bucket: string;
  nextPriority: number;
  open: boolean;
  onClose: () => void;
}): ReactElement {
  const [remote, setRemote] = useState<RemoteForm>(remoteFormDefaults);
  const [destination, setDestination] = useState('');
  const [priority, setPriority] = useState(String(nextPriority));
  const [storageClass, setStorageClass] = useState('');
  const [prefix, setPrefix] = useState('');
  const [tags, setTags] = useState('');
  const [deleteMarkers, setDeleteMarkers] = useState(true);
  const [deletes, setDeletes] = useState(true);
  const [tried, setTried] = useState(false);
  const set = useSetBucketsReplication();
  const { showMessage, showModalError } = useSnackbar();
  const priorityOk = Number.isInteger(Number(priority)) && Number(priority) > 0;
  const valid = Object.keys(remoteFormErrors(remote)).length === 0 && destination.trim() !== '' && priorityOk;

  const save = (): void => {
    setTried(true);
    if (!valid || set.isPending) return;
    set.mutate(
      {
        ...remoteRequest(remote),
        bucketsRelation: [{ originBucket: bucket, destinationBucket: destination.trim() }],
        priority: Number(priority),
        storageClass: storageClass.trim(),
        prefix: prefix.trim(),
        tags: tags.trim(),
        replicateDeleteMarkers: deleteMarkers,
        replicateDeletes: deletes,
        replicateMetadata: true,
      },
      {
        onSuccess: (res) => {
          const first = res.replicationState[0];
          if (!first) {
            showModalError(new Error('No changes applied'));
            return;
          }
          if (first.errorString) {
            showModalError(new Error(first.errorString));
            return;
          }
          showMessage('Replication rule added.');
          onClose();
        },
        onError: showModalError,
      },
    );
  };

  return (
    <FormDialog
      open={open}
      title="Set Bucket Replication"
      onClose={onClose}
      onSubmit={save}
      busy={set.isPending}
      submitLabel="Save"
      maxWidth="md"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <ReplicationRemoteFields value={remote} onChange={setRemote} showErrors={tried} />
        <TextField
          label="Destination Bucket"
          value={destination}
          onChange={(e) => setDestination(e.target.value)}
          error={tried && destination.trim() === ''}
          helperText={tried && destination.trim() === '' ? 'Destination Bucket is required' : undefined}
          required
        />
        <Divider />
        <Typography sx={{ fontWeight: 600 }}>Rule</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label="Priority"
            type="number"
            value={priority}
            onChange={(e) => setPriority(e.target.value)}
            error={tried && !priorityOk}
            helperText={tried && !priorityOk ? 'Priority must be a whole number above zero' : undefined}
          />
          <TextField
            label="Storage Class"
            placeholder="STANDARD_IA, REDUCED_REDUNDANCY, etc"
            value={storageClass}
            onChange={(e) => setStorageClass(e.target.value)}
            fullWidth
          />
        </Stack>
        <TextField label="Prefix" value={prefix} onChange={(e) => setPrefix(e.target.value)} />
        <TextField
          label="Tags"
          placeholder="key1=value1&key2=value2"
          value={tags}
          onChange={(e) => setTags(e.target.value)}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormControlLabel
            control={<Switch checked={deleteMarkers} onChange={(e) => setDeleteMarkers(e.target.checked)} />}
            label="Delete Marker Replication"
          />
          <FormControlLabel
            control={<Switch checked={deletes} onChange={(e) => setDeletes(e.target.checked)} />}
            label="Deletes Replication"
          />
          <FormControlLabel control={<Switch checked disabled />} label="Metadata Replication" />
        </Stack>
      </Stack>
    </FormDialog>
  );
}
