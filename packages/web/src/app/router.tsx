// SPDX-License-Identifier: Apache-2.0
import { publicPaths } from '@stowage/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactElement, useEffect } from 'react';
import { BrowserRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { authKeys } from '@/features/auth/api/auth-keys';
import { LoginPage } from '@/features/auth/routes/login-page';
import { OAuthCallbackPage } from '@/features/auth/routes/oauth-callback-page';
import { getBasePath } from '@/shared/api/base-path';
import { setSessionEndedHandler } from '@/shared/api/client';
import { SessionGate } from './session-gate';
import { ShellRoutes } from './shell-routes';

/**
 * Spec 1 §8: a 401 or a failure with no status on any call ends the session; the API client clears the
 * marker and calls this, which routes to /login without a page load.
 */
function SessionEndedRedirect(): null {
  const navigate = useNavigate();
  useEffect(
    () =>
      setSessionEndedHandler(() => {
        if (window.location.pathname.endsWith(publicPaths.login)) return;
        navigate(publicPaths.login, { replace: true });
      }),
    [navigate],
  );
  return null;
}

/**
 * Arriving at the sign-in screen forgets everything cached for the previous identity (after a logout, an
 * expired session or a hand-typed /login), so the next user never sees it.
 */
function ForgetCachedData(): null {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const onLogin = pathname === publicPaths.login;
  useEffect(() => {
    if (onLogin) queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== authKeys.all[0] });
  }, [onLogin, queryClient]);
  return null;
}

/** The top-level routes (spec 1 §2.1): /login, /oauth_callback, everything else behind the session. */
export function AppRouter(): ReactElement {
  return (
    <BrowserRouter basename={getBasePath() || '/'}>
      <SessionEndedRedirect />
      <ForgetCachedData />
      <Routes>
        <Route path={publicPaths.login} element={<LoginPage />} />
        <Route path={publicPaths.oauthCallback} element={<OAuthCallbackPage />} />
        <Route
          path="*"
          element={<SessionGate>{(session) => <ShellRoutes session={session} />}</SessionGate>}
        />
      </Routes>
    </BrowserRouter>
  );
}
