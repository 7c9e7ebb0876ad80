// SPDX-License-Identifier: Apache-2.0
import type { Session } from '@stowage/contracts';
import { type ReactElement, useEffect } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '@/shared/session/get-session';
import { LoadingMessage } from '@/shared/ui/loading-message';

export const consoleTitle = 'Stowage Console';
export const operatorTitle = 'Stowage Operator';

/**
 * Session bootstrap (spec 1 §4): fetches the session before any signed-in screen; a failure sends the user
 * to /login, and operator mode sets the document title to the operator console.
 */
export function SessionGate({ children }: { children: (session: Session) => ReactElement }): ReactElement {
  const session = useSession();
  const operator = session.data?.operator;

  useEffect(() => {
    if (operator !== undefined) document.title = operator ? operatorTitle : consoleTitle;
  }, [operator]);

  if (session.isPending) return <LoadingMessage fullHeight />;
  if (session.isError) return <Navigate to="/login" replace />;
  return children(session.data);
}
