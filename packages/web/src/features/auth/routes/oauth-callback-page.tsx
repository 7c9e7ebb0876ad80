// SPDX-License-Identifier: Apache-2.0
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import { Box, Button, Paper, Typography } from '@mui/material';
import { type ReactElement, useEffect, useRef } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { LoadingMessage } from '@/shared/ui/loading-message';
import { useExchangeOAuthCode } from '../api/exchange-oauth-code';

/**
 * /oauth_callback (spec 1 §2.1, spec 3 "OAuth callback"): the identity provider sends the browser back with
 * `code` and `state`, or with `error` and `error_description`. Errors are shown under 'IDP Error:'; a code is
 * exchanged for a session, and a failed exchange goes to /login (spec 3 §8).
 */
export function OAuthCallbackPage(): ReactElement {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const code = params.get('code') ?? '';
  const state = params.get('state') ?? '';
  const error = params.get('error');
  const description = params.get('error_description');
  const exchange = useExchangeOAuthCode({
    onSuccess: () => navigate('/', { replace: true }),
    onError: () => navigate('/login', { replace: true }),
  });
  const started = useRef(false);

  useEffect(() => {
    if (error || started.current) return;
    started.current = true;
    if (code && state) exchange.mutate({ code, state });
    else navigate('/login', { replace: true });
  }, [error, code, state, exchange, navigate]);

  if (!error) return <LoadingMessage label="Signing you in..." fullHeight />;

  return (
    <Box
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'background.default', p: 2 }}
    >
      <Paper variant="outlined" sx={{ p: 5, maxWidth: 520, width: '100%', borderRadius: '20px' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2, color: 'error.main' }}>
          <ErrorOutlineOutlined />
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            IDP Error:
          </Typography>
        </Box>
        <Typography sx={{ fontWeight: 600, mb: 1, wordBreak: 'break-word' }}>{error}</Typography>
        {description && (
          <Typography color="text.secondary" sx={{ mb: 3, wordBreak: 'break-word' }}>
            {description}
          </Typography>
        )}
        <Button component={RouterLink} to="/login" variant="contained">
          Back to login
        </Button>
      </Paper>
    </Box>
  );
}
