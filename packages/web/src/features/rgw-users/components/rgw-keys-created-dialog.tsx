// SPDX-License-Identifier: Apache-2.0
import { Alert, Button } from '@mui/material';
import type { RgwKey } from '@stowage/contracts';
import type { ReactElement } from 'react';
import { CopyableValue } from '@/shared/ui/copyable-value';
import { FormDialog } from '@/shared/ui/form-dialog';

/** The S3 key pair RGW generated for a new user or a new key, with Copy buttons and Done. */
export function RgwKeyCreatedDialog({
  title,
  rgwKey,
  onClose,
}: {
  title: string;
  rgwKey: RgwKey | null;
  onClose: () => void;
}): ReactElement {
  return (
    <FormDialog
      open={rgwKey !== null}
      title={title}
      actions={
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      }
    >
      <Alert severity="info" sx={{ mb: 2 }}>
        S3 tools sign in with these keys. An RGW administrator can read the secret again on the user's page.
      </Alert>
      {rgwKey && (
        <>
          <CopyableValue label="Access Key" value={rgwKey.accessKey} />
          <CopyableValue label="Secret Key" value={rgwKey.secretKey} />
        </>
      )}
    </FormDialog>
  );
}
