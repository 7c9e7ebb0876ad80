// SPDX-License-Identifier: Apache-2.0
import LockOutlined from '@mui/icons-material/LockOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import { Box, Button, InputAdornment, TextField } from '@mui/material';
import { type FormEvent, type ReactElement, useState } from 'react';
import type { ApiError } from '@/shared/api/api-error';
import { useRevealToggle } from '@/shared/ui/reveal-toggle';
import { useLogin } from '../api/login';
import { LoginHeading } from './login-heading';
import { SubmitProgress } from './submit-progress';

/**
 * Form strategy, 'Console Login' (spec 1 §2.3, §5): user name and masked password; Login is disabled while
 * either is empty or a request runs.
 */
export function FormLogin({
  onSuccess,
  onError,
}: {
  onSuccess: () => void;
  onError: (error: ApiError) => void;
}): ReactElement {
  const [accessKey, setAccessKey] = useState('');
  const [secretKey, setSecretKey] = useState('');
  const reveal = useRevealToggle('password');
  const loginMutation = useLogin({ onSuccess });
  const busy = loginMutation.isPending;
  const canSubmit = accessKey !== '' && secretKey !== '' && !busy;

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    if (!canSubmit) return;
    loginMutation.mutate({ accessKey, secretKey }, { onError });
  };

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label="Console Login">
      <SubmitProgress busy={busy} />
      <LoginHeading title="Console Login" hint="Sign in with your access key and secret key." />
      <TextField
        fullWidth
        placeholder="Enter Username"
        value={accessKey}
        onChange={(e) => setAccessKey(e.target.value)}
        disabled={busy}
        autoFocus
        sx={{ mb: 2 }}
        slotProps={{
          htmlInput: { 'aria-label': 'Enter Username', autoComplete: 'username', name: 'username' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <PersonOutlined />
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField
        fullWidth
        placeholder="Enter Password"
        type={reveal.type}
        value={secretKey}
        onChange={(e) => setSecretKey(e.target.value)}
        disabled={busy}
        sx={{ mb: 3 }}
        slotProps={{
          htmlInput: { 'aria-label': 'Enter Password', autoComplete: 'current-password', name: 'password' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <LockOutlined />
              </InputAdornment>
            ),
            endAdornment: reveal.endAdornment,
          },
        }}
      />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={!canSubmit} sx={{ py: 1.4 }}>
        Login
      </Button>
    </Box>
  );
}
