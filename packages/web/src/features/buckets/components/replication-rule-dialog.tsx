// SPDX-License-Identifier: Apache-2.0
import { Divider, Stack, TextField, Typography } from '@mui/material';
import { type ReactElement, useState } from 'react';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useSetBucketsReplication } from '../api/replication';
import {
  type RemoteForm,
  type RuleForm,
  remoteFormDefaults,
  remoteFormErrors,
  remoteRequest,
  ruleFormDefaults,
  ruleFormErrors,
} from '../lib/replication-form';
import { ReplicationRemoteFields } from './replication-remote-fields';
import { ReplicationRuleFields } from './replication-rule-fields';

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
  const [rule, setRule] = useState<RuleForm>(() => ruleFormDefaults(nextPriority));
  const [tried, setTried] = useState(false);
  const set = useSetBucketsReplication();
  const { showMessage, showModalError } = useSnackbar();
  const ruleErrors = ruleFormErrors(rule);
  const valid =
    Object.keys(remoteFormErrors(remote)).length === 0 &&
    destination.trim() !== '' &&
    Object.keys(ruleErrors).length === 0;

  const save = (): void => {
    setTried(true);
    if (!valid || set.isPending) return;
    set.mutate(
      {
        ...remoteRequest(remote),
        bucketsRelation: [{ originBucket: bucket, destinationBucket: destination.trim() }],
        priority: Number(rule.priority),
        storageClass: rule.storageClass.trim(),
        prefix: rule.prefix.trim(),
        tags: rule.tags.trim(),
        replicateDeleteMarkers: rule.deleteMarkers,
        replicateDeletes: rule.deletes,
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
        <ReplicationRuleFields
          value={rule}
          onChange={setRule}
          errors={tried ? ruleErrors : {}}
          metadataEditable={false}
        />
      </Stack>
    </FormDialog>
  );
}
