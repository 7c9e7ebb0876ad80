// SPDX-License-Identifier: Apache-2.0
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { Box, Button, FormHelperText, Typography } from '@mui/material';
import { type ChangeEvent, type ReactElement, useId } from 'react';
import { fileEndings, type PickedFile } from './certificate-files';

async function toBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/**
 * A certificate/key file field: a button that opens the file chooser (only the accepted endings), the
 * chosen name, and a problem under it. The hidden input is labelled `label` for tests and screen readers.
 */
export function CertificateFileInput({
  label,
  kind,
  file,
  onChange,
  problem,
}: {
  label: string;
  kind: 'cert' | 'key';
  file: PickedFile;
  onChange: (file: PickedFile) => void;
  problem?: string | undefined;
}): ReactElement {
  const id = useId();
  const pick = async (e: ChangeEvent<HTMLInputElement>): Promise<void> => {
    const f = e.target.files?.[0];
    e.target.value = '';
    if (f) onChange({ fileName: f.name, value: await toBase64(f) });
  };
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Button
          component="label"
          htmlFor={id}
          size="small"
          variant="outlined"
          startIcon={<UploadFileOutlined />}
        >
          {label}
        </Button>
        <input
          id={id}
          type="file"
          hidden
          aria-label={label}
          accept={fileEndings[kind].join(',')}
          onChange={(e) => void pick(e)}
        />
        <Typography variant="body2" color={file.fileName ? 'text.primary' : 'text.secondary'} noWrap>
          {file.fileName || 'No file chosen'}
        </Typography>
      </Box>
      {problem && <FormHelperText error>{problem}</FormHelperText>}
    </Box>
  );
}
