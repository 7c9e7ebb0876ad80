// SPDX-License-Identifier: Apache-2.0
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { type ReactElement, useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ApiError } from '@/shared/api/api-error';
import { useLoginStrategy } from '../api/get-login-strategy';
import { FormLogin } from '../components/form-login';
import { type LoginBannerError, LoginErrorBanner } from '../components/login-error-banner';
import { LoginLayout } from '../components/login-layout';
import { OperatorLogin } from '../components/operator-login';
import { RedirectLogin } from '../components/redirect-login';

export const backendUnreachableText = 'An error has occurred, the backend cannot be reached.';

let bannerId = 1;

/**
 * /login (spec 1 §2.3, §4 "Login"): a spinner while the strategy is unknown, the reachability error with
 * Retry, then the screen of the strategy the server names. Success goes to '/'.
 */
export function LoginPage(): ReactElement {
  const navigate = useNavigate();
  const strategy = useLoginStrategy();
  const [bannerError, setBannerError] = useState<LoginBannerError | null>(null);

  const onSuccess = useCallback(() => {
    setBannerError(null);
    navigate('/', { replace: true });
  }, [navigate]);
  const onError = useCallback((error: ApiError) => {
    setBannerError({ message: error.message, detail: error.detail, id: bannerId++ });
  }, []);

  let body: ReactElement;
  if (strategy.isPending) {
    body = (
      <Box
        role="status"
        aria-label="Loading sign-in options"
        sx={{ display: 'grid', placeItems: 'center', py: 8 }}
      >
        <CircularProgress />
      </Box>
    );
  } else if (strategy.isError) {
    body = (
      <Box sx={{ textAlign: 'center', py: 2 }}>
        <CloudOffOutlined sx={{ fontSize: 48, color: 'text.secondary', mb: 2 }} />
        <Typography role="alert" sx={{ mb: 3, fontWeight: 500 }}>
          {backendUnreachableText}
        </Typography>
        <Button variant="contained" onClick={() => void strategy.refetch()} disabled={strategy.isFetching}>
          Retry
        </Button>
      </Box>
    );
  } else if (strategy.data.loginStrategy === 'redirect') {
    body = (
      <RedirectLogin
        redirect={strategy.data.redirect ?? ''}
        {...(strategy.data.redirectRules ? { rules: strategy.data.redirectRules } : {})}
        fallback={<FormLogin onSuccess={onSuccess} onError={onError} />}
      />
    );
  } else if (strategy.data.loginStrategy === 'service-account') {
    body = <OperatorLogin onSuccess={onSuccess} onError={onError} />;
  } else {
    body = <FormLogin onSuccess={onSuccess} onError={onError} />;
  }

  return (
    <>
      <LoginErrorBanner error={bannerError} onClose={() => setBannerError(null)} />
      <LoginLayout>{body}</LoginLayout>
    </>
  );
}
