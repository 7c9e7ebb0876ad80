// SPDX-License-Identifier: Apache-2.0
import { Alert, Button } from '@mui/material';
import type { ReactElement } from 'react';
import { errorText, toApiError } from '../api/api-error';

/** A failed load: the API error's message and detail, with Retry asking again. */
export function QueryErrorAlert({ error, onRetry }: { error: unknown; onRetry: () => void }): ReactElement {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {errorText(toApiError(error))}
    </Alert>
  );
}
