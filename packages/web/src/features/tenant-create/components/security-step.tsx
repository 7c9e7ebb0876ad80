// SPDX-License-Identifier: Apache-2.0
import { Alert, Box, Typography } from '@mui/material';
import type { ReactElement } from 'react';
import { CertificateFileInput } from '@/shared/operator/certificate-file-input';
import { randomId } from '../lib/random-id';
import { fileProblem, type Problems } from '../lib/validation';
import { emptyFile, type SecurityStep as Security } from '../lib/wizard-form';
import { AddPairButton, CertificatePairs } from './certificate-pairs';
import { StepTitle, SwitchInput } from './fields';

/** Security (spec 3 §2, §5): TLS, AutoCert (the operator's CA) or custom certificates. */
export function SecurityStep({
  value: s,
  onChange,
  problems,
}: {
  value: Security;
  onChange: (s: Security) => void;
  problems: Problems;
}): ReactElement {
  return (
    <Box>
      <StepTitle
        title="Security"
        hint="How clients reach the tenant: TLS with the operator's certificates or your own."
      />
      <Box sx={{ display: 'flex', flexDirection: 'column' }}>
        <SwitchInput
          label="Enable TLS"
          checked={s.enableTLS}
          onChange={(enableTLS) => onChange({ ...s, enableTLS })}
        />
        {s.enableTLS && (
          <>
            <SwitchInput
              label="Enable AutoCert"
              checked={s.enableAutoCert}
              onChange={(enableAutoCert) => onChange({ ...s, enableAutoCert })}
            />
            <SwitchInput
              label="Custom Certificates"
              checked={s.enableCustomCerts}
              onChange={(enableCustomCerts) => onChange({ ...s, enableCustomCerts })}
            />
          </>
        )}
      </Box>
      {problems.security && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {problems.security}
        </Alert>
      )}
      {s.enableTLS && s.enableCustomCerts && (
        <Box sx={{ mt: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Typography variant="subtitle2">MinIO Certificates</Typography>
          <CertificatePairs
            label="MinIO"
            pairs={s.minioCertificates}
            onChange={(minioCertificates) => onChange({ ...s, minioCertificates })}
          />
          <AddPairButton
            label="Add MinIO certificate pair"
            onAdd={(p) => onChange({ ...s, minioCertificates: [...s.minioCertificates, p] })}
          />
          <Typography variant="subtitle2">CA Certificates</Typography>
          {s.caCertificates.map((ca, i) => (
            <CertificateFileInput
              key={ca.id}
              label={`CA Certificate ${i + 1}`}
              kind="cert"
              file={ca}
              problem={fileProblem(ca, 'cert')}
              onChange={(file) =>
                onChange({
                  ...s,
                  caCertificates: s.caCertificates.map((c) => (c.id === ca.id ? { ...c, ...file } : c)),
                })
              }
            />
          ))}
          <AddPairButton
            label="Add CA certificate"
            onAdd={() =>
              onChange({ ...s, caCertificates: [...s.caCertificates, { id: randomId(), ...emptyFile }] })
            }
          />
        </Box>
      )}
    </Box>
  );
}
