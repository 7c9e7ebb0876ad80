// SPDX-License-Identifier: Apache-2.0
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import {
  Alert,
  Autocomplete,
  Box,
  FormControlLabel,
  IconButton,
  Radio,
  RadioGroup,
  TextField,
} from '@mui/material';
import type { ReactElement } from 'react';
import { useNodeLabels } from '../api/wizard-api';
import type { Problems } from '../lib/validation';
import { type AffinityStep, newLabelRow, type PodPlacement } from '../lib/wizard-form';
import { StepTitle, SwitchInput } from './fields';

/** Pod Placement (spec 3 §2): None, Default (pod anti-affinity) or Node Selector with label rows. */
export function PodPlacementStep({
  value: a,
  onChange,
  problems,
}: {
  value: AffinityStep;
  onChange: (a: AffinityStep) => void;
  problems: Problems;
}): ReactElement {
  const selector = a.podAffinity === 'nodeSelector';
  const labels = useNodeLabels(selector);
  const keys = Object.keys(labels.data ?? {});
  const rows = a.nodeSelectorLabels;
  const setRow = (id: string, patch: Partial<{ key: string; value: string }>) =>
    onChange({ ...a, nodeSelectorLabels: rows.map((r) => (r.id === id ? { ...r, ...patch } : r)) });
  return (
    <Box>
      <StepTitle title="Pod Placement" hint="Where the tenant's servers may run." />
      <RadioGroup
        aria-label="Pod placement type"
        value={a.podAffinity}
        onChange={(e) => onChange({ ...a, podAffinity: e.target.value as PodPlacement })}
      >
        <FormControlLabel value="none" control={<Radio />} label="None" />
        <FormControlLabel value="default" control={<Radio />} label="Default (Pod Anti-Affinity)" />
        <FormControlLabel value="nodeSelector" control={<Radio />} label="Node Selector" />
      </RadioGroup>
      {selector && (
        <Box sx={{ mt: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          <SwitchInput
            label="With Pod Anti-Affinity"
            checked={a.withPodAntiAffinity}
            onChange={(withPodAntiAffinity) => onChange({ ...a, withPodAntiAffinity })}
          />
          {problems.labels && <Alert severity="warning">{problems.labels}</Alert>}
          {rows.map((r, i) => (
            <Box key={r.id} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <Autocomplete
                freeSolo
                options={keys}
                inputValue={r.key}
                onInputChange={(_e, key) => setRow(r.id, { key })}
                sx={{ flex: 1 }}
                renderInput={(params) => <TextField {...params} size="small" label={`Label key ${i + 1}`} />}
              />
              <Autocomplete
                freeSolo
                options={labels.data?.[r.key] ?? []}
                inputValue={r.value}
                onInputChange={(_e, value) => setRow(r.id, { value })}
                sx={{ flex: 1 }}
                renderInput={(params) => (
                  <TextField {...params} size="small" label={`Label value ${i + 1}`} />
                )}
              />
              <IconButton
                aria-label={`Remove label ${i + 1}`}
                disabled={rows.length === 1}
                onClick={() => onChange({ ...a, nodeSelectorLabels: rows.filter((x) => x.id !== r.id) })}
              >
                <DeleteOutlined fontSize="small" />
              </IconButton>
              <IconButton
                aria-label={`Add label after ${i + 1}`}
                onClick={() => onChange({ ...a, nodeSelectorLabels: [...rows, newLabelRow()] })}
              >
                <AddOutlined fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
