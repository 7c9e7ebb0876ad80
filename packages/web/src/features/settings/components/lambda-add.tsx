// SPDX-License-Identifier: Apache-2.0
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import { Alert, Box, Button, ButtonBase, Divider, Link, Paper, TextField, Typography } from '@mui/material';
import {
  type NotificationServiceId,
  notificationServices,
  notificationTargetIdSchema,
} from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { useNotificationEndpointWrite } from '@/shared/notifications/notification-endpoints';
import { LoadingMessage } from '@/shared/ui/loading-message';
import { QueryErrorAlert } from '@/shared/ui/query-error-alert';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useConfig } from '../api/get-config';
import { type ConfigField, formOf, formProblems, keyValuesToSave } from '../lib/config-form';
import { ConfigFieldInput } from './config-field';
import { MysqlBuilder, PostgresBuilder } from './connection-builders';

const backLinkSx = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: 0.5,
  mb: 2,
  fontWeight: 600,
} as const;

/** A service's logo tile: its initials in a brand-neutral badge (the spec's logo buttons). */
function ServiceTile({
  label,
  logo,
  onClick,
}: {
  label: string;
  logo: boolean;
  onClick: () => void;
}): ReactElement {
  return (
    <ButtonBase
      onClick={onClick}
      aria-label={label}
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        p: 2,
        minHeight: 96,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        bgcolor: 'background.paper',
        '&:hover': { borderColor: 'primary.main' },
      }}
    >
      {logo && (
        <Box
          aria-hidden
          sx={{
            width: 40,
            height: 40,
            borderRadius: '50%',
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            display: 'grid',
            placeItems: 'center',
            fontWeight: 700,
          }}
        >
          {label.slice(0, 2).toUpperCase()}
        </Box>
      )}
      <Typography variant={logo ? 'body2' : 'h6'} sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
    </ButtonBase>
  );
}

/**
 * The two-step Add Notification Target flow (spec 2 "Settings"): pick one of the ten services, then its
 * form — every key of its `notify_*` set with its help, the Postgres and MySQL connection builders — and
 * Save. The target is created with MinIO's implicit `enable=on`; it starts with the next restart.
 */
export function LambdaAdd({ onBack }: { onBack: () => void }): ReactElement {
  const [service, setService] = useState<NotificationServiceId | null>(null);
  if (service === null) {
    return (
      <Box>
        <Link component="button" type="button" underline="hover" onClick={onBack} sx={backLinkSx}>
          <ArrowBackOutlined fontSize="small" /> Back To Lambda Notifications
        </Link>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          Pick a supported service
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: 1.5 }}>
          {notificationServices.map((s) => (
            <ServiceTile key={s.id} label={s.label} logo={s.logo} onClick={() => setService(s.id)} />
          ))}
        </Box>
      </Box>
    );
  }
  return <ServiceForm service={service} onBack={() => setService(null)} onDone={onBack} />;
}

function ServiceForm({
  service,
  onBack,
  onDone,
}: {
  service: NotificationServiceId;
  onBack: () => void;
  onDone: () => void;
}): ReactElement {
  const def = notificationServices.find((s) => s.id === service)!;
  const config = useConfig(def.subSys);
  return (
    <Box>
      <Link component="button" type="button" underline="hover" onClick={onBack} sx={backLinkSx}>
        <ArrowBackOutlined fontSize="small" /> Back To Supported Services
      </Link>
      <Typography variant="h5" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        {def.label} - Add Lambda Notification Target
      </Typography>
      {config.isPending ? (
        <LoadingMessage />
      ) : config.isError ? (
        <QueryErrorAlert error={config.error} onRetry={() => config.refetch()} />
      ) : (
        <TargetForm
          service={service}
          fields={formOf({ ...config.data, key_values: [] }).fields.filter((f) => f.name !== 'enable')}
          needed={config.data.help
            .filter((h) => !h.optional && !h.default && h.type !== 'enum' && h.type !== 'on|off')
            .map((h) => h.key)}
          onDone={onDone}
        />
      )}
    </Box>
  );
}

function TargetForm({
  service,
  fields,
  needed,
  onDone,
}: {
  service: NotificationServiceId;
  fields: ConfigField[];
  /** Keys that must be given: MinIO's required keys, except choices (the server has their default). */
  needed: readonly string[];
  onDone: () => void;
}): ReactElement {
  const [id, setId] = useState('');
  // MinIO's `format` is required but has a documented default ('namespace'): start from it.
  const [values, setValues] = useState<Record<string, string>>(
    (): Record<string, string> => (fields.some((f) => f.name === 'format') ? { format: 'namespace' } : {}),
  );
  const [tried, setTried] = useState(false);
  const write = useNotificationEndpointWrite();
  const { showMessage, showError } = useSnackbar();
  const idCheck = notificationTargetIdSchema.safeParse(id);
  const problems = formProblems(fields, values);
  for (const f of fields) {
    if (needed.includes(f.name) && !(values[f.name] ?? '').trim())
      problems[f.name] = `${f.label} is required`;
  }
  const invalid = !idCheck.success || Object.keys(problems).length > 0;
  const set = (name: string) => (v: string) => setValues((old) => ({ ...old, [name]: v }));

  const save = (): void => {
    setTried(true);
    if (invalid) return;
    const properties = Object.fromEntries(keyValuesToSave(fields, values).map((kv) => [kv.key, kv.value]));
    write.mutate(
      { op: 'add', body: { service, account_id: idCheck.data, properties } },
      {
        onSuccess: () => {
          showMessage(
            `Notification target ${service}:${idCheck.data} saved. Restart the server to apply it.`,
          );
          onDone();
        },
        onError: showError,
      },
    );
  };

  return (
    <Paper variant="outlined" component="section" aria-label={`New ${service} target`}>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
        sx={{ px: 3, py: 2 }}
      >
        <TextField
          fullWidth
          size="small"
          label="Identifier"
          required
          value={id}
          onChange={(e) => setId(e.target.value)}
          error={tried && !idCheck.success}
          helperText={
            tried && !idCheck.success
              ? idCheck.error.issues[0]?.message
              : 'The target id: its ARN is arn:minio:sqs:<region>:<identifier>:<service>'
          }
          sx={{ mb: 1 }}
        />
        <Divider sx={{ my: 1 }} />
        {fields.map((f) =>
          f.name === 'connection_string' && service === 'postgres' ? (
            <PostgresBuilder key={f.name} value={values[f.name] ?? ''} onChange={set(f.name)} />
          ) : f.name === 'dsn_string' && service === 'mysql' ? (
            <MysqlBuilder key={f.name} value={values[f.name] ?? ''} onChange={set(f.name)} />
          ) : (
            <ConfigFieldInput
              key={f.name}
              field={f}
              value={values[f.name] ?? ''}
              problem={tried ? problems[f.name] : undefined}
              onChange={set(f.name)}
            />
          ),
        )}
        {tried && (problems.connection_string || problems.dsn_string) && (
          <Alert severity="error" sx={{ my: 1 }}>
            {problems.connection_string ?? problems.dsn_string}
          </Alert>
        )}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, pt: 2 }}>
          <Button type="submit" variant="contained" disabled={write.isPending || (tried && invalid)}>
            Save Notification Target
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
