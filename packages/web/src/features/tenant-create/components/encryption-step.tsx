// SPDX-License-Identifier: Apache-2.0
import { Alert, Box, FormControlLabel, Radio, RadioGroup, Typography } from '@mui/material';
import { EXTERNAL_KMS_REFUSED } from '@stowage/contracts';
import type { ReactElement } from 'react';
import type { Problems } from '../lib/validation';
import type { EncryptionStep as Encryption, EncryptionType } from '../lib/wizard-form';
import { CertificatePairs } from './certificate-pairs';
import { StepTitle, SwitchInput, TextInput } from './fields';

type Group = 'vault' | 'aws' | 'gemalto' | 'gcp' | 'azure';

/** Spec 3 §3 encryption fields per KMS: [field, label, required]. */
const kmsFields: Record<Group, [string, string, boolean][]> = {
  vault: [
    ['endpoint', 'Endpoint', true],
    ['engine', 'Engine', false],
    ['namespace', 'Namespace', false],
    ['prefix', 'Prefix', false],
    ['approleEngine', 'AppRole Engine', false],
    ['approleId', 'AppRole ID', true],
    ['approleSecret', 'AppRole Secret', true],
    ['approleRetry', 'Retry (Seconds)', true],
    ['statusPing', 'Ping (Seconds)', true],
  ],
  aws: [
    ['endpoint', 'Endpoint', true],
    ['region', 'Region', true],
    ['kmskey', 'KMS Key', false],
    ['accessKey', 'Access Key', true],
    ['secretKey', 'Secret Key', true],
    ['token', 'Token', false],
  ],
  gemalto: [
    ['endpoint', 'Endpoint', true],
    ['token', 'Token', true],
    ['domain', 'Domain', true],
    ['retry', 'Retry (seconds)', true],
  ],
  gcp: [
    ['projectId', 'Project ID', false],
    ['endpoint', 'Endpoint', false],
    ['clientEmail', 'Client Email', false],
    ['clientId', 'Client ID', false],
    ['privateKeyId', 'Private Key ID', false],
    ['privateKey', 'Private Key', false],
  ],
  azure: [
    ['endpoint', 'Endpoint', true],
    ['tenantId', 'Tenant ID', true],
    ['clientId', 'Client ID', true],
    ['clientSecret', 'Client Secret', true],
  ],
};

/**
 * Encryption (spec 3 §2, §4, §5): the toggle needs TLS with autocert or a complete custom pair; each KMS
 * keeps its fields and checks. The local driver refuses external KMS on create: the note says so ahead.
 */
export function EncryptionStep({
  value: e,
  onChange,
  problems,
  allowed,
  autoCert,
}: {
  value: Encryption;
  onChange: (e: Encryption) => void;
  problems: Problems;
  allowed: boolean;
  autoCert: boolean;
}): ReactElement {
  const type = e.encryptionType;
  const group = e[type] as Record<string, string>;
  return (
    <Box>
      <StepTitle
        title="Encryption"
        hint="Server-side encryption of the tenant's objects with a key management service."
      />
      <SwitchInput
        label="Enable Server Side Encryption"
        checked={e.enableEncryption && allowed}
        disabled={!allowed}
        onChange={(enableEncryption) => onChange({ ...e, enableEncryption })}
      />
      {!allowed && (
        <Typography variant="body2" color="text.secondary">
          Encryption needs TLS with AutoCert or a complete custom certificate pair (Security step).
        </Typography>
      )}
      {e.enableEncryption && allowed && (
        <Box sx={{ mt: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Alert severity="info" role="note">
            {EXTERNAL_KMS_REFUSED}.
          </Alert>
          <RadioGroup
            row
            aria-label="Encryption Options"
            value={type}
            onChange={(ev) => onChange({ ...e, encryptionType: ev.target.value as EncryptionType })}
          >
            <FormControlLabel value="vault" control={<Radio />} label="Vault" />
            <FormControlLabel value="aws" control={<Radio />} label="AWS" />
            <FormControlLabel value="gemalto" control={<Radio />} label="Gemalto" />
            <FormControlLabel value="gcp" control={<Radio />} label="GCP" />
            <FormControlLabel value="azure" control={<Radio />} label="Azure" />
          </RadioGroup>
          {autoCert && (
            <SwitchInput
              label="Custom Certificates for KES"
              checked={e.enableCustomCertsForKES}
              onChange={(enableCustomCertsForKES) => onChange({ ...e, enableCustomCertsForKES })}
            />
          )}
          {(!autoCert || e.enableCustomCertsForKES) && (
            <>
              <Typography variant="subtitle2">Encryption Service Certificates</Typography>
              <CertificatePairs
                label="Server"
                pairs={[e.serverCert]}
                onChange={([serverCert]) => serverCert && onChange({ ...e, serverCert })}
                problems={{ crt: problems.serverCrt, key: problems.serverKey }}
              />
              <CertificatePairs
                label="Client"
                pairs={[e.clientCert]}
                onChange={([clientCert]) => clientCert && onChange({ ...e, clientCert })}
                problems={{ crt: problems.clientCrt, key: problems.clientKey }}
              />
            </>
          )}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            {kmsFields[type].map(([field, label, required]) => (
              <TextInput
                key={field}
                label={label}
                required={required}
                multiline={field === 'privateKey'}
                type={/secret|password/i.test(field) ? 'password' : undefined}
                value={group[field] ?? ''}
                onChange={(v) => onChange({ ...e, [type]: { ...group, [field]: v } })}
                problem={problems[`${type}.${field}`]}
              />
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}
