// SPDX-License-Identifier: Apache-2.0
import { TextField } from '@mui/material';
import { links, policyJsonProblem } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { useNavigate } from 'react-router';
import { PolicyEditor } from '@/shared/identity/policy-editor';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useCreatePolicy } from '../api/create-policy';

const template = JSON.stringify(
  {
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Action: ['s3:GetObject'], Resource: ['arn:aws:s3:::bucket/*'] }],
  },
  null,
  2,
);

/** Create Policy (spec 2 §2): a name (non-blank once trimmed, §5) and the JSON in the editor. */
export function CreatePolicyDialog({ open, onClose }: { open: boolean; onClose: () => void }): ReactElement {
  const [name, setName] = useState('');
  const [policy, setPolicy] = useState(template);
  const create = useCreatePolicy();
  const { showMessage, showModalError } = useSnackbar();
  const navigate = useNavigate();
  const canSave = name.trim() !== '' && policyJsonProblem(policy) === null && !create.isPending;

  const submit = (): void => {
    create.mutate(
      { name: name.trim(), policy },
      {
        onSuccess: (created) => {
          showMessage(`Policy ${created.name} created.`);
          setName('');
          setPolicy(template);
          onClose();
          navigate(links.policyDetails(created.name));
        },
        onError: showModalError,
      },
    );
  };

  return (
    <FormDialog
      open={open}
      title="Create Policy"
      onClose={onClose}
      onSubmit={() => canSave && submit()}
      busy={create.isPending}
      maxWidth="md"
      submitLabel="Save"
      submitDisabled={!canSave}
    >
      <TextField
        label="Policy Name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        required
        fullWidth
        autoFocus
        margin="dense"
        sx={{ mb: 2 }}
      />
      <PolicyEditor value={policy} onChange={setPolicy} />
    </FormDialog>
  );
}
