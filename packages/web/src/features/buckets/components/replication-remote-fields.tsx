// SPDX-License-Identifier: Apache-2.0
import { Alert, FormControlLabel, MenuItem, Stack, Switch, TextField } from '@mui/material';
import type { ReactElement } from 'react';
import {
  type BandwidthUnit,
  bandwidthUnits,
  type RemoteForm,
  remoteFormErrors,
} from '../lib/replication-form';

/**
 * The remote server fields of Set Bucket Replication and of the wizard's Remote Configuration step: target
 * URL, keys (with the advice against root credentials), region, TLS, sync/async, bandwidth, health check.
 */
export function ReplicationRemoteFields({
  value,
  onChange,
  showErrors,
}: {
  value: RemoteForm;
  onChange: (next: RemoteForm) => void;
  showErrors: boolean;
}): ReactElement {
  const errors = showErrors ? remoteFormErrors(value) : {};
  const set = <K extends keyof RemoteForm>(k: K, v: RemoteForm[K]): void => onChange({ ...value, [k]: v });
  return (
    <Stack spacing={2}>
      <Alert severity="warning">
        Use the keys of a user or service account made for replication on the remote server, not its root
        credentials.
      </Alert>
      <TextField
        label="Target URL"
        placeholder="play.min.io:9000"
        value={value.targetURL}
        onChange={(e) => set('targetURL', e.target.value)}
        error={!!errors.targetURL}
        helperText={errors.targetURL}
        required
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="Access Key"
          value={value.accessKey}
          onChange={(e) => set('accessKey', e.target.value)}
          error={!!errors.accessKey}
          helperText={errors.accessKey}
          required
          fullWidth
        />
        <TextField
          label="Secret Key"
          type="password"
          value={value.secretKey}
          onChange={(e) => set('secretKey', e.target.value)}
          error={!!errors.secretKey}
          helperText={errors.secretKey}
          required
          fullWidth
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          label="Region"
          value={value.region}
          onChange={(e) => set('region', e.target.value)}
          fullWidth
        />
        <FormControlLabel
          control={<Switch checked={value.useTLS} onChange={(e) => set('useTLS', e.target.checked)} />}
          label="Use TLS"
          sx={{ minWidth: 130 }}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label="Replication Mode"
          value={value.syncMode}
          onChange={(e) => set('syncMode', e.target.value === 'sync' ? 'sync' : 'async')}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="async">Asynchronous</MenuItem>
          <MenuItem value="sync">Synchronous</MenuItem>
        </TextField>
        {value.syncMode === 'async' && (
          <Stack direction="row" spacing={1}>
            <TextField
              label="Bandwidth"
              type="number"
              value={value.bandwidth}
              onChange={(e) => set('bandwidth', e.target.value)}
              error={!!errors.bandwidth}
              helperText={errors.bandwidth}
              sx={{ width: 130 }}
            />
            <TextField
              select
              label="Unit"
              value={value.bandwidthUnit}
              onChange={(e) => set('bandwidthUnit', e.target.value as BandwidthUnit)}
              sx={{ width: 90 }}
            >
              {bandwidthUnits.map((u) => (
                <MenuItem key={u} value={u}>
                  {u}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        )}
        <TextField
          label="Health Check Duration (s)"
          type="number"
          value={value.healthCheck}
          onChange={(e) => set('healthCheck', e.target.value)}
          error={!!errors.healthCheck}
          helperText={errors.healthCheck}
          sx={{ minWidth: 200 }}
        />
      </Stack>
    </Stack>
  );
}
