// SPDX-License-Identifier: Apache-2.0
import { Alert, FormControlLabel, MenuItem, Radio, RadioGroup, TextField, Typography } from '@mui/material';
import type { BucketEncryptionInfo } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { useKmsKeys } from '@/shared/kms/kms-keys';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useSetBucketEncryption } from '../api/set-bucket-encryption';

type EncType = 'disabled' | 'sse-s3' | 'sse-kms';

/**
 * Enable Bucket Encryption (spec 1 §4 "Encryption"): disabled, SSE-S3 or SSE-KMS with a key chosen from
 * the server's KMS keys (typed in when the server does not list them, e.g. an external MinIO's KES).
 * Turning encryption off asks for confirmation first; objects already written stay encrypted.
 */
export function EnableEncryptionDialog({
  bucket,
  current,
  open,
  onClose,
}: {
  bucket: string;
  current: BucketEncryptionInfo | undefined;
  open: boolean;
  onClose: () => void;
}): ReactElement {
  const [type, setType] = useState<EncType>(current?.status ?? 'disabled');
  const [keyId, setKeyId] = useState(current?.kmsMasterKeyID ?? '');
  const [confirming, setConfirming] = useState(false);
  const keys = useKmsKeys(type === 'sse-kms');
  const set = useSetBucketEncryption(bucket);
  const { showMessage, showModalError } = useSnackbar();
  const wasOn = current !== undefined && current.status !== 'disabled';
  const valid = type !== 'sse-kms' || keyId.trim() !== '';
  const unchanged =
    type === (current?.status ?? 'disabled') && (type !== 'sse-kms' || keyId === current?.kmsMasterKeyID);

  const save = (): void => {
    if (!valid || set.isPending) return;
    if (type === 'disabled' && wasOn && !confirming) {
      setConfirming(true);
      return;
    }
    set.mutate(type === 'sse-kms' ? { encType: type, kmsKeyID: keyId.trim() } : { encType: type }, {
      onSuccess: () => {
        showMessage(type === 'disabled' ? 'Bucket encryption disabled.' : 'Bucket encryption saved.');
        onClose();
      },
      onError: showModalError,
    });
  };

  const listed = keys.data?.results ?? [];
  return (
    <FormDialog
      open={open}
      title="Enable Bucket Encryption"
      onClose={onClose}
      onSubmit={save}
      busy={set.isPending}
      submitLabel={confirming ? 'Disable Encryption' : 'Save'}
      submitDisabled={!valid || (unchanged && !confirming)}
    >
      {confirming ? (
        <Alert severity="warning">
          New objects in <strong>{bucket}</strong> will be stored unencrypted. Objects already written stay
          encrypted. Disable encryption?
        </Alert>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            New objects are encrypted at rest with this setting unless the upload asks for another.
          </Typography>
          <RadioGroup
            value={type}
            onChange={(e) => setType(e.target.value as EncType)}
            aria-label="Encryption Type"
          >
            <FormControlLabel value="disabled" control={<Radio />} label="Disabled" />
            <FormControlLabel
              value="sse-s3"
              control={<Radio />}
              label="SSE-S3 (keys managed by the server)"
            />
            <FormControlLabel value="sse-kms" control={<Radio />} label="SSE-KMS (a KMS key you choose)" />
          </RadioGroup>
          {type === 'sse-kms' &&
            (listed.length > 0 ? (
              <TextField
                select
                size="small"
                label="KMS Key ID"
                value={keyId}
                onChange={(e) => setKeyId(e.target.value)}
                sx={{ mt: 2, minWidth: 280 }}
                slotProps={{ htmlInput: { 'aria-label': 'KMS Key ID' } }}
              >
                {listed.map((k) => (
                  <MenuItem key={k.name} value={k.name}>
                    {k.name}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              <TextField
                size="small"
                label="KMS Key ID"
                value={keyId}
                error={!valid}
                helperText={
                  keys.isError
                    ? 'The server does not list its KMS keys: type the key ID.'
                    : keys.isPending
                      ? 'Loading the server’s keys…'
                      : 'Type the key ID.'
                }
                onChange={(e) => setKeyId(e.target.value)}
                sx={{ mt: 2, minWidth: 280 }}
                slotProps={{ htmlInput: { 'aria-label': 'KMS Key ID' } }}
              />
            ))}
        </>
      )}
    </FormDialog>
  );
}
