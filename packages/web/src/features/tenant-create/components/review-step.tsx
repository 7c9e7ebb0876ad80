// SPDX-License-Identifier: Apache-2.0
import { Table, TableBody, TableCell, TableRow } from '@mui/material';
import type { ReactElement } from 'react';
import { formatBytes } from '@/shared/format/format-bytes';
import type { WizardForm } from '../lib/wizard-form';
import { StepTitle } from './fields';

/** Review (spec 3 §2): name, image (if custom), namespace, storage class, total size, TLS (advanced only). */
export function ReviewStep({ form, totalBytes }: { form: WizardForm; totalBytes: number }): ReactElement {
  const rows: [string, string][] = [['Tenant Name', form.nameTenant.tenantName]];
  if (form.images.imageName.trim()) rows.push(['MinIO Image', form.images.imageName]);
  rows.push(
    ['Namespace', form.nameTenant.namespace],
    ['Storage Class', form.nameTenant.selectedStorageClass],
    ['Total Size', formatBytes(totalBytes)],
  );
  if (form.advancedMode) rows.push(['TLS', form.security.enableTLS ? 'Enabled' : 'Disabled']);
  return (
    <>
      <StepTitle title="Review" hint="The tenant is created with these settings." />
      <Table size="small" aria-label="Review">
        <TableBody>
          {rows.map(([k, v]) => (
            <TableRow key={k}>
              <TableCell component="th" sx={{ fontWeight: 600, width: 200 }}>
                {k}
              </TableCell>
              <TableCell>{v}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
