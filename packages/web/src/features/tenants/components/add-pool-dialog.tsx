// SPDX-License-Identifier: Apache-2.0
import { Box, MenuItem, TextField, Typography } from '@mui/material';
import type { AddPoolRequest, TenantDetail } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { formatBytes } from '@/shared/format/format-bytes';
import { storageClassLimits, useStorageQuota } from '@/shared/operator/storage-quota';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useAddPool } from '../api/pools';
import { nextPoolName } from '../lib/tenant-rules';

const gi = 1024 ** 3;

/** Spec 3 §7: the new pool's pods keep away from each other by hostname, per tenant and pool label. */
function antiAffinity(tenant: string, pool: string): unknown {
  return {
    podAntiAffinity: {
      requiredDuringSchedulingIgnoredDuringExecution: [
        {
          labelSelector: {
            matchExpressions: [
              { key: 'v1.min.io/tenant', operator: 'In', values: [tenant] },
              { key: 'v1.min.io/pool', operator: 'In', values: [pool] },
            ],
          },
          topologyKey: 'kubernetes.io/hostname',
        },
      ],
    },
  };
}

/** Whole numbers ≥ `min`, else the message. */
function countProblem(v: string, min: number, message: string): string | undefined {
  const n = Number(v);
  return v.trim() !== '' && Number.isInteger(n) && n >= min ? undefined : message;
}

/** Add Pool (Expand Tenant, spec 3 §2, §7): servers, volumes per server, volume size, storage class. */
export function AddPoolDialog({
  tenant,
  onClose,
}: {
  tenant: TenantDetail;
  onClose: () => void;
}): ReactElement {
  const classes = storageClassLimits(useStorageQuota(tenant.namespace).data);
  const firstClass = tenant.pools[0]?.volume_configuration.storage_class_name ?? classes[0]?.name ?? '';
  const [servers, setServers] = useState('4');
  const [volumes, setVolumes] = useState('1');
  const [size, setSize] = useState('10');
  const [storageClass, setStorageClass] = useState(firstClass);
  const [tried, setTried] = useState(false);
  const add = useAddPool(tenant.namespace, tenant.name);
  const { showMessage, showModalError } = useSnackbar();
  const name = nextPoolName(tenant.pools);

  const problems = {
    servers: countProblem(servers, 1, 'There must be at least one server'),
    volumes: countProblem(volumes, 1, 'There must be at least one drive'),
    size: Number(size) >= 1 ? undefined : 'Volume size must be greater than 1Gi',
    storageClass: (storageClass || firstClass) === '' ? 'Field cannot be empty' : undefined,
  };
  const valid = Object.values(problems).every((p) => p === undefined);
  const total = Number(servers) * Number(volumes) * Number(size) * gi;
  const limit = classes.find((c) => c.name === (storageClass || firstClass))?.limit;

  const submit = (): void => {
    setTried(true);
    if (!valid) return;
    const body: AddPoolRequest = {
      name,
      servers: Number(servers),
      volumes_per_server: Number(volumes),
      volume_configuration: { size: Number(size) * gi, storage_class_name: storageClass || firstClass },
      affinity: antiAffinity(tenant.name, name),
    };
    add.mutate(body, {
      onSuccess: () => {
        showMessage(`Pool ${name} added.`);
        onClose();
      },
      onError: showModalError,
    });
  };
  const field = (label: string, value: string, set: (v: string) => void, problem: string | undefined) => (
    <TextField
      label={label}
      size="small"
      type="number"
      fullWidth
      value={value}
      onChange={(e) => set(e.target.value)}
      error={tried && problem !== undefined}
      helperText={tried ? problem : undefined}
    />
  );
  return (
    <FormDialog
      open
      title="Add Pool"
      onClose={onClose}
      onSubmit={submit}
      busy={add.isPending}
      submitLabel="Create"
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
        <Typography variant="body2" color="text.secondary">
          The new pool <strong>{name}</strong> joins {tenant.name}; the tenant restarts with it and every
          object stays readable.
        </Typography>
        {field('Number of Servers', servers, setServers, problems.servers)}
        {field('Drives per Server', volumes, setVolumes, problems.volumes)}
        {field('Volume Size (Gi)', size, setSize, problems.size)}
        <TextField
          select
          label="Storage Class"
          size="small"
          value={storageClass || firstClass}
          onChange={(e) => setStorageClass(e.target.value)}
          error={tried && problems.storageClass !== undefined}
          helperText={tried ? problems.storageClass : undefined}
        >
          {(classes.length > 0 ? classes.map((c) => c.name) : [firstClass].filter(Boolean)).map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="body2" aria-label="New pool size">
          Raw capacity of the pool: {Number.isFinite(total) ? formatBytes(total) : '-'}
          {limit !== undefined ? ` (the class can still hand out ${formatBytes(limit)})` : ''}
        </Typography>
      </Box>
    </FormDialog>
  );
}
