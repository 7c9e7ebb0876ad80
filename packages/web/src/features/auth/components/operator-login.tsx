// SPDX-License-Identifier: Apache-2.0
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import { Box, Button, InputAdornment, TextField } from '@mui/material';
import { type FormEvent, type ReactElement, useState } from 'react';
import type { ApiError } from '@/shared/api/api-error';
import { useLoginOperator } from '../api/login-operator';
import { LoginHeading } from './login-heading';
import { SubmitProgress } from './submit-progress';

/** Service-account strategy, 'Operator Login' (spec 1 §2.3): one required JWT field. */
export function OperatorLogin({
  onSuccess,
  onError,
}: {
  onSuccess: () => void;
  onError: (error: ApiError) => void;
}): ReactElement {
  const [jwt, setJwt] = useState('');
  const loginMutation = useLoginOperator({ onSuccess });
  const busy = loginMutation.isPending;
  const canSubmit = jwt !== '' && !busy;

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    if (!canSubmit) return;
    loginMutation.mutate({ jwt }, { onError });
  };

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label="Operator Login">
      <SubmitProgress busy={busy} />
      <LoginHeading title="Operator Login" hint="Paste the service account token (JWT) of the operator." />
      <TextField
        fullWidth
        required
        placeholder="Enter JWT"
        value={jwt}
        onChange={(e) => setJwt(e.target.value)}
        disabled={busy}
        autoFocus
        sx={{ mb: 3 }}
        slotProps={{
          htmlInput: {
            'aria-label': 'JWT',
            autoComplete: 'off',
            spellCheck: false,
            style: { fontFamily: 'monospace', fontSize: 13 },
          },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <KeyOutlined />
              </InputAdornment>
            ),
          },
        }}
      />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={!canSubmit} sx={{ py: 1.4 }}>
        Login
      </Button>
    </Box>
  );
}
