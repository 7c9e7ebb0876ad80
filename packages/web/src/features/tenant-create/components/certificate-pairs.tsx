// SPDX-License-Identifier: Apache-2.0
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { Box, IconButton } from '@mui/material';
import type { ReactElement } from 'react';
import { CertificateFileInput } from '@/shared/operator/certificate-file-input';
import { fileProblem } from '../lib/validation';
import { type CertificatePair, newPair } from '../lib/wizard-form';

/** Rows of certificate + key files; the last pair cannot be removed (spec 3 §4). */
export function CertificatePairs({
  label,
  pairs,
  onChange,
  problems = {},
}: {
  label: string;
  pairs: CertificatePair[];
  onChange: (pairs: CertificatePair[]) => void;
  problems?: { crt?: string | undefined; key?: string | undefined };
}): ReactElement {
  const set = (id: string, patch: Partial<CertificatePair>) =>
    onChange(pairs.map((p) => (p.id === id ? { ...p, ...patch } : p)));
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {pairs.map((p, i) => (
        <Box key={p.id} sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <CertificateFileInput
            label={`${label} Cert${pairs.length > 1 ? ` ${i + 1}` : ''}`}
            kind="cert"
            file={p.crt}
            onChange={(crt) => set(p.id, { crt })}
            problem={fileProblem(p.crt, 'cert') ?? problems.crt}
          />
          <CertificateFileInput
            label={`${label} Key${pairs.length > 1 ? ` ${i + 1}` : ''}`}
            kind="key"
            file={p.key}
            onChange={(key) => set(p.id, { key })}
            problem={fileProblem(p.key, 'key') ?? problems.key}
          />
          {pairs.length > 1 && (
            <IconButton
              aria-label={`Remove ${label} pair ${i + 1}`}
              onClick={() => onChange(pairs.filter((q) => q.id !== p.id))}
            >
              <DeleteOutlined fontSize="small" />
            </IconButton>
          )}
        </Box>
      ))}
    </Box>
  );
}

export function AddPairButton({
  label,
  onAdd,
}: {
  label: string;
  onAdd: (p: CertificatePair) => void;
}): ReactElement {
  return (
    <Box>
      <IconButton aria-label={label} onClick={() => onAdd(newPair())}>
        <AddOutlined />
      </IconButton>
    </Box>
  );
}
