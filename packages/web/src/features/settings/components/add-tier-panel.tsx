// SPDX-License-Identifier: Apache-2.0
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import { Box, Button, Card, CardActionArea, Link, TextField, Typography } from '@mui/material';
import { type TierType, tierNameMessage } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useAddTier } from '../api/tiers';
import {
  canSaveTier,
  emptyTierForm,
  type TierForm,
  tierKinds,
  tierNameInput,
  tierNameValid,
  tierRequest,
} from '../lib/tier-form';
import { CredentialsFileField } from './credentials-file-field';

function BackLink({ label, onClick }: { label: string; onClick: () => void }): ReactElement {
  return (
    <Link component="button" underline="hover" onClick={onClick} sx={{ display: 'flex', gap: 0.5, mb: 2 }}>
      <ArrowBackOutlined fontSize="small" /> {label}
    </Link>
  );
}

/** Step 1 of Add Tier (spec 2 "Settings"): choose MinIO, GCS, S3 or Azure. */
function TierTypeChoice(props: { onBack: () => void; onChoose: (k: TierType) => void }): ReactElement {
  return (
    <Box>
      <BackLink label="Back To Tiers" onClick={props.onBack} />
      <Typography variant="h6" sx={{ mb: 2 }}>
        Select Tier Type
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        {tierKinds.map((k) => (
          <Card key={k.kind} variant="outlined">
            <CardActionArea sx={{ p: 3 }} onClick={() => props.onChoose(k.kind)} aria-label={k.label}>
              <Typography sx={{ fontWeight: 600 }}>{k.label}</Typography>
            </CardActionArea>
          </Card>
        ))}
      </Box>
    </Box>
  );
}

const field = (label: string, key: keyof TierForm, type?: 'password') => ({ label, key, type });

function fieldsOf(kind: TierType) {
  const target = [
    field('Endpoint', 'endpoint'),
    field('Bucket', 'bucket'),
    field('Prefix', 'prefix'),
    field('Region', 'region'),
  ];
  if (kind === 'azure') {
    return [field('Account Name', 'accountName'), field('Account Key', 'accountKey', 'password'), ...target];
  }
  if (kind === 'gcs') return target;
  const keys = [field('Access Key', 'accessKey'), field('Secret Key', 'secretKey', 'password')];
  return kind === 's3' ? [...keys, ...target, field('Storage Class', 'storageClass')] : [...keys, ...target];
}

/** Step 2: Add Tier Configuration, with the spec's name rule and the fields of the type (spec 2 §5). */
function TierConfigForm(props: { kind: TierType; onBack: () => void; onDone: () => void }): ReactElement {
  const [form, setForm] = useState<TierForm>(emptyTierForm(props.kind));
  const [credsName, setCredsName] = useState('');
  const add = useAddTier();
  const { showMessage, showError } = useSnackbar();
  const label = tierKinds.find((k) => k.kind === props.kind)?.label ?? props.kind;
  const nameError = form.name !== '' && !tierNameValid(form.name);
  const canSave = canSaveTier(props.kind, form) && !add.isPending;
  const save = (): void => {
    add.mutate(tierRequest(props.kind, form), {
      onSuccess: () => {
        showMessage(`Tier ${form.name} added.`);
        props.onDone();
      },
      onError: showError,
    });
  };
  return (
    <Box component="section" aria-label="Add Tier Configuration">
      <BackLink label="Back To Tier Type Selection" onClick={props.onBack} />
      <Typography variant="h6" sx={{ mb: 2 }}>
        Add Tier Configuration — {label}
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 560 }}>
        <TextField
          label="Name"
          required
          value={form.name}
          error={nameError}
          helperText={nameError ? tierNameMessage : 'The storage class lifecycle rules name'}
          onChange={(e) => setForm({ ...form, name: tierNameInput(e.target.value) })}
        />
        {props.kind === 'gcs' && (
          <CredentialsFileField
            fileName={credsName}
            onFile={(n, text) => {
              setCredsName(n);
              setForm((f) => ({ ...f, creds: text }));
            }}
          />
        )}
        {fieldsOf(props.kind).map((f) => (
          <TextField
            key={f.key}
            label={f.label}
            type={f.type}
            required={f.key !== 'storageClass'}
            value={form[f.key]}
            onChange={(e) => setForm({ ...form, [f.key]: e.target.value })}
          />
        ))}
        <Box>
          <Button variant="contained" disabled={!canSave} onClick={save}>
            Save
          </Button>
        </Box>
      </Box>
    </Box>
  );
}

/** The Add Tier slide flow: the type, then its configuration; Back links return a step. */
export function AddTierPanel({ onClose }: { onClose: () => void }): ReactElement {
  const [kind, setKind] = useState<TierType | null>(null);
  return kind === null ? (
    <TierTypeChoice onBack={onClose} onChoose={setKind} />
  ) : (
    <TierConfigForm kind={kind} onBack={() => setKind(null)} onDone={onClose} />
  );
}
