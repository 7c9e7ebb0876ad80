// SPDX-License-Identifier: Apache-2.0
import { FormControlLabel, Stack, Switch, TextField } from '@mui/material';
import type { ReplicationRule } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useUpdateReplicationRule } from '../api/replication';
import {
  type RuleForm,
  ruleFormErrors,
  ruleFormOf,
  ruleUpdateRequest,
  stripArn,
} from '../lib/replication-form';
import { ReplicationRuleFields } from './replication-rule-fields';

/**
 * Edit Replication Rule (as MinIO's console): the rule's status, priority, storage class, prefix, tags and
 * what is replicated; its destination is shown, not changed (a new target is a new rule).
 */
export function ReplicationRuleEditDialog({
  bucket,
  rule,
  otherPriorities,
  onClose,
}: {
  bucket: string;
  rule: ReplicationRule;
  otherPriorities: number[];
  onClose: () => void;
}): ReactElement {
  const [form, setForm] = useState<RuleForm>(() => ruleFormOf(rule));
  const [tried, setTried] = useState(false);
  const update = useUpdateReplicationRule(bucket);
  const { showMessage, showModalError } = useSnackbar();
  const errors = ruleFormErrors(form, otherPriorities);

  const save = (): void => {
    setTried(true);
    if (Object.keys(errors).length > 0 || update.isPending) return;
    update.mutate(
      { rule: rule.id, body: ruleUpdateRequest(form) },
      {
        onSuccess: () => {
          showMessage('Replication rule updated.');
          onClose();
        },
        onError: showModalError,
      },
    );
  };

  return (
    <FormDialog
      open
      title="Edit Replication Rule"
      onClose={onClose}
      onSubmit={save}
      busy={update.isPending}
      submitLabel="Save"
      maxWidth="md"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormControlLabel
          control={
            <Switch
              checked={form.enabled}
              onChange={(e) => setForm({ ...form, enabled: e.target.checked })}
            />
          }
          label="Rule Enabled"
        />
        <TextField label="Destination" value={stripArn(rule.destination.bucket)} disabled />
        <ReplicationRuleFields
          value={form}
          onChange={setForm}
          errors={tried ? errors : {}}
          metadataEditable
        />
      </Stack>
    </FormDialog>
  );
}
