import LoginOutlined from '@mui/icons-material/LoginOutlined';
import { Button } from '@mui/material';
import type { ReactElement } from 'react';
import { LoginHeading } from './login-heading';

/** Redirect strategy, 'Welcome' (spec 1 §2.3): one link to the identity provider the server names. */
export function RedirectLogin({ redirect }: { redirect: string }): ReactElement {
  return (
    <>
      <LoginHeading
        title="Welcome"
        hint="This console signs you in through your organisation's identity provider."
      />
      <Button
        component="a"
        href={redirect}
        variant="contained"
        size="large"
        fullWidth
        startIcon={<LoginOutlined />}
        sx={{ py: 1.4 }}
      >
        Login with SSO
      </Button>
    </>
  );
}
