// SPDX-License-Identifier: Apache-2.0
import { Box, Button, TextField } from '@mui/material';
import type { ConfigDetail } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { formOf, formProblems, keyValuesToSave } from '../lib/config-form';
import { ConfigFieldInput } from './config-field';

/**
 * The form of one identity provider configuration, generated from the server's help of its keys (the
 * settings' own fields and checks). `askName`: a new OpenID configuration names itself.
 */
export function IdpForm({
  detail,
  askName,
  busy,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  detail: ConfigDetail;
  askName: boolean;
  busy: boolean;
  submitLabel: string;
  onSubmit: (name: string, keyValues: { key: string; value: string }[]) => void;
  onCancel?: () => void;
}): ReactElement {
  const form = formOf(detail);
  const [values, setValues] = useState(form.values);
  const [name, setName] = useState('');
  const [tried, setTried] = useState(false);
  const problems = formProblems(form.fields, values);
  const nameProblem = !askName
    ? undefined
    : name.trim() === ''
      ? 'A name is required'
      : /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/.test(name.trim())
        ? undefined
        : 'A name is letters, digits, - and _ (at most 64)';
  const invalid = Object.keys(problems).length > 0 || nameProblem !== undefined;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (!invalid) onSubmit(name.trim(), keyValuesToSave(form.fields, values));
      }}
    >
      {askName && (
        <TextField
          label="Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={tried && nameProblem !== undefined}
          helperText={(tried && nameProblem) || 'How this configuration is known (its config target)'}
          size="small"
          fullWidth
          required
          sx={{ my: 1 }}
        />
      )}
      {form.fields.map((f) => (
        <ConfigFieldInput
          key={f.name}
          field={f}
          value={values[f.name] ?? ''}
          problem={tried || (values[f.name] ?? '') !== form.values[f.name] ? problems[f.name] : undefined}
          onChange={(v) => setValues((old) => ({ ...old, [f.name]: v }))}
        />
      ))}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, py: 2 }}>
        {onCancel && <Button onClick={onCancel}>Cancel</Button>}
        <Button type="submit" variant="contained" disabled={busy || (tried && invalid)}>
          {submitLabel}
        </Button>
      </Box>
    </Box>
  );
}
