// SPDX-License-Identifier: Apache-2.0
import { Box, FormControlLabel, MenuItem, Paper, Switch, TextField, Typography } from '@mui/material';
import { type ReactElement, useState } from 'react';
import {
  buildMysql,
  buildPostgres,
  type MysqlFields,
  type PostgresFields,
  parseMysql,
  parsePostgres,
  SSL_MODES,
} from '../lib/connection-strings';

/**
 * The connection-string builders of the Postgres and MySQL forms (spec 2 "Settings"): fields that build
 * the string, and a manual toggle to type it; turning the toggle off parses the typed string back into
 * the fields.
 */
function Builder<F extends Record<string, string>>({
  title,
  label,
  value,
  onChange,
  fields,
  build,
  parse,
  select,
}: {
  title: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  fields: ReadonlyArray<{ key: keyof F & string; label: string; type?: string }>;
  build: (f: F) => string;
  parse: (text: string) => F | undefined;
  select?: { key: keyof F & string; options: readonly string[] };
}): ReactElement {
  const empty = Object.fromEntries(fields.map((f) => [f.key, ''])) as F;
  const [manual, setManual] = useState(false);
  const [parts, setParts] = useState<F>(() => ({ ...empty, ...(parse(value) ?? {}) }));
  const shown = masked(parts, fields);
  const set = (key: keyof F & string, v: string): void => {
    const next = { ...parts, [key]: v };
    setParts(next);
    onChange(build(next));
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, my: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="subtitle2">{title}</Typography>
        <FormControlLabel
          control={
            <Switch
              checked={manual}
              onChange={(e) => {
                const on = e.target.checked;
                setManual(on);
                if (!on) setParts({ ...empty, ...(parse(value) ?? {}) });
              }}
            />
          }
          label="Enter the string manually"
          slotProps={{ typography: { variant: 'body2' } }}
        />
      </Box>
      {manual ? (
        <TextField
          fullWidth
          size="small"
          label={label}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}>
          {fields.map((f) =>
            select?.key === f.key ? (
              <TextField
                key={f.key}
                select
                size="small"
                label={f.label}
                value={parts[f.key]}
                onChange={(e) => set(f.key, e.target.value)}
              >
                <MenuItem value="">(default)</MenuItem>
                {select.options.map((o) => (
                  <MenuItem key={o} value={o}>
                    {o}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              <TextField
                key={f.key}
                size="small"
                label={f.label}
                type={f.type ?? 'text'}
                value={parts[f.key]}
                onChange={(e) => set(f.key, e.target.value)}
              />
            ),
          )}
          <TextField
            size="small"
            label={label}
            value={build(shown)}
            helperText={shown === parts ? undefined : 'The password is hidden here.'}
            sx={{ gridColumn: '1 / -1' }}
            slotProps={{ input: { readOnly: true } }}
          />
        </Box>
      )}
    </Paper>
  );
}

/**
 * The fields with the password fields' values replaced by dots (the built string shown on screen);
 * `parts` itself when no password is set.
 */
function masked<F extends Record<string, string>>(
  parts: F,
  fields: ReadonlyArray<{ key: keyof F & string; type?: string }>,
): F {
  const secret = fields.filter((f) => f.type === 'password' && parts[f.key]);
  if (secret.length === 0) return parts;
  return { ...parts, ...Object.fromEntries(secret.map((f) => [f.key, '••••••••'])) };
}

/** The fields both builders have. */
const SERVER_FIELDS = [
  { key: 'host', label: 'Host' },
  { key: 'port', label: 'Port', type: 'number' },
  { key: 'dbname', label: 'Database Name' },
  { key: 'user', label: 'User' },
  { key: 'password', label: 'Password', type: 'password' },
] as const;

export function PostgresBuilder({
  value,
  onChange,
}: {
  value: string;
  onChange: (v: string) => void;
}): ReactElement {
  return (
    <Builder<PostgresFields>
      title="Connection String"
      label="Connection String"
      value={value}
      onChange={onChange}
      fields={[...SERVER_FIELDS, { key: 'sslmode', label: 'SSL Mode' }]}
      select={{ key: 'sslmode', options: SSL_MODES }}
      build={buildPostgres}
      parse={parsePostgres}
    />
  );
}

export function MysqlBuilder({
  value,
  onChange,
}: {
  value: string;
  onChange: (v: string) => void;
}): ReactElement {
  return (
    <Builder<MysqlFields>
      title="DSN String"
      label="DSN String"
      value={value}
      onChange={onChange}
      fields={SERVER_FIELDS}
      build={buildMysql}
      parse={parseMysql}
    />
  );
}
