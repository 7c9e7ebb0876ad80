// SPDX-License-Identifier: Apache-2.0
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import { Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import type { LicenseResponse } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { FormDialog } from '@/shared/ui/form-dialog';

/**
 * The console's licence card (spec 3 "License page", adapted: Stowage is Apache-2.0): what the licence
 * lets you do, and its full text in a dialog.
 */
export function ConsoleLicenseCard({ data }: { data: LicenseResponse }): ReactElement {
  const [open, setOpen] = useState(false);
  return (
    <Card variant="outlined" component="section" aria-label="Console licence">
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <VerifiedOutlined color="primary" sx={{ fontSize: 40, mt: 0.5 }} />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
                {data.product} {data.version}
              </Typography>
              <Chip size="small" color="primary" label={data.license.id} />
              <Chip size="small" variant="outlined" label="Open source" />
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1, maxWidth: 760 }}>
              {data.product} is licensed under the {data.license.name}. You may use, copy, change and
              distribute it, also commercially, as long as you keep the licence and its notices with it; it
              comes without warranty. The third-party software it ships with is listed below, each package
              under its own licence.
            </Typography>
            <Button variant="outlined" sx={{ mt: 2 }} onClick={() => setOpen(true)}>
              View License
            </Button>
          </Box>
        </Stack>
      </CardContent>
      <FormDialog
        open={open}
        title={data.license.name}
        onClose={() => setOpen(false)}
        maxWidth="md"
        actions={<Button onClick={() => setOpen(false)}>Close</Button>}
      >
        <Box
          component="pre"
          sx={{ m: 0, fontSize: 12.5, lineHeight: 1.5, whiteSpace: 'pre-wrap', fontFamily: 'monospace' }}
        >
          {data.license.text}
        </Box>
      </FormDialog>
    </Card>
  );
}
