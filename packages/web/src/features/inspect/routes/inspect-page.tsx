// SPDX-License-Identifier: Apache-2.0
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type ReactElement, useState } from 'react';
import { errorText, toApiError } from '@/shared/api/api-error';
import { CopyableValue } from '@/shared/ui/copyable-value';
import { FormDialog } from '@/shared/ui/form-dialog';
import { PageHeader } from '@/shared/ui/page-header';
import { downloadInspect } from '../api/inspect';
import { type InspectForm, inspectExamples, inspectFormErrors, inspectKeyParts } from '../lib/inspect-rules';

/**
 * /inspect, Tools → Inspect (issue 38, as the community console's): the raw files of objects on every
 * drive — each drive's metadata and shards — downloaded as a zip for support. With Encrypt the file stays
 * sealed (`.enc`) and the one-time key that opens it is shown once, with a copy button; it is kept
 * nowhere. A path that matches nothing says so.
 */
export function InspectPage(): ReactElement {
  const [form, setForm] = useState<InspectForm>({ volume: '', path: '', encrypt: false });
  const [touched, setTouched] = useState(false);
  const [key, setKey] = useState<string | null>(null);
  const errors = inspectFormErrors(form);
  const inspect = useMutation({
    mutationFn: () => downloadInspect(form.volume, form.path, form.encrypt),
    onSuccess: (header) => setKey(header ? (inspectKeyParts(header)?.key ?? header) : null),
  });
  const shown = (field: 'volume' | 'path'): string | undefined => (touched ? errors[field] : undefined);
  const set = (patch: Partial<InspectForm>): void => setForm((f) => ({ ...f, ...patch }));

  return (
    <Box>
      <PageHeader
        title="Inspect"
        subtitle="Download the raw files of objects on every drive — metadata and shards — for support"
      />
      <Card component="section" aria-label="Inspect form">
        <CardContent>
          <Box
            component="form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              setTouched(true);
              if (Object.keys(errors).length === 0) inspect.mutate();
            }}
            sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 640 }}
          >
            <TextField
              label="Volume"
              value={form.volume}
              onChange={(e) => set({ volume: e.target.value })}
              error={shown('volume') !== undefined}
              helperText={shown('volume') ?? 'The bucket'}
              size="small"
              required
            />
            <TextField
              label="Path"
              value={form.path}
              onChange={(e) => set({ path: e.target.value })}
              error={shown('path') !== undefined}
              helperText={shown('path') ?? 'The object; * and ? are wildcards'}
              size="small"
              required
            />
            <FormControlLabel
              control={<Switch checked={form.encrypt} onChange={(e) => set({ encrypt: e.target.checked })} />}
              label="Encrypt (the download stays sealed; its one-time key is shown once)"
            />
            <Box>
              <Button
                type="submit"
                variant="contained"
                startIcon={<DownloadOutlined />}
                disabled={inspect.isPending}
              >
                {inspect.isPending ? 'Inspecting…' : 'Inspect'}
              </Button>
            </Box>
            {inspect.isError && (
              <Alert severity="error" role="alert">
                {errorText(toApiError(inspect.error))}
              </Alert>
            )}
            {inspect.isSuccess && !form.encrypt && (
              <Alert severity="success">The inspect file has been downloaded.</Alert>
            )}
          </Box>
          <Typography variant="subtitle2" component="h2" sx={{ mt: 3 }}>
            Examples
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 3, color: 'text.secondary', fontSize: 14 }}>
            {inspectExamples.map((x) => (
              <li key={x.path}>
                Volume <code>{x.volume}</code>, path <code>{x.path}</code>: {x.what}
              </li>
            ))}
          </Box>
        </CardContent>
      </Card>
      <FormDialog
        open={key !== null}
        title="Inspect file encrypted"
        actions={
          <Button variant="contained" onClick={() => setKey(null)}>
            Done
          </Button>
        }
        onClose={() => setKey(null)}
      >
        <Alert severity="warning" sx={{ mb: 2 }}>
          This key opens the downloaded file. It is shown only now: copy it before you close this dialog.
        </Alert>
        {key && <CopyableValue label="Decryption key" value={key} />}
      </FormDialog>
    </Box>
  );
}
