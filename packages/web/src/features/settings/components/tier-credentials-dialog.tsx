// SPDX-License-Identifier: Apache-2.0
import { TextField } from '@mui/material';
import { type Tier, tierName } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useUpdateTierCredentials } from '../api/tiers';
import { canSaveCredentials } from '../lib/tier-form';
import { CredentialsFileField } from './credentials-file-field';

/** Update Credentials (spec 2 §4–6): S3/MinIO keys, Azure account name and key, or the GCS file. */
export function TierCredentialsDialog({ tier, onClose }: { tier: Tier; onClose: () => void }): ReactElement {
  const name = tierName(tier);
  const [first, setFirst] = useState('');
  const [second, setSecond] = useState('');
  const [creds, setCreds] = useState({ name: '', text: '' });
  const update = useUpdateTierCredentials(tier.type, name);
  const { showMessage, showModalError } = useSnackbar();
  const canSave = canSaveCredentials(tier.type, { first, second, creds: creds.text }) && !update.isPending;
  const azure = tier.type === 'azure';
  const save = (): void => {
    if (!canSave) return;
    const body =
      tier.type === 'gcs' ? { creds: creds.text } : { access_key: first.trim(), secret_key: second };
    update.mutate(body, {
      onSuccess: () => {
        showMessage(`Credentials of ${name} updated.`);
        onClose();
      },
      onError: showModalError,
    });
  };
  return (
    <FormDialog
      open
      title={`Update Credentials - ${name}`}
      onClose={onClose}
      onSubmit={save}
      busy={update.isPending}
      submitLabel="Save"
      submitDisabled={!canSave}
    >
      {tier.type === 'gcs' ? (
        <CredentialsFileField fileName={creds.name} onFile={(n, text) => setCreds({ name: n, text })} />
      ) : (
        <>
          <TextField
            fullWidth
            sx={{ mt: 1 }}
            label={azure ? 'Account Name' : 'Access Key'}
            value={first}
            onChange={(e) => setFirst(e.target.value)}
          />
          <TextField
            fullWidth
            sx={{ mt: 2 }}
            type="password"
            label={azure ? 'Account Key' : 'Secret Key'}
            value={second}
            onChange={(e) => setSecond(e.target.value)}
          />
        </>
      )}
    </FormDialog>
  );
}
