// SPDX-License-Identifier: Apache-2.0
import { Button } from '@mui/material';
import type { ReactElement } from 'react';
import { FormDialog } from '@/shared/ui/form-dialog';
import { baseName } from '../lib/detail-rules';
import { ObjectPreview } from './object-preview';

export interface PreviewDialogProps {
  bucket: string;
  object: { name: string; version_id?: string };
  open: boolean;
  onClose: () => void;
}

/** Preview of one object in a dialog (listing row action, versions table; spec 1 §2.6). */
export function PreviewDialog({ bucket, object, open, onClose }: PreviewDialogProps): ReactElement | null {
  if (!open) return null;
  return (
    <FormDialog
      open
      title={`Preview - ${baseName(object.name)}`}
      onClose={onClose}
      maxWidth="lg"
      actions={<Button onClick={onClose}>Close</Button>}
    >
      <ObjectPreview bucket={bucket} object={object} />
    </FormDialog>
  );
}
