// SPDX-License-Identifier: Apache-2.0
import { Box } from '@mui/material';
import type { ReactElement } from 'react';
import { imageFormats, type Problems } from '../lib/validation';
import type { ImagesStep as Images } from '../lib/wizard-form';
import { StepTitle, SwitchInput, TextInput } from './fields';

const labels: Record<keyof typeof imageFormats, string> = {
  imageName: 'MinIO Image',
  logSearchImage: 'Log Search API Image',
  kesImage: 'KES Image',
  logSearchPostgresImage: 'Log Search Postgres Image',
  logSearchPostgresInitImage: 'Log Search Postgres Init Image',
  prometheusImage: 'Prometheus Image',
  prometheusSidecarImage: 'Prometheus Sidecar Image',
  prometheusInitImage: 'Prometheus Init Image',
};

/** Images (spec 3 §2): custom images and the optional image registry. */
export function ImagesStep({
  value: i,
  onChange,
  problems,
}: {
  value: Images;
  onChange: (i: Images) => void;
  problems: Problems;
}): ReactElement {
  return (
    <Box>
      <StepTitle
        title="Container Images"
        hint="Leave empty to use the defaults. Tenants on this machine run this build of the store."
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {(Object.keys(imageFormats) as (keyof typeof imageFormats)[]).map((field) => (
          <TextInput
            key={field}
            label={labels[field]}
            placeholder={`${imageFormats[field]}:VERSION`}
            value={i[field]}
            onChange={(v) => onChange({ ...i, [field]: v })}
            problem={problems[field]}
          />
        ))}
      </Box>
      <Box sx={{ mt: 2 }}>
        <SwitchInput
          label="Set/Update Image Registry"
          checked={i.customDockerhub}
          onChange={(customDockerhub) => onChange({ ...i, customDockerhub })}
        />
        {i.customDockerhub && (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, mt: 1 }}>
            <TextInput
              label="Endpoint"
              required
              value={i.imageRegistry}
              onChange={(imageRegistry) => onChange({ ...i, imageRegistry })}
              problem={problems.imageRegistry}
            />
            <TextInput
              label="Username"
              required
              value={i.imageRegistryUsername}
              onChange={(imageRegistryUsername) => onChange({ ...i, imageRegistryUsername })}
              problem={problems.imageRegistryUsername}
            />
            <TextInput
              label="Password"
              type="password"
              required
              value={i.imageRegistryPassword}
              onChange={(imageRegistryPassword) => onChange({ ...i, imageRegistryPassword })}
              problem={problems.imageRegistryPassword}
            />
          </Box>
        )}
      </Box>
    </Box>
  );
}
