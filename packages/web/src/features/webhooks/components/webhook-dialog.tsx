// SPDX-License-Identifier: Apache-2.0
import { Box, TextField } from '@mui/material';
import {
  createWebhookRequestSchema,
  updateWebhookRequestSchema,
  type WebhookKind,
  type WebhookTarget,
} from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useRevealToggle } from '@/shared/ui/reveal-toggle';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useWebhookWrite } from '../api/webhooks';

type Fields = {
  name: string;
  endpoint: string;
  authToken: string;
  queueDir: string;
  queueSize: string;
  batchSize: string;
};

const fieldsOf = (t: WebhookTarget | null): Fields => ({
  name: t?.name ?? '',
  endpoint: t?.endpoint ?? '',
  authToken: '',
  queueDir: t?.queueDir ?? '',
  queueSize: t?.queueSize ?? '',
  batchSize: t?.batchSize ?? '',
});

/** The first problem per field, from the contracts' schema (the server checks the same). */
function problemsOf(editing: boolean, f: Fields): Partial<Record<keyof Fields, string>> {
  const parsed = editing ? updateWebhookRequestSchema.safeParse(f) : createWebhookRequestSchema.safeParse(f);
  const problems: Partial<Record<keyof Fields, string>> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as keyof Fields;
      problems[key] ??= issue.message;
    }
  }
  return problems;
}

/**
 * Add Webhook Configuration, and edit (spec 2 "Webhook configuration pages"): name, endpoint, auth token,
 * queue directory, queue size and batch size. On edit the name is fixed and an empty token keeps the saved
 * one.
 */
export function WebhookDialog({
  kind,
  target,
  open,
  onClose,
}: {
  kind: WebhookKind;
  /** The target edited, or null to add one. */
  target: WebhookTarget | null;
  open: boolean;
  onClose: () => void;
}): ReactElement {
  const editing = target !== null;
  const [f, setF] = useState<Fields>(() => fieldsOf(target));
  const [tried, setTried] = useState(false);
  const tokenReveal = useRevealToggle('Auth Token');
  const write = useWebhookWrite(kind);
  const { showMessage, showModalError } = useSnackbar();
  const problems = problemsOf(editing, f);
  const shownProblem = (key: keyof Fields): string | undefined =>
    tried || f[key] !== fieldsOf(target)[key] ? problems[key] : undefined;

  const submit = (): void => {
    setTried(true);
    if (Object.keys(problems).length > 0) return;
    const { name, authToken, ...rest } = f;
    const settings = { ...rest, ...(editing && authToken === '' ? {} : { authToken }) };
    write.mutate(
      editing ? { op: 'update', name, body: settings } : { op: 'create', body: { name, ...settings } },
      {
        onSuccess: () => {
          showMessage(editing ? `Webhook ${name} updated.` : `Webhook ${name} added.`);
          onClose();
        },
        onError: showModalError,
      },
    );
  };

  const input = (
    key: keyof Fields,
    label: string,
    extra: { type?: string; placeholder?: string; helper?: string; endAdornment?: ReactElement } = {},
  ) => (
    <TextField
      label={label}
      size="small"
      fullWidth
      value={f[key]}
      type={extra.type}
      placeholder={extra.placeholder}
      disabled={key === 'name' && editing}
      error={shownProblem(key) !== undefined}
      helperText={shownProblem(key) ?? extra.helper}
      slotProps={{
        ...(extra.placeholder ? { inputLabel: { shrink: true } } : {}),
        ...(extra.endAdornment ? { input: { endAdornment: extra.endAdornment } } : {}),
      }}
      onChange={(e) => setF({ ...f, [key]: e.target.value })}
    />
  );

  return (
    <FormDialog
      open={open}
      title={editing ? `Edit Webhook ${target.name}` : 'Add Webhook Configuration'}
      onClose={onClose}
      onSubmit={submit}
      busy={write.isPending}
      submitLabel="Save"
      submitDisabled={tried && Object.keys(problems).length > 0}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
        {input('name', 'Name', { placeholder: 'Enter a name' })}
        {input('endpoint', 'Endpoint', { placeholder: 'https://receiver.example.com/logs' })}
        {input('authToken', 'Auth Token', {
          type: tokenReveal.type,
          endAdornment: tokenReveal.endAdornment,
          placeholder: editing && target.authTokenSet ? 'Unchanged' : 'Optional',
          helper: editing ? 'Leave empty to keep the saved token.' : 'Sent as the Authorization header.',
        })}
        {input('queueDir', 'Queue Dir', { placeholder: 'Optional: a directory for undelivered records' })}
        <Box sx={{ display: 'flex', gap: 2 }}>
          {input('queueSize', 'Queue Size', { placeholder: '100000' })}
          {input('batchSize', 'Batch Size', { placeholder: '1' })}
        </Box>
      </Box>
    </FormDialog>
  );
}
