// SPDX-License-Identifier: Apache-2.0
import { TextField } from '@mui/material';
import { type PeerInfo, peerSiteFieldProblem } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useEditSite } from '../api/site-replication';

/** Edit a site of the set: its endpoint (the deployment id names the site and does not change). */
export function EditSiteDialog({ site, onClose }: { site: PeerInfo; onClose: () => void }): ReactElement {
  const [endpoint, setEndpoint] = useState(site.endpoint);
  const [tried, setTried] = useState(false);
  const edit = useEditSite();
  const { showMessage, showModalError } = useSnackbar();
  const problem = peerSiteFieldProblem('endpoint', endpoint);
  const save = (): void => {
    setTried(true);
    if (problem) return;
    edit.mutate(
      { ...site, endpoint: endpoint.trim() },
      {
        onSuccess: () => {
          showMessage(`The endpoint of ${site.name} is now ${endpoint.trim()}.`);
          onClose();
        },
        onError: showModalError,
      },
    );
  };
  return (
    <FormDialog
      open
      title={`Edit Site ${site.name}`}
      onClose={onClose}
      onSubmit={save}
      busy={edit.isPending}
      submitLabel="Save"
      submitDisabled={tried && problem !== null}
    >
      {[
        ['Site Name', site.name],
        ['Deployment ID', site.deploymentID],
      ].map(([label, value]) => (
        <TextField
          key={label}
          label={label}
          value={value}
          fullWidth
          margin="dense"
          slotProps={{ htmlInput: { readOnly: true } }}
        />
      ))}
      <TextField
        label="Endpoint"
        value={endpoint}
        required
        autoFocus
        fullWidth
        margin="dense"
        error={tried && problem !== null}
        helperText={(tried && problem) || 'The new address of this site, e.g. https://minio.example.com:9000'}
        onChange={(e) => setEndpoint(e.target.value)}
      />
    </FormDialog>
  );
}
