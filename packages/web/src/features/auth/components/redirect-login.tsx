// SPDX-License-Identifier: Apache-2.0
import LoginOutlined from '@mui/icons-material/LoginOutlined';
import { Box, Button, Divider, Typography } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import { LoginHeading } from './login-heading';

export interface RedirectRule {
  redirect: string;
  displayName: string;
}

/**
 * Redirect strategy, 'Welcome' (spec 1 §2.3): a 'Login with SSO' link to the server-given redirect
 * address — one per identity provider when several are configured (issue 23), labelled with the
 * provider's display name. `fallback` (the access-key form) follows for accounts outside the provider.
 */
export function RedirectLogin({
  redirect,
  rules,
  fallback,
}: {
  redirect: string;
  rules?: readonly RedirectRule[];
  fallback?: ReactNode;
}): ReactElement {
  const links = rules && rules.length > 0 ? rules : [{ redirect, displayName: 'Login with SSO' }];
  return (
    <>
      <LoginHeading
        title="Welcome"
        hint="This console signs you in through your organisation's identity provider."
      />
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        {links.map((rule) => (
          <Button
            key={rule.redirect}
            component="a"
            href={rule.redirect}
            variant="contained"
            size="large"
            fullWidth
            startIcon={<LoginOutlined />}
            sx={{ py: 1.4 }}
          >
            {rule.displayName}
          </Button>
        ))}
      </Box>
      {fallback && (
        <>
          <Divider sx={{ my: 3 }}>
            <Typography variant="caption" color="text.secondary">
              or sign in with your credentials
            </Typography>
          </Divider>
          {fallback}
        </>
      )}
    </>
  );
}
