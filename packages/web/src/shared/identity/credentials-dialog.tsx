// SPDX-License-Identifier: Apache-2.0
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { Alert, Box, Button, IconButton, Tooltip, Typography } from '@mui/material';
import { credentialsFile, type ServiceAccountCredentials } from '@stowage/contracts';
import type { ReactElement } from 'react';
import { useSession } from '../session/get-session';
import { FormDialog } from '../ui/form-dialog';

function download(creds: ServiceAccountCredentials): void {
  const blob = new Blob([JSON.stringify(credentialsFile(creds), null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = 'credentials.json';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function Field({ label, value }: { label: string; value: string }): ReactElement {
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="subtitle2">{label}</Typography>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          bgcolor: 'action.hover',
          borderRadius: 1,
          px: 1.5,
          py: 0.5,
        }}
      >
        <Typography
          component="code"
          aria-label={label}
          sx={{ flex: 1, fontFamily: 'monospace', wordBreak: 'break-all', fontSize: 14 }}
        >
          {value}
        </Typography>
        <Tooltip title={`Copy ${label}`}>
          <IconButton
            size="small"
            aria-label={`Copy ${label}`}
            onClick={() => void navigator.clipboard?.writeText(value).catch(() => undefined)}
          >
            <ContentCopyOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
    </Box>
  );
}

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
            onClick={() => credentials && download(credentials)}
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
          <Field label="Access Key" value={credentials.accessKey} />
          <Field label="Secret Key" value={credentials.secretKey} />
        </>
      )}
    </FormDialog>
  );
}
