// SPDX-License-Identifier: Apache-2.0
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import { Alert, Box, Button, Divider, LinearProgress, Link, Paper, Typography } from '@mui/material';
import { type ReactElement, type ReactNode, useState } from 'react';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { LoadingMessage } from '@/shared/ui/loading-message';
import { QueryErrorAlert } from '@/shared/ui/query-error-alert';
import { useSnackbar } from '@/shared/ui/snackbar';
import { isTestable, useConfigCheck } from '../api/check-config';
import { useConfig } from '../api/get-config';
import { useConfigWrite } from '../api/save-config';
import { type ConfigField, formOf, formProblems, keyValuesToSave } from '../lib/config-form';
import { ConfigFieldInput } from './config-field';

/**
 * The edit form of one configuration set (spec 2 "Settings"): generated from the set's help, with Back
 * To Configurations, Save (returns to the list, spec 2 §4) and Restore Defaults (after a confirmation).
 */
export function ConfigEditPanel({ name, onBack }: { name: string; onBack: () => void }): ReactElement {
  const config = useConfig(name);
  return (
    <Box>
      <Link component="button" type="button" underline="hover" onClick={onBack} sx={backLinkSx}>
        <ArrowBackOutlined fontSize="small" /> Back To Configurations
      </Link>
      {config.isPending ? (
        <LoadingMessage />
      ) : config.isError ? (
        <QueryErrorAlert error={config.error} onRetry={() => config.refetch()} />
      ) : (
        <ConfigForm key={config.dataUpdatedAt} detail={formOf(config.data)} name={name} onDone={onBack}>
          <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
            {name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {config.data.description}
          </Typography>
          {config.data.multipleTargets && config.data.targets.some((t) => t.target !== '') && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Named targets:{' '}
              {config.data.targets
                .filter((t) => t.target !== '')
                .map((t) => t.target)
                .join(', ')}
            </Typography>
          )}
        </ConfigForm>
      )}
    </Box>
  );
}

const backLinkSx = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: 0.5,
  mb: 2,
  fontWeight: 600,
} as const;

function ConfigForm({
  name,
  detail,
  onDone,
  children,
}: {
  name: string;
  detail: { fields: ConfigField[]; values: Record<string, string> };
  onDone: () => void;
  children: ReactNode;
}): ReactElement {
  const [values, setValues] = useState(detail.values);
  const [tried, setTried] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);
  const write = useConfigWrite(name);
  const check = useConfigCheck(name);
  const { showMessage, showError, showModalError } = useSnackbar();
  const problems = formProblems(detail.fields, values);
  const invalid = Object.keys(problems).length > 0;

  const save = (): void => {
    setTried(true);
    if (invalid) return;
    write.mutate(
      { key_values: keyValuesToSave(detail.fields, values) },
      {
        onSuccess: (answer) => {
          showMessage(
            answer.restart
              ? `Configuration ${name} saved. Restart the server to apply it.`
              : `Configuration ${name} saved and applied.`,
          );
          onDone();
        },
        onError: showError,
      },
    );
  };

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={`Configuration ${name}`}
      sx={{ overflow: 'hidden' }}
    >
      <Box sx={{ height: 4 }}>{(write.isPending || check.isPending) && <LinearProgress />}</Box>
      <Box sx={{ px: 3, pt: 2, pb: 1 }}>{children}</Box>
      <Divider />
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
        sx={{ px: 3, py: 1 }}
      >
        {detail.fields.length === 0 && (
          <Alert severity="info" sx={{ my: 2 }}>
            This configuration has no keys to edit.
          </Alert>
        )}
        {detail.fields.map((f) => (
          <ConfigFieldInput
            key={f.name}
            field={f}
            value={values[f.name] ?? ''}
            problem={tried || (values[f.name] ?? '') !== detail.values[f.name] ? problems[f.name] : undefined}
            onChange={(v) => setValues((old) => ({ ...old, [f.name]: v }))}
          />
        ))}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, py: 2 }}>
          {isTestable(name) && (
            <Button
              disabled={check.isPending || write.isPending}
              onClick={() => {
                setTried(true);
                if (invalid) return;
                check.mutate(
                  { key_values: keyValuesToSave(detail.fields, values) },
                  { onSuccess: (r) => showMessage(`Connection works: ${r.message}`), onError: showError },
                );
              }}
            >
              {check.isPending ? 'Testing…' : 'Test Connection'}
            </Button>
          )}
          <Button color="warning" disabled={write.isPending} onClick={() => setConfirmReset(true)}>
            Restore Defaults
          </Button>
          <Button type="submit" variant="contained" disabled={write.isPending || (tried && invalid)}>
            Save
          </Button>
        </Box>
      </Box>
      <ConfirmDialog
        open={confirmReset}
        title="Restore Defaults"
        confirmLabel="Restore"
        busy={write.isPending}
        onClose={() => setConfirmReset(false)}
        onConfirm={() =>
          write.mutate('reset', {
            onSuccess: (answer) => {
              setConfirmReset(false);
              showMessage(
                answer.restart
                  ? `Configuration ${name} restored to its defaults. Restart the server to apply it.`
                  : `Configuration ${name} restored to its defaults.`,
              );
              onDone();
            },
            onError: showModalError,
          })
        }
      >
        Restore every key of <strong>{name}</strong> to its default value? The saved values are removed.
      </ConfirmDialog>
    </Paper>
  );
}
