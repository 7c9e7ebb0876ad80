// SPDX-License-Identifier: Apache-2.0
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { Alert, Box, Button, Typography } from '@mui/material';
import type { CreateTenantResponse } from '@stowage/contracts';
import type { ReactElement } from 'react';
import { saveJson } from '@/shared/api/download';
import { CopyableValue } from '@/shared/ui/copyable-value';
import { FormDialog } from '@/shared/ui/form-dialog';

/**
 * The credentials modal after creation (spec 3 §2, §4): the generated keys, shown once, with copy and
 * Download (credentials.json as `{console:[{access_key, secret_key}]}`); closing resets the wizard and
 * goes to /tenants.
 */
export function TenantCredentialsDialog({
  tenant,
  answer,
  onClose,
}: {
  tenant: string;
  answer: CreateTenantResponse | null;
  onClose: () => void;
}): ReactElement {
  const creds = answer?.console ?? [];
  return (
    <FormDialog
      open={answer !== null}
      title="New Tenant Created"
      actions={
        <>
          <Button
            startIcon={<DownloadOutlined />}
            onClick={() => saveJson({ console: creds }, `${tenant}-credentials.json`)}
          >
            Download
          </Button>
          <Button variant="contained" onClick={onClose}>
            Done
          </Button>
        </>
      }
    >
      <Alert severity="warning" sx={{ mb: 2 }}>
        Write these down or download them now: the secret keys are shown only once and cannot be recovered.
      </Alert>
      {answer?.externalIDP && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Users sign in to this tenant through its external identity provider.
        </Alert>
      )}
      {creds.map((c, i) => (
        <Box key={c.access_key} role="group" aria-label={i === 0 ? 'Console credentials' : `User ${i}`}>
          <Typography variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
            {i === 0 ? 'Console Credentials' : `User ${i}`}
          </Typography>
          <CopyableValue label={i === 0 ? 'Access Key' : `Access Key ${i}`} value={c.access_key} />
          <CopyableValue label={i === 0 ? 'Secret Key' : `Secret Key ${i}`} value={c.secret_key} />
        </Box>
      ))}
    </FormDialog>
  );
}
