// SPDX-License-Identifier: Apache-2.0
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { Box, FormControlLabel, MenuItem, Switch, TextField, Tooltip, Typography } from '@mui/material';
import type { ReactElement } from 'react';
import { useRevealToggle } from '@/shared/ui/reveal-toggle';
import type { ConfigField } from '../lib/config-form';
import { CsvField } from './csv-field';

/** The label of a field with its help text as tooltip (spec 2 §3 "tooltip"). */
function FieldLabel({ field }: { field: ConfigField }): ReactElement {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
      <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
        {field.label}
        {field.required ? ' *' : ''}
      </Typography>
      {field.tooltip !== '' && (
        <Tooltip title={field.tooltip} placement="top-start">
          <InfoOutlined
            aria-label={`About ${field.label}`}
            role="img"
            sx={{ fontSize: 16, color: 'text.secondary', cursor: 'help' }}
          />
        </Tooltip>
      )}
    </Box>
  );
}

/** The input of a secret key (a password or token): masked, with a Show/Hide toggle; never autofilled. */
function SecretInput({
  field,
  value,
  disabled,
  error,
  onChange,
}: {
  field: ConfigField;
  value: string;
  disabled: boolean;
  error: boolean;
  onChange: (value: string) => void;
}): ReactElement {
  const reveal = useRevealToggle(field.label);
  return (
    <TextField
      size="small"
      fullWidth
      type={reveal.type}
      value={value}
      disabled={disabled}
      placeholder={field.placeholder}
      error={error}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{
        htmlInput: { 'aria-label': field.label, autoComplete: 'new-password', spellCheck: false },
        input: { endAdornment: reveal.endAdornment },
      }}
    />
  );
}

/**
 * One generated field (spec 2 §3 field types): on|off as a switch, enum as a select, csv as a list of
 * entries, comment as a multi-line text, the other types as text inputs checked by type; a secret key
 * (password, token) masked with a Show/Hide toggle. A key set by an environment variable shows that value,
 * read-only, with the variable's name.
 */
export function ConfigFieldInput({
  field,
  value,
  problem,
  onChange,
}: {
  field: ConfigField;
  value: string;
  problem: string | undefined;
  onChange: (value: string) => void;
}): ReactElement {
  const fromEnv = field.env !== undefined;
  const shown = field.env?.value ?? value;
  const helper = fromEnv ? `Set by the environment variable ${field.env?.name}` : problem;
  let input: ReactElement;
  if (field.type === 'on|off') {
    const on = shown === '' ? field.placeholder === 'on' : shown === 'on';
    input = (
      <FormControlLabel
        control={
          <Switch
            checked={on}
            disabled={fromEnv}
            onChange={(e) => onChange(e.target.checked ? 'on' : 'off')}
          />
        }
        label={on ? 'On' : 'Off'}
        slotProps={{ typography: { variant: 'body2' } }}
        aria-label={field.label}
      />
    );
  } else if (field.type === 'csv') {
    input = (
      <CsvField
        label={field.label}
        value={shown}
        placeholder={field.placeholder}
        disabled={fromEnv}
        onChange={onChange}
      />
    );
  } else if (field.secret && field.type !== 'enum' && field.type !== 'comment') {
    input = (
      <SecretInput
        field={field}
        value={shown}
        disabled={fromEnv}
        error={problem !== undefined && !fromEnv}
        onChange={onChange}
      />
    );
  } else {
    const isEnum = field.type === 'enum' && field.options.length > 0;
    input = (
      <TextField
        size="small"
        fullWidth
        select={isEnum}
        multiline={field.type === 'comment'}
        minRows={field.type === 'comment' ? 2 : undefined}
        value={shown}
        disabled={fromEnv}
        placeholder={field.placeholder}
        error={problem !== undefined && !fromEnv}
        onChange={(e) => onChange(e.target.value)}
        slotProps={{
          htmlInput: {
            'aria-label': field.label,
            inputMode: field.type === 'number' ? 'decimal' : undefined,
          },
        }}
      >
        {isEnum &&
          ['', ...field.options].map((o) => (
            <MenuItem key={o} value={o}>
              {o === '' ? <em>Default</em> : o}
            </MenuItem>
          ))}
      </TextField>
    );
  }
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: '240px 1fr' },
        gap: { xs: 0.5, md: 2 },
        alignItems: 'start',
        py: 1.25,
      }}
    >
      <Box sx={{ pt: { md: 1 } }}>
        <FieldLabel field={field} />
      </Box>
      <Box>
        {input}
        {helper && (
          <Typography
            variant="caption"
            color={fromEnv ? 'text.secondary' : 'error'}
            sx={{ display: 'block', mt: 0.5 }}
          >
            {helper}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
