// SPDX-License-Identifier: Apache-2.0
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { Alert, Button } from '@mui/material';
import { credentialsFile, type ServiceAccountCredentials } from '@stowage/contracts';
import type { ReactElement } from 'react';
import { saveJson } from '../api/download';
import { useSession } from '../session/get-session';
import { CopyableValue } from '../ui/copyable-value';
import { FormDialog } from '../ui/form-dialog';

/**
 * The one-time credentials of a new service account (spec 2 §4): the secret is shown here only, with
 * Download (`{console:[{access_key, secret_key}]}`, spec 2 §3) and Done.
 */
export function CredentialsDialog({
  credentials,
  onClose,
}: {
  credentials: ServiceAccountCredentials | null;
  onClose: () => void;
}): ReactElement {
  const provider = useSession().data?.identityProvider;
  return (
    <FormDialog
      open={credentials !== null}
      title="New Service Account Created"
      actions={
        <>
          <Button
            startIcon={<DownloadOutlined />}
            onClick={() => credentials && saveJson(credentialsFile(credentials), 'credentials.json')}
            disabled={!credentials}
          >
            Download
          </Button>
          <Button variant="contained" onClick={onClose}>
            Done
          </Button>
        </>
      }
    >
      {provider && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Your identity comes from {provider === 'ldap' ? 'your LDAP directory' : 'your identity provider'}:
          to use this console, log in through {provider === 'ldap' ? 'the directory' : 'that provider'}. These
          keys are for S3 tools and keep the policies it gives you.
        </Alert>
      )}
      <Alert severity="warning" sx={{ mb: 2 }}>
        Write these down or download them now: the secret key is shown only once and cannot be recovered.
      </Alert>
      {credentials && (
        <>
          <CopyableValue label="Access Key" value={credentials.accessKey} />
          <CopyableValue label="Secret Key" value={credentials.secretKey} />
        </>
      )}
    </FormDialog>
  );
}
