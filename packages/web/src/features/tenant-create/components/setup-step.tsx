// SPDX-License-Identifier: Apache-2.0
import AddOutlined from '@mui/icons-material/AddOutlined';
import { Alert, Box, Button, Card, CardContent, MenuItem, TextField, Typography } from '@mui/material';
import type { ReactElement } from 'react';
import { formatBytes } from '@/shared/format/format-bytes';
import type { StorageClassLimit } from '@/shared/operator/storage-quota';
import { Metric } from '@/shared/ui/metric';
import type { SizeEvaluation } from '../lib/sizing';
import { type NameTenantStep, type SizeFactor, sizeFactors, type TenantSizeStep } from '../lib/wizard-form';
import { StepTitle, TextInput } from './fields';

/** The size preview panel: raw and usable capacity, volumes and their size, failures tolerated. */
function SizePreview({ evaluation, parity }: { evaluation: SizeEvaluation; parity: string }): ReactElement {
  const d = evaluation.distribution;
  const factor = evaluation.ecCalc?.storageFactors.find((s) => s.erasureCode === parity);
  return (
    <Card variant="outlined" component="section" aria-label="Resources" sx={{ mt: 2 }}>
      <CardContent>
        <Typography component="h3" sx={{ fontWeight: 700, mb: 2 }}>
          Resources
        </Typography>
        {d.error && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {d.error}
          </Alert>
        )}
        <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, m: 0 }}>
          <Metric label="Volumes">{d.persistentVolumes}</Metric>
          <Metric label="Size per Volume">{formatBytes(d.pvSize)}</Metric>
          <Metric label="Raw Capacity">{formatBytes(evaluation.ecCalc?.rawCapacity ?? 0)}</Metric>
          <Metric label="Usable Capacity">{factor ? formatBytes(factor.maxCapacity) : '-'}</Metric>
          <Metric label="Erasure Set Size">{evaluation.ecCalc?.setSize ?? '-'}</Metric>
          <Metric label="Drives That May Fail">{factor ? factor.maxFailureTolerations : '-'}</Metric>
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * Setup (spec 3 §2 "Name Tenant" and the tenant size): name, namespace with the add-namespace modal,
 * storage class, servers, drives per server, total size, memory per node, erasure code parity, and the
 * size preview.
 */
export function SetupStep({
  name,
  size,
  onName,
  onSize,
  classes,
  namespaceProblem,
  nameProblem,
  namespaceHelper,
  evaluation,
  parityChoices,
  onAddNamespace,
  tried,
}: {
  name: NameTenantStep;
  size: TenantSizeStep;
  onName: (n: NameTenantStep) => void;
  onSize: (s: TenantSizeStep) => void;
  classes: readonly StorageClassLimit[];
  namespaceProblem: string | undefined;
  nameProblem: string | undefined;
  namespaceHelper: string | undefined;
  evaluation: SizeEvaluation;
  parityChoices: readonly string[];
  onAddNamespace: () => void;
  tried: boolean;
}): ReactElement {
  const p = evaluation.problems;
  const show = (field: string): string | undefined => (tried || field !== 'ecParity' ? p[field] : undefined);
  return (
    <Box>
      <StepTitle
        title="Name Tenant"
        hint="How to name the tenant, where it lives and what storage it uses."
      />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <TextInput
          label="Name"
          required
          value={name.tenantName}
          onChange={(tenantName) => onName({ ...name, tenantName })}
          problem={nameProblem}
        />
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextInput
            label="Namespace"
            required
            value={name.namespace}
            onChange={(namespace) => onName({ ...name, namespace, selectedStorageClass: '' })}
            problem={namespaceProblem}
            helper={namespaceHelper}
          />
          {namespaceProblem === 'Please enter a valid namespace' && (
            <Button
              variant="outlined"
              startIcon={<AddOutlined />}
              onClick={onAddNamespace}
              sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            >
              Add Namespace
            </Button>
          )}
        </Box>
        <TextField
          select
          size="small"
          label="Storage Class"
          required
          value={name.selectedStorageClass}
          onChange={(e) => onName({ ...name, selectedStorageClass: e.target.value })}
          disabled={classes.length === 0}
          helperText={classes.length === 0 ? 'Choose a valid namespace first' : undefined}
        >
          {classes.map((c) => (
            <MenuItem key={c.name} value={c.name}>
              {c.name} ({formatBytes(c.limit)} available)
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Box sx={{ mt: 3 }}>
        <StepTitle title="Tenant Size" hint="Servers, drives and capacity of the tenant's first pool." />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextInput
            label="Number of Servers"
            type="number"
            required
            value={size.nodes}
            onChange={(nodes) => onSize({ ...size, nodes })}
            problem={show('nodes')}
          />
          <TextInput
            label="Drives per Server"
            type="number"
            required
            value={size.drivesPerServer}
            onChange={(drivesPerServer) => onSize({ ...size, drivesPerServer })}
            problem={show('drivesPerServer')}
          />
          <Box sx={{ display: 'flex', gap: 1 }}>
            <TextInput
              label="Total Size"
              type="number"
              required
              value={size.volumeSize}
              onChange={(volumeSize) => onSize({ ...size, volumeSize })}
              problem={show('volumeSize')}
            />
            <TextField
              select
              size="small"
              label="Unit"
              value={size.sizeFactor}
              onChange={(e) => onSize({ ...size, sizeFactor: e.target.value as SizeFactor })}
              sx={{ width: 90, flexShrink: 0 }}
            >
              {sizeFactors.map((f) => (
                <MenuItem key={f} value={f}>
                  {f}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          <TextInput
            label="Memory per Node [Gi]"
            type="number"
            required
            value={size.memoryNode}
            onChange={(memoryNode) => onSize({ ...size, memoryNode })}
            problem={show('memoryNode')}
          />
          <TextField
            select
            size="small"
            label="Erasure Code Parity"
            value={parityChoices.includes(size.ecParity) ? size.ecParity : ''}
            onChange={(e) => onSize({ ...size, ecParity: e.target.value })}
            disabled={parityChoices.length === 0}
            error={show('ecParity') !== undefined}
            helperText={show('ecParity') ?? 'Drives of each erasure set that hold parity'}
          >
            {parityChoices.map((c) => (
              <MenuItem key={c} value={c}>
                {c}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <SizePreview evaluation={evaluation} parity={size.ecParity} />
      </Box>
    </Box>
  );
}
