// SPDX-License-Identifier: Apache-2.0
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { Box, Button, Typography } from '@mui/material';
import type { ReactElement } from 'react';

/** The GCS credentials .json file (spec 2 §5): its text is kept; the name is shown. */
export function CredentialsFileField(props: {
  fileName: string;
  onFile: (name: string, text: string) => void;
}): ReactElement {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      <Button component="label" variant="outlined" startIcon={<UploadFileOutlined />}>
        Credentials File
        <input
          type="file"
          hidden
          accept=".json,application/json"
          aria-label="Credentials file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void file.text().then((text) => props.onFile(file.name, text));
          }}
        />
      </Button>
      <Typography variant="body2" color="text.secondary">
        {props.fileName || 'A service account key (.json)'}
      </Typography>
    </Box>
  );
}
